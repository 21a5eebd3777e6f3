// The engine's cost per event type (median of repeated runs, in-process, real store on disk) and the
// size of the compact and full renderings of a realistic goal: 10 requirements, 20 done items,
// 5 remaining, 3 issues.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGoalEngine, createGoalStore, createGoalTools, renderGoalContext } from "../dist/index.js";

const root = mkdtempSync(join(tmpdir(), "goalpost-engine-bench-"));
const store = createGoalStore({ root });
const engine = createGoalEngine({
  store,
  config: {
    enforcement: "enforce",
    driftWarnAt: 3,
    driftDenyAt: 1_000_000,
    stopBlockLimit: 1_000_000,
    compactBudget: 1200,
    fullBudget: 4000,
  },
});
const tools = createGoalTools(store);
const session = { sessionId: "bench", host: "bench", cwd: "/work/project" };
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

engine.handle({ ...session, type: "prompt-submitted", prompt: "/goal make the CSV importer stream files of any size" });
tools.open(session, {
  objective: "Make the CSV importer stream files of any size with constant memory and keep its public API",
  requirements: Array.from(
    { length: 10 },
    (_, i) => `Requirement ${i + 1}: the importer handles case ${i + 1} without buffering the whole file`,
  ),
  remaining: Array.from({ length: 5 }, (_, i) => `Remaining step ${i + 1}: finish part ${i + 1} of the streaming rewrite`),
});
tools.update(session, {
  doneSoFar: Array.from({ length: 20 }, (_, i) => `Done ${i + 1}: rewrote module ${i + 1} of the importer as a stream stage`),
  discoveredIssues: [
    "issue 1: parser leaks a file handle",
    "issue 2: BOM breaks header detection",
    "issue 3: CRLF rows double count",
  ],
});

const events = {
  "session-started (resume)": { type: "session-started", source: "resume" },
  "prompt-submitted": { type: "prompt-submitted", prompt: "keep going" },
  "tool-about-to-run": { type: "tool-about-to-run", toolName: "Bash", toolInput: { command: "cat src/importer.ts" } },
  "tool-ran (test receipt)": {
    type: "tool-ran",
    toolName: "Bash",
    toolInput: { command: "npm test" },
    succeeded: true,
    output: "48 passed",
  },
  "compaction-about-to-run": { type: "compaction-about-to-run", trigger: "auto" },
  "session-started (compact)": { type: "session-started", source: "compact" },
  "stop-requested": { type: "stop-requested" },
  "subagent-started": { type: "subagent-started", subagent: true },
};
const rows = [];
for (const [name, event] of Object.entries(events)) {
  const times = [];
  for (let round = 0; round < 100; round++) {
    const start = performance.now();
    engine.handle({ ...session, ...event });
    times.push(performance.now() - start);
  }
  rows.push({ event: name, "ms (median of 100)": Number(median(times).toFixed(3)) });
}
console.log("engine: one event, in-process, real store");
console.table(rows);

const goal = store.read("bench").goals.find((g) => g.status === "active");
for (const [form, budget] of [
  ["compact", 1200],
  ["full", 4000],
]) {
  console.log(
    `${form} rendering of the realistic goal: ${renderGoalContext(goal, { form, budget }).length} characters (budget ${budget})`,
  );
}
rmSync(root, { recursive: true, force: true });
