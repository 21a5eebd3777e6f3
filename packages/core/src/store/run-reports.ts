// Which tests a run of a goal's checks ran, one by one, kept beside the session file rather than in it:
// a suite names thousands of tests, and the session file is read at every hook. A goal keeps two: its
// starting point (the run as the project was when the goal was set) and its latest run. Removed with
// the goal's session when it is archived.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import { writeFileAtomic } from "./atomic-file.js";
import type { GoalStore } from "./goal-store.js";
import { readJsonFile } from "./read-json-file.js";
import { safeFileName } from "./safe-file-name.js";

const unitSchema = z.object({ name: z.string(), passed: z.int(), failed: z.int(), skipped: z.int(), counted: z.boolean() });
const reportSchema = z.object({
  runner: z.string(),
  granularity: z.enum(["test", "file", "package", "suite", "run"]),
  passed: z.int(),
  failed: z.int(),
  skipped: z.int(),
  units: z.array(unitSchema),
  // Added since the first reports: those written before read as naming none.
  failing: z._default(z.array(z.string()), []),
  words: z._default(z.nullable(z.string()), null),
});

const runReportSchema = z.object({
  schemaVersion: z.literal(1),
  runId: z.string(),
  at: z.string(),
  checks: z.array(z.object({ command: z.string(), report: z.nullable(reportSchema) })),
  // What the run wrote in the project that git does not ignore (verify/run-outputs.ts): a later run that
  // writes them again is not voided by it.
  outputs: z._default(z.array(z.string()), []),
});
type RunReport = z.infer<typeof runReportSchema>;
type KeptReport = z.infer<typeof reportSchema>;

/** A runner's report as a run report keeps it (its lists copied). */
export const keptReport = (
  report:
    | (Omit<KeptReport, "units" | "failing"> & { units: readonly KeptReport["units"][number][]; failing: readonly string[] })
    | null,
): KeptReport | null => (report ? { ...report, units: [...report.units], failing: [...report.failing] } : null);
type RunReportKind = "start" | "latest";

const RUNS = "runs";
const pathOf = (store: GoalStore, goalId: string, kind: RunReportKind) =>
  join(store.root, RUNS, `${safeFileName(goalId)}.${kind}.json`);

export function writeRunReport(
  store: GoalStore,
  goalId: string,
  kind: RunReportKind,
  report: Omit<RunReport, "schemaVersion" | "outputs"> & { readonly outputs?: readonly string[] },
): void {
  writeFileAtomic(pathOf(store, goalId, kind), `${JSON.stringify({ schemaVersion: 1, ...report })}\n`);
}

export function readRunReport(store: GoalStore, goalId: string, kind: RunReportKind): RunReport | null {
  try {
    return readJsonFile(pathOf(store, goalId, kind), runReportSchema, 1, store.warn, store.now());
  } catch {
    return null;
  }
}

/** Removes the run reports of every goal not in `kept`. */
export function removeRunReports(store: GoalStore, kept: ReadonlySet<string>): number {
  let names: string[] = [];
  try {
    names = readdirSync(join(store.root, RUNS));
  } catch {
    return 0;
  }
  const keptNames = new Set([...kept].map(safeFileName));
  let removed = 0;
  for (const name of names) {
    const goal = /^(.+)\.(?:start|latest)\.json$/.exec(name)?.[1];
    if (goal === undefined || keptNames.has(goal)) continue;
    rmSync(join(store.root, RUNS, name), { force: true });
    removed++;
  }
  return removed;
}
