// `@goalpost/core/verify`: what runs a goal's checks — the starting point and the run for a close, the
// record of what defines them, the sandbox and one check. Apart from the main entry so that what only a
// verifying process needs is not loaded by everything that reads goals: the CLI, an MCP server, a hook.
// The in-process verifier (verification-request.ts) loads this file by name.

export { recordCheckBaseline } from "./check-baseline.js";
export type { CheckSandbox, SandboxedCommand, SandboxOutcome, SandboxWalls } from "./check-sandbox.js";
export { noSandbox, openCheckSandbox } from "./check-sandbox.js";
export type { CheckRun, CheckRunOptions } from "./run-check.js";
export { checkEnvironment, runCheck } from "./run-check.js";
export { runStartingPoint } from "./run-start.js";
export type { RunVerificationOptions, VerificationReport } from "./run-verification.js";
export { runVerification } from "./run-verification.js";

import { runStartingPoint } from "./run-start.js";
import { runVerification } from "./run-verification.js";
import type { VerificationRunner } from "./verification-request.js";

// The in-process verifier loads this module by name: what it calls must be here, with these signatures.
({ runStartingPoint, runVerification }) satisfies VerificationRunner;
