// `@goalpost/verifier`: goalpost's own run of a goal's checks — the walls (a sandbox per run), the runs
// for the starting point and for a close, the runners' reports read back, the caches a check may use.
// A package apart from core: a harness that never verifies does not install it, and nothing that only
// reads goals (the CLI, an MCP server, a hook) loads it. Core starts runs through `StartVerification`.
import {
  type GoalStore,
  type StartVerification,
  startVerificationInProcess,
  type VerificationRunner,
} from "@goalpost/core/internal";
import { runStartingPoint } from "./run-start.js";
import { runVerification } from "./run-verification.js";

export type { CheckSandbox, SandboxedCommand, SandboxOutcome, SandboxWalls } from "./check-sandbox.js";
export { noSandbox, openCheckSandbox } from "./check-sandbox.js";
export type { CheckRun, CheckRunOptions } from "./run-check.js";
export { checkEnvironment, runCheck } from "./run-check.js";
export { runStartingPoint } from "./run-start.js";
export type { RunVerificationOptions, VerificationReport } from "./run-verification.js";
export { runVerification } from "./run-verification.js";

/** The runner core's `startVerificationInProcess` takes: the starting point's run and a close's. */
export const verifier: VerificationRunner = { runStartingPoint, runVerification };

/**
 * Runs goals' checks in this process, in the background, for a harness that outlives the call: pass it
 * as `startVerification` to `createGoalEngine` and `createGoalTools`. Runs of many sessions take turns.
 */
export function verifyInProcess(store: GoalStore): StartVerification {
  return startVerificationInProcess(store, verifier);
}
