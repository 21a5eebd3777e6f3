// One check, run by goalpost: from the project directory, inside the sandbox, with an environment built
// from nothing (the user's PATH and a few locale and home variables; no NODE_OPTIONS, npm_config_*,
// BASH_ENV, shell functions or aliases the agent could have set), bounded in time, its output kept
// redacted and short. execa runs it: process-tree kill on timeout, interleaved output, no shell of the
// agent's in between.
import { type Env, USER_VARIABLES } from "../env.js";
import type { CheckResult, GoalCheck } from "../record/goal-checks.js";
import { redactSecrets } from "../redaction/redact-secrets.js";
import type { CheckSandbox } from "./check-sandbox.js";
import { readTestSummary } from "./test-summary.js";

/** Characters of a check's output kept in the record (its end: where runners print their summary). */
export const KEPT_OUTPUT = 2000;

export interface CheckRunOptions {
  readonly cwd: string;
  readonly sandbox: CheckSandbox;
  /** The PATH the user's host had; checks never see the agent's. */
  readonly path: string;
  /** The run's own temporary folder: TMPDIR, HOME-less caches. */
  readonly tmp: string;
  readonly timeoutMs: number;
  readonly env?: Env;
}

/** The whole environment a check gets. */
export function checkEnvironment(options: Pick<CheckRunOptions, "path" | "tmp" | "env">): Record<string, string> {
  const from = options.env ?? process.env;
  const kept: Record<string, string> = {};
  for (const name of USER_VARIABLES) {
    const value = from[name];
    if (value) kept[name] = value;
  }
  return {
    ...kept,
    PATH: options.path,
    TMPDIR: options.tmp,
    // Runners run once and plainly: no watch mode, no colour, no prompts.
    CI: "1",
    NO_COLOR: "1",
    FORCE_COLOR: "0",
    TERM: "dumb",
    // npm's own files go where the sandbox lets it write; the project's .npmrc cannot choose the shell.
    npm_config_cache: `${options.tmp}/npm-cache`,
    npm_config_logs_dir: `${options.tmp}/npm-logs`,
    npm_config_update_notifier: "false",
    npm_config_script_shell: "/bin/sh",
  };
}

function judge(
  check: GoalCheck,
  exitCode: number | null,
  timedOut: boolean,
  output: string,
): Omit<CheckResult, "durationMs" | "output" | "command" | "kind"> {
  const tests = readTestSummary(output);
  if (timedOut) return { passed: false, verdict: "it ran past its time limit and was stopped", exitCode, tests };
  if (exitCode === null) return { passed: false, verdict: "it did not start or was killed", exitCode, tests };
  if (exitCode !== 0) {
    const said = tests && tests.failed > 0 ? `${tests.runner} reports ${tests.failed} failed, ${tests.passed} passed; ` : "";
    return { passed: false, verdict: `${said}it exited with status ${exitCode}`, exitCode, tests };
  }
  if (check.kind !== "test") return { passed: true, verdict: "it exited with status 0", exitCode, tests };
  if (!tests)
    return {
      passed: false,
      verdict: "it exited 0 but no known test runner's summary is in its output, so nothing shows that tests ran",
      exitCode,
      tests,
    };
  if (tests.failed > 0) return { passed: false, verdict: `${tests.runner} reports ${tests.failed} failed`, exitCode, tests };
  if (tests.passed === 0)
    return {
      passed: false,
      verdict: `${tests.runner} reports no test run${tests.skipped > 0 ? ` (${tests.skipped} skipped)` : ""}`,
      exitCode,
      tests,
    };
  return {
    passed: true,
    verdict: `${tests.runner} reports ${tests.passed} passed, 0 failed${tests.skipped > 0 ? `, ${tests.skipped} skipped` : ""}`,
    exitCode,
    tests,
  };
}

export async function runCheck(check: GoalCheck, options: CheckRunOptions): Promise<CheckResult> {
  const started = Date.now();
  const { execa } = await import("execa");
  let exitCode: number | null = null;
  let timedOut = false;
  let output = "";
  try {
    const wrapped = await options.sandbox.wrap(check.command);
    const result = await execa(wrapped, {
      shell: "/bin/sh",
      cwd: options.cwd,
      env: checkEnvironment(options),
      extendEnv: false,
      stdin: "ignore",
      all: true,
      reject: false,
      timeout: options.timeoutMs,
      forceKillAfterDelay: 5000,
      maxBuffer: 32 * 1024 * 1024,
      stripFinalNewline: false,
    });
    exitCode = result.exitCode ?? null;
    timedOut = result.timedOut;
    output = String(result.all ?? "");
  } catch (error) {
    output = `goalpost could not run the check: ${(error as Error).message}`;
  }
  const judged = judge(check, exitCode, timedOut, output);
  return {
    command: check.command,
    kind: check.kind,
    ...judged,
    durationMs: Date.now() - started,
    output: redactSecrets(output.slice(-KEPT_OUTPUT * 2)).slice(-KEPT_OUTPUT),
  };
}
