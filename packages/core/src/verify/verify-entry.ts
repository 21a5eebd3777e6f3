// `@goalpost/core/verify`: what runs a goal's checks — the run, the record of what defines them, the
// sandbox and one check. Apart from the main entry so that what only a verifying process needs (and
// its sandbox and process libraries) is not loaded by everything that reads goals: the CLI, an MCP
// server, a hook. The in-process verifier (verification-request.ts) loads this file by name.
export type { CheckSandbox, SandboxOutcome, SandboxWalls } from "./check-sandbox.js";
export { openCheckSandbox } from "./check-sandbox.js";
export type { CheckRunOptions } from "./run-check.js";
export { checkEnvironment, runCheck } from "./run-check.js";
export type { RunVerificationOptions, VerificationReport } from "./run-verification.js";
export { recordCheckBaseline, runVerification } from "./run-verification.js";
