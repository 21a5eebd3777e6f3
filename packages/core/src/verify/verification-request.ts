// Starting goalpost's run of a goal's checks. The run goes on after the call that asked for it (a hook,
// a goal tool) has answered: an adapter starts it as a detached process of its own, with an environment
// it builds; a long-lived harness runs it in its own process (`startVerificationInProcess` with
// `@goalpost/verifier`'s runner — the verifier's `verifyInProcess`).

import { replaceGoal } from "../session/session-goals.js";
import type { GoalStore } from "../store/goal-store.js";
import { processRuns } from "../store/process-identity.js";
import { findGoal, recordCheckBaseline } from "./check-baseline.js";

export interface VerificationRequest {
  /**
   * checks: run the goal's checks for a close (`verificationId` names the run). start: right after the
   * user set the goal, record what defines its checks and run them once for the starting point
   * (`verificationId` names it: the goal's checkStart). baseline: only the first of those.
   */
  readonly task: "checks" | "start" | "baseline";
  /** The store's state root. */
  readonly root: string;
  readonly sessionId: string;
  readonly goalId: string;
  /** The run the goal's record expects: a run for an older id finds itself superseded. */
  readonly verificationId: string;
  /** The user allowed this one run without a sandbox (`/goal accept` of an "unsandboxed" wait). */
  readonly allowUnsandboxed: boolean;
}

export type StartVerification = (request: VerificationRequest) => void;

/**
 * What runs a verification: `@goalpost/verifier` (its `verifier`), a package of its own so that a
 * harness that never verifies does not install the walls, the runners and their readers.
 */
export interface VerificationRunner {
  runStartingPoint(store: GoalStore, request: VerificationRequest): Promise<unknown>;
  runVerification(store: GoalStore, request: VerificationRequest): Promise<unknown>;
}

/** Said as a run's verdict when a close asks for a run and nothing can run it. */
export const NO_VERIFIER =
  "no verifier runs in this harness, so goalpost could not run the checks: install @goalpost/verifier and pass `verifyInProcess(store)` as `startVerification`";

/**
 * Runs the checks in this process, in the background: for a harness that outlives the call. The
 * baseline of a new goal's checks is recorded before this returns, in the caller's own call: a harness
 * that drives the engine without awaiting anything still has it before the agent's first action. Any
 * number of sessions may verify at once: runs take turns (the verifier's run queue), never a shared
 * sandbox. With no runner (a harness without `@goalpost/verifier`) a close's run is void at once,
 * saying why: a goal never closes without goalpost's run, and never waits for one that cannot come.
 */
export function startVerificationInProcess(store: GoalStore, runner: VerificationRunner | null): StartVerification {
  const start: StartVerification = (request) => {
    if (request.task !== "checks") {
      try {
        recordCheckBaseline(store, request);
      } catch (error) {
        store.warn(`goalpost: what defines the checks of ${request.goalId} could not be recorded: ${String(error)}`);
      }
      if (request.task === "baseline") return;
    }
    if (!runner) {
      if (request.task === "checks") voidRun(store, request, NO_VERIFIER);
      return;
    }
    void (request.task === "start" ? runner.runStartingPoint(store, request) : runner.runVerification(store, request)).catch(
      (error: unknown) => store.warn(`goalpost: the verification of ${request.goalId} failed: ${String(error)}`),
    );
  };
  inProcess.add(start);
  return start;
}

const inProcess = new WeakSet<StartVerification>();

/** The run a request names, ended as proving nothing, with why: the next close runs again. */
function voidRun(store: GoalStore, request: VerificationRequest, verdict: string): void {
  const goal = findGoal(store, request);
  if (!goal) return;
  store.update({ sessionId: goal.sessionId, host: goal.host, cwd: goal.cwd }, (session) => {
    const current = session.goals.find((candidate) => candidate.id === request.goalId);
    const run = current?.verification;
    if (!current || run?.id !== request.verificationId || run.state !== "running") return;
    replaceGoal(session, {
      ...current,
      closeRequest: null,
      verification: { ...run, state: "void", verdict, finishedAt: store.now().toISOString() },
    });
  });
}

/**
 * Whether runs `start` asks for happen in this very process: a stop must not wait for one there (the
 * wait would hold the event loop the run needs); it is held, saying the checks are running, instead.
 */
export const runsInThisProcess = (start: StartVerification): boolean => inProcess.has(start);

/**
 * A run is alive while its process is — the same process, judged by its start time and state, not by a
 * pid that a later process may have taken or that a zombie still answers to; one that never reported a
 * process within a minute died starting.
 */
export function verificationAlive(
  run: { state: string; pid: number | null; pidStart?: number | null; startedAt: string },
  now: Date,
): boolean {
  if (run.state !== "running") return false;
  if (run.pid === null) return now.getTime() - Date.parse(run.startedAt) < 60_000;
  return processRuns(run.pid, run.pidStart);
}
