// goalpost's run of a goal's checks, start to finish: fingerprint the tree and what defines the checks,
// open the sandbox, run every check, fingerprint the tree again (a run during which files changed
// proves nothing), and land the verdict on the goal (finish-verification.ts). The checks run outside
// any lock; only the reads and the final write take it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEngineConfig } from "../engine/engine-config.js";
import { replaceGoal } from "../engine/session-goals.js";
import type { Env } from "../env.js";
import type { CheckResult, Verification } from "../record/goal-checks.js";
import type { GoalRecord } from "../record/goal-record.js";
import type { GoalStore } from "../store/goal-store.js";
import { checkDefinition, definitionChanges } from "./check-definition.js";
import { type CheckSandbox, NO_SANDBOX, openCheckSandbox } from "./check-sandbox.js";
import { type FinishOutcome, finishVerification } from "./finish-verification.js";
import { runCheck } from "./run-check.js";
import { changedPaths, treeState } from "./tree-fingerprint.js";
import { type VerificationRequest, verificationAlive } from "./verification-request.js";

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

function findGoal(store: GoalStore, request: Pick<VerificationRequest, "sessionId" | "goalId">): GoalRecord | null {
  return store.read(request.sessionId)?.goals.find((goal) => goal.id === request.goalId) ?? null;
}

function summarize(results: readonly CheckResult[]): string {
  const failed = results.filter((result) => !result.passed);
  if (failed.length === 0) return results.map((result) => `\`${result.command}\`: ${result.verdict}`).join("; ");
  return failed.map((result) => `\`${result.command}\` failed: ${result.verdict}`).join("; ");
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
    replaceGoal(session, { ...current, verification: { ...run, pid: process.pid } });
    return true;
  });
  if (!claimed) return null;
  const env = options.env ?? process.env;
  const config = loadEngineConfig(store.root, env);
  const tmp = mkdtempSync(join(tmpdir(), "goalpost-check-"));
  let sandbox: CheckSandbox | null = null;
  const startedAt = goal.verification.startedAt;
  const base = { id: request.verificationId, startedAt, pid: null, results: [] as CheckResult[] };
  let run: Verification;
  let unsandboxed: string | null = null;
  let changedChecks: string | null = null;
  try {
    const before = treeState(goal.cwd);
    const tree = before.fingerprint;
    const definition = checkDefinition(goal.cwd);
    if (!goal.checkBaseline)
      changedChecks = "goalpost has no record of what defined them when the goal was set, so it cannot tell";
    else if (goal.checkBaseline.fingerprint !== definition.fingerprint)
      changedChecks = definitionChanges(goal.checkBaseline, definition);
    const opened = await openCheckSandbox({ writable: [goal.cwd, tmp], unreadable: [store.root, ...(options.unreadable ?? [])] });
    if ("sandbox" in opened) sandbox = opened.sandbox;
    else if (request.allowUnsandboxed || config.unsandboxedChecks === "allow") sandbox = NO_SANDBOX;
    else unsandboxed = opened.unavailable;
    const finish = (
      state: Verification["state"],
      verdict: string,
      results: CheckResult[],
      after: string | null,
    ): Verification => ({
      ...base,
      state,
      finishedAt: new Date().toISOString(),
      tree: after,
      definition: definition.fingerprint,
      sandbox: sandbox?.name ?? "none: no sandbox could run",
      results,
      verdict,
    });
    if (!sandbox) run = finish("void", `no sandbox could run the checks (${unsandboxed}); nothing was run`, [], tree);
    else {
      const results: CheckResult[] = [];
      for (const check of goal.checks) {
        results.push(
          await runCheck(check, {
            cwd: goal.cwd,
            sandbox,
            path: goal.checkPath ?? env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            tmp,
            timeoutMs: config.checkTimeoutMinutes * 60_000,
            env,
          }),
        );
      }
      const afterState = treeState(goal.cwd);
      const after = afterState.fingerprint;
      if (after !== tree) {
        const changed = changedPaths(before, afterState);
        const named =
          changed.length > 0
            ? ` (${changed.slice(0, 6).join(", ")}${changed.length > 6 ? `, +${changed.length - 6} more` : ""})`
            : "";
        run = finish(
          "void",
          `files changed while the checks ran${named}: by the agent, or written by the checks and not ignored by .gitignore; the run proves nothing about any one tree`,
          results,
          after,
        );
      } else if (results.every((result) => result.passed)) run = finish("passed", summarize(results), results, tree);
      else run = finish("failed", summarize(results), results, tree);
    }
  } catch (error) {
    run = {
      ...base,
      state: "void",
      finishedAt: new Date().toISOString(),
      tree: null,
      definition: null,
      sandbox: sandbox?.name ?? "none",
      verdict: `goalpost could not run the checks: ${(error as Error).message}`,
    };
  } finally {
    await sandbox?.dispose().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
  const at = store.now();
  const { result: outcome } = store.update(identity, (session) =>
    finishVerification(session, goal.id, { run, changedChecks, unsandboxed }, at),
  );
  store.audit({
    sessionId: goal.sessionId,
    goalId: goal.id,
    type: outcome === "closed" ? "closed" : "updated",
    note: `verification ${run.state}: ${run.verdict}`,
  });
  return { run, outcome };
}

/**
 * Records what defines a goal's checks, once, as the project is now: started right after the user set
 * the goal (a detached process of the adapter's, or in process), before the agent has had a turn.
 */
export function recordCheckBaseline(store: GoalStore, request: Pick<VerificationRequest, "sessionId" | "goalId">): boolean {
  const goal = findGoal(store, request);
  if (!goal || goal.checks.length === 0 || goal.checkBaseline) return false;
  const baseline = checkDefinition(goal.cwd, store.now());
  const { result } = store.update({ sessionId: goal.sessionId, host: goal.host, cwd: goal.cwd }, (session) => {
    const current = session.goals.find((candidate) => candidate.id === goal.id);
    if (!current || current.checkBaseline) return false;
    replaceGoal(session, { ...current, checkBaseline: baseline });
    return true;
  });
  return result;
}
