// goalpost's run of a goal's checks for a close, start to finish: claim the run, wait its turn (one run a
// project, a few a machine), run every check in the walls (run-checks.ts), judge it — against the tree
// (unchanged while it ran), the project's escape hatches (none made), what defines the checks (the same
// as when the user set them, programs and installed dependencies included) and the starting point (the
// same tests ran, none fewer) — and land the verdict on the goal (finish-verification.ts). The checks run
// outside any lock; only the reads and the final write take it.

import {
  type CheckBaseline,
  type CheckResult,
  changesSince,
  definitionChanges,
  type Env,
  type FinishOutcome,
  findGoal,
  finishVerification,
  type GoalRecord,
  type GoalStore,
  keptReport,
  loadEngineConfig,
  notifyUser,
  processStart,
  readRunReport,
  replaceGoal,
  userNotice,
  type Verification,
  type VerificationRequest,
  verificationAlive,
  writeRunReport,
} from "@goalpost/core/internal";
import { compareWithStart, namesText } from "./compare-start.js";
import { dependencyChanges, dependencyChangesText } from "./dependency-changes.js";
import { type ChecksRun, runChecks } from "./run-checks.js";
import { OUTPUTS_KEPT, splitTreeChanges } from "./run-outputs.js";
import { takeTurn } from "./run-queue.js";

export interface RunVerificationOptions {
  /** Where the user's environment comes from (HOME, locale) and the PATH when the goal recorded none. */
  readonly env?: Env;
  /** More paths the checks may not read or write: the host's configuration. */
  readonly unreadable?: readonly string[];
}

export interface VerificationReport {
  readonly run: Verification;
  readonly outcome: FinishOutcome;
}

function summarize(results: readonly CheckResult[]): string {
  const failed = results.filter((result) => !result.passed);
  if (failed.length === 0) return results.map((result) => `\`${result.command}\`: ${result.verdict}`).join("; ");
  return failed.map((result) => `\`${result.command}\` failed: ${result.verdict}`).join("; ");
}

const named = (paths: readonly string[]) =>
  paths.length > 0 ? ` (${paths.slice(0, 6).join(", ")}${paths.length > 6 ? `, +${paths.length - 6} more` : ""})` : "";

/** A definition less the files the checks themselves wrote (run-outputs.ts): a build's outputs are no changed check. */
const withoutOutputs = (definition: CheckBaseline, outputs: ReadonlySet<string>): CheckBaseline => ({
  ...definition,
  files: Object.fromEntries(Object.entries(definition.files).filter(([path]) => !outputs.has(path))),
});

/** What changed in what defines the checks since the user set them, in a line; null for nothing. */
function changedChecksSince(goal: GoalRecord, ran: ChecksRun, outputs: ReadonlySet<string>): string | null {
  const baseline = goal.checkBaseline;
  if (!baseline) return "goalpost has no record of what defined them when the goal was set, so it cannot tell";
  const changes: string[] = [];
  const definition = definitionChanges(withoutOutputs(baseline, outputs), withoutOutputs(ran.definition, outputs));
  if (definition !== "nothing") changes.push(definition);
  const dependencies = dependencyChangesText(dependencyChanges(goal.cwd, Date.parse(baseline.at)));
  if (dependencies) changes.push(dependencies);
  return changes.length > 0 ? changes.join("; ") : null;
}

/** Each check's result judged against the starting point: tests that ran then must run now. */
function againstStart(store: GoalStore, goal: GoalRecord, ran: ChecksRun, definitionChanged: boolean): CheckResult[] {
  const start = goal.checkStart;
  const usable = start?.state === "done" && start.definition !== null && start.definition === goal.checkBaseline?.fingerprint;
  const report = usable ? readRunReport(store, goal.id, "start") : null;
  return ran.runs.map(({ result, report: now }) => {
    const then = report?.checks.find((check) => check.command === result.command)?.report;
    if (!then || !now) return result;
    const comparison = compareWithStart(then, now);
    const judged: CheckResult = { ...result, start: comparison };
    // Tests gone while nothing that defines them changed: something kept them from running.
    if (result.passed && comparison.missingCount > 0 && !definitionChanged)
      return {
        ...judged,
        passed: false,
        verdict: `${comparison.missingCount} test${comparison.missingCount === 1 ? "" : "s"} that ran when the goal was set did not run: ${namesText(comparison.missing, comparison.missingCount)} (${result.verdict})`,
      };
    return judged;
  });
}

export async function runVerification(
  store: GoalStore,
  request: VerificationRequest,
  options: RunVerificationOptions = {},
): Promise<VerificationReport | null> {
  const goal = findGoal(store, request);
  if (!goal || goal.verification?.id !== request.verificationId) return null;
  const identity = { sessionId: goal.sessionId, host: goal.host, cwd: goal.cwd };
  // One process runs a run: the first to claim it under the lock; a second start (a hook that found it
  // unclaimed while the first was starting) finds it claimed by a live process and leaves.
  const { result: claimed } = store.update(identity, (session) => {
    const current = session.goals.find((candidate) => candidate.id === goal.id);
    const run = current?.verification;
    if (!current || run?.id !== request.verificationId || run.state !== "running") return false;
    if (run.pid !== null && run.pid !== process.pid && verificationAlive(run, store.now())) return false;
    replaceGoal(session, { ...current, verification: { ...run, pid: process.pid, pidStart: processStart(process.pid) ?? null } });
    return true;
  });
  if (!claimed) return null;
  const env = options.env ?? process.env;
  const config = loadEngineConfig(store.root, env);
  const startedAt = goal.verification.startedAt;
  const base = { id: request.verificationId, startedAt, pid: null, pidStart: null, results: [] as CheckResult[] };
  const note = (verdict: string) =>
    store.update(identity, (session) => {
      const current = session.goals.find((candidate) => candidate.id === goal.id);
      if (current?.verification?.id === request.verificationId && current.verification.state === "running")
        replaceGoal(session, { ...current, verification: { ...current.verification, verdict } });
    });
  const superseded = () => findGoal(store, request)?.verification?.id !== request.verificationId;
  const turn = await takeTurn(goal.cwd, {
    waiting: (why) => note(`waiting: ${why}`),
    gaveUp: superseded,
    run: `the run for goal ${goal.id}'s close`,
  });
  if (!turn) return null;
  let run: Verification;
  let unsandboxed: string | null = null;
  let changedChecks: string | null = null;
  try {
    const ran = await runChecks(goal, {
      env,
      unreadable: [store.root, ...(options.unreadable ?? [])],
      allowUnsandboxed: request.allowUnsandboxed || config.unsandboxedChecks === "allow",
      timeoutMs: config.checkTimeoutMinutes * 60_000,
      onCheck: (command) => note(`goalpost is running \`${command}\``),
    });
    unsandboxed = ran.unsandboxed;
    // What the checks wrote themselves (a build into the tree) is theirs; only a change from outside voids the run.
    const earlier = new Set((["start", "latest"] as const).flatMap((kind) => readRunReport(store, goal.id, kind)?.outputs ?? []));
    const { outputs, outside } = splitTreeChanges(ran.before, ran.after, earlier);
    const allOutputs = new Set([...earlier, ...outputs]);
    changedChecks = changedChecksSince(goal, ran, allOutputs);
    const results = againstStart(store, goal, ran, changedChecks !== null);
    const finish = (state: Verification["state"], verdict: string, tree: string | null): Verification => ({
      ...base,
      state,
      finishedAt: new Date().toISOString(),
      tree,
      definition: ran.definition.fingerprint,
      sandbox: ran.sandbox,
      results,
      verdict,
    });
    // The verdict is about the tree as the run left it: the one it ran on, with the run's own outputs.
    const tree = outputs.length > 0 ? ran.after.fingerprint : ran.before.fingerprint;
    const wrote =
      outputs.length > 0
        ? `; the checks wrote ${outputs.length === 1 ? "a file" : `${outputs.length} files`} git does not ignore${named(outputs)}, left as they are`
        : "";
    if (unsandboxed) run = finish("void", `no sandbox could run the checks (${unsandboxed}); nothing was run`, tree);
    else if (ran.madeByTheRun.length > 0)
      run = finish(
        "void",
        `a check wrote ${ran.madeByTheRun.join(", ")} in the project, which would run code outside any sandbox later; goalpost removed it, and the run proves nothing`,
        ran.after.fingerprint,
      );
    else if (outside.length > 0)
      run = finish(
        "void",
        `files changed while the checks ran${named(outside)}: by the agent, or by a check in a file that is the project's; the run proves nothing about any one tree`,
        ran.after.fingerprint,
      );
    else if (results.some((result) => result.machineryChanged))
      // The assert canary: a pass here would be the patched assert's, not the work's (assert-canary.ts).
      run = finish(
        "void",
        results
          .filter((result) => result.machineryChanged)
          .map((result) => `\`${result.command}\`: ${result.verdict}`)
          .join("; "),
        tree,
      );
    else if (results.some((result) => result.couldNotRun) && results.every((result) => result.passed || result.couldNotRun))
      // Never got to its tests: proves nothing either way, and is never "the tests fail" (could-not-run.ts).
      run = finish(
        "void",
        results
          .filter((result) => result.couldNotRun)
          .map((result) => result.verdict)
          .join("; "),
        tree,
      );
    else run = finish(results.every((result) => result.passed) ? "passed" : "failed", `${summarize(results)}${wrote}`, tree);
    // A pass names what the work changed, for the user to see before they rely on it.
    const changed =
      run.state === "passed" && goal.checkBaseline?.tree ? changesSince(goal.cwd, goal.checkBaseline.tree, allOutputs) : null;
    if (changed) run = { ...run, changed };
    writeRunReport(store, goal.id, "latest", {
      runId: request.verificationId,
      at: new Date().toISOString(),
      checks: ran.runs.map((checkRun) => ({
        command: checkRun.result.command,
        report: keptReport(checkRun.report),
      })),
      outputs: [...allOutputs].slice(0, OUTPUTS_KEPT),
    });
  } catch (error) {
    run = {
      ...base,
      state: "void",
      finishedAt: new Date().toISOString(),
      tree: null,
      definition: null,
      sandbox: "none",
      verdict: `goalpost could not run the checks: ${(error as Error).message}`,
    };
  } finally {
    turn.release();
  }
  const at = store.now();
  // The goal as this run left it, from the same write: what the user is told of, without reading it again.
  const {
    result: { outcome, settled },
  } = store.update(identity, (session) => ({
    outcome: finishVerification(session, goal.id, { run, changedChecks, unsandboxed }, at),
    settled: session.goals.find((candidate) => candidate.id === goal.id) ?? null,
  }));
  store.audit({
    sessionId: goal.sessionId,
    goalId: goal.id,
    type: outcome === "closed" ? "closed" : "updated",
    note: `verification ${run.state}: ${run.verdict}`,
  });
  // A check that could not run needs the user (a toolchain, a cache, a command that runs offline): told now.
  const notRun = run.results.find((result) => result.couldNotRun);
  if (settled && outcome === "refused" && run.state === "void" && notRun)
    notifyUser(
      config,
      userNotice(
        "could-not-run",
        settled,
        run.verdict,
        `Run \`${notRun.command}\` in your shell; name a check that runs offline with goal: check add <command>.`,
      ),
      env,
      store.warn,
      store.root,
    );
  if (settled && (outcome === "closed" || outcome === "awaiting-user"))
    notifyUser(
      config,
      outcome === "closed"
        ? userNotice("closed", settled, `Closed as complete on goalpost's own run of the checks: ${run.verdict}`, null)
        : userNotice(
            "waiting",
            settled,
            settled.awaitingUser?.summary ?? run.verdict,
            "Answer in the session: goal: accept or goal: refuse.",
          ),
      env,
      store.warn,
      store.root,
    );
  return { run, outcome };
}
