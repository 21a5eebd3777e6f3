// Where a goal starts from. Right after the user sets a goal with checks: what defines them is recorded
// (the baseline — also taken by the agent's first tool call if this process has not yet: it must exist
// before the agent acts), then the checks run once in the walls, off the agent's path, and which tests
// exist and which fail is kept — the starting point the user sees ("3 of 12 tests fail") and every later
// pass is held to: the same tests, by name, none fewer.

import {
  type CheckStart,
  findGoal,
  type GoalRecord,
  type GoalStore,
  keptReport,
  loadEngineConfig,
  processRuns,
  processStart,
  recordCheckBaseline,
  replaceGoal,
  type VerificationRequest,
  writeRunReport,
} from "@goalpost/core/internal";
import type { CheckRun } from "./run-check.js";
import { runChecks } from "./run-checks.js";
import { OUTPUTS_KEPT, splitTreeChanges } from "./run-outputs.js";
import { takeTurn } from "./run-queue.js";
import type { RunVerificationOptions } from "./run-verification.js";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** One check at the start, in words: "3 of 12 tests fail (`npm test`)". */
function startWords(run: CheckRun): string {
  const { result, report } = run;
  const command = `\`${result.command}\``;
  if (result.couldNotRun) return result.verdict;
  if (report) {
    const total = report.passed + report.failed;
    // go test without -v names packages, not tests.
    const unit = report.granularity === "package" ? "package" : "test";
    if (total === 0) return `${command} runs no test`;
    if (report.failed === 0)
      return total === 1 ? `its one ${unit} passes (${command})` : `all ${plural(total, unit)} pass (${command})`;
    return `${report.failed} of ${plural(total, unit)} fail (${command})`;
  }
  if (result.exitCode === 0)
    return `${command} passes${result.kind === "test" ? ", but goalpost reads no test runner's report in its output" : ""}`;
  return `${command} fails: ${result.verdict}`;
}

/** Failing tests by name, for the record (the run report keeps them all): as the runner named them. */
const failing = (run: CheckRun) => (run.report?.failing ?? []).slice(0, 20);

export async function runStartingPoint(
  store: GoalStore,
  request: VerificationRequest,
  options: RunVerificationOptions = {},
): Promise<CheckStart | null> {
  recordCheckBaseline(store, request);
  const goal = findGoal(store, request);
  if (!goal || goal.checkStart?.id !== request.verificationId) return null;
  const identity = { sessionId: goal.sessionId, host: goal.host, cwd: goal.cwd };
  const update = (change: (start: CheckStart, goal: GoalRecord) => CheckStart | null) =>
    store.update(identity, (session) => {
      const current = session.goals.find((candidate) => candidate.id === goal.id);
      const start = current?.checkStart;
      if (!current || start?.id !== request.verificationId) return null;
      const next = change(start, current);
      if (next) replaceGoal(session, { ...current, checkStart: next });
      return next;
    }).result;
  const claimed = update((start) =>
    start.state === "running" && (start.pid === null || start.pid === process.pid || !processRuns(start.pid, start.pidStart))
      ? { ...start, pid: process.pid, pidStart: processStart(process.pid) ?? null }
      : null,
  );
  if (!claimed) return null;
  const env = options.env ?? process.env;
  const config = loadEngineConfig(store.root, env);
  const superseded = () => findGoal(store, request)?.checkStart?.id !== request.verificationId;
  const turn = await takeTurn(goal.cwd, {
    waiting: (why) => update((start) => ({ ...start, summary: `waiting: ${why}` })),
    gaveUp: superseded,
    run: `goal ${goal.id}'s first run of its checks (its starting point)`,
  });
  if (!turn) return null;
  let finished: Omit<CheckStart, "id" | "startedAt" | "pid" | "pidStart" | "told">;
  try {
    const ran = await runChecks(goal, {
      env,
      unreadable: [store.root, ...(options.unreadable ?? [])],
      allowUnsandboxed: false,
      timeoutMs: config.checkTimeoutMinutes * 60_000,
      onCheck: (command) => update((start) => ({ ...start, summary: `goalpost is running \`${command}\`` })),
    });
    const results = ran.runs.map((run) => ({
      command: run.result.command,
      tests: run.result.tests,
      failing: failing(run),
      exitCode: run.result.exitCode,
      verdict: run.result.verdict,
    }));
    writeRunReport(store, goal.id, "start", {
      runId: request.verificationId,
      at: new Date().toISOString(),
      checks: ran.runs.map((run) => ({
        command: run.result.command,
        report: keptReport(run.report),
      })),
      // What the starting point built into the tree: a close's run that builds it again is not voided by it.
      outputs: splitTreeChanges(ran.before, ran.after, new Set()).outputs.slice(0, OUTPUTS_KEPT),
    });
    finished = ran.unsandboxed
      ? {
          state: "void",
          finishedAt: new Date().toISOString(),
          definition: null,
          results: [],
          summary: `not taken: no sandbox could run the checks (${ran.unsandboxed})`,
        }
      : {
          state: "done",
          finishedAt: new Date().toISOString(),
          definition: ran.definition.fingerprint,
          results,
          summary: ran.runs.map(startWords).join("; "),
        };
  } catch (error) {
    finished = {
      state: "void",
      finishedAt: new Date().toISOString(),
      definition: null,
      results: [],
      summary: `not taken: ${(error as Error).message}`,
    };
  } finally {
    turn.release();
  }
  const recorded = update((start) => ({ ...start, ...finished, pid: null, pidStart: null }));
  store.audit({ sessionId: goal.sessionId, goalId: goal.id, type: "updated", note: `starting point: ${finished.summary}` });
  return recorded;
}
