// Starting goalpost's run of a goal's checks. The run goes on after the call that asked for it (a hook,
// a goal tool) has answered: an adapter starts it as a detached process of its own, with an environment
// it builds; a long-lived harness may run it in its own process (`startVerificationInProcess`).
import type { GoalStore } from "../store/goal-store.js";
import { processRuns } from "../store/process-identity.js";
import { recordCheckBaseline } from "./check-baseline.js";

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
 * The module that runs a verification, beside this one in core's build (`dist/verify.js`). Named
 * at run time, not imported: a bundler would otherwise pull the runner, the sandbox and execa into
 * every hook bundle, where adapters start runs as processes of their own and never load it.
 */
// Read only when a run starts: in an adapter's CommonJS hook bundle import.meta is empty, and a module
// that read it on load would fail every hook. From source (core's own tests) the runner is the .ts entry.
const runner = () => (import.meta.url.endsWith(".ts") ? "./verify-entry.ts" : "./verify.js");

/** What this file calls of the runner module (verify-entry.ts checks that it fits). */
export interface VerificationRunner {
  runStartingPoint(store: GoalStore, request: VerificationRequest): Promise<unknown>;
  runVerification(store: GoalStore, request: VerificationRequest): Promise<unknown>;
}

/**
 * Runs the checks in this process, in the background: for a harness that outlives the call. The
 * baseline of a new goal's checks is recorded before this returns, in the caller's own call: a harness
 * that drives the engine without awaiting anything still has it before the agent's first action. Any
 * number of sessions may verify at once: runs take turns through run-queue.ts, never a shared sandbox.
 */
export function startVerificationInProcess(store: GoalStore): StartVerification {
  const start: StartVerification = (request) => {
    if (request.task !== "checks") {
      try {
        recordCheckBaseline(store, request);
      } catch (error) {
        store.warn(`goalpost: what defines the checks of ${request.goalId} could not be recorded: ${String(error)}`);
      }
      if (request.task === "baseline") return;
    }
    void (import(new URL(runner(), import.meta.url).href) as Promise<VerificationRunner>)
      .then(async ({ runStartingPoint, runVerification }) => {
        if (request.task === "start") await runStartingPoint(store, request);
        else await runVerification(store, request);
      })
      .catch((error: unknown) => store.warn(`goalpost: the verification of ${request.goalId} failed: ${String(error)}`));
  };
  inProcess.add(start);
  return start;
}

const inProcess = new WeakSet<StartVerification>();

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
