// One check, run by goalpost: from the project directory, inside the sandbox, in a process group of its
// own, with an environment built from nothing (the user's PATH, who and where they are, their locale and
// time zone; nothing the agent's shell set, and nothing that says goalpost runs it), bounded in time.
// Its output streams through the test runners' readers and a bounded tail: however much a check prints,
// it runs to its end, and only the tail is kept (redacted) for the record.
import type { ChildProcess } from "node:child_process";
import { type CheckResult, type Env, type GoalCheck, loadBuiltin, redactSecrets, USER_VARIABLES } from "@goalpost/core/internal";
import { canaryFinding, withCanary } from "./assert-canary.js";
import type { CheckSandbox } from "./check-sandbox.js";
import { assertionLine, couldNotRun, couldNotRunVerdict } from "./could-not-run.js";
import { createTestReader, type TestReport } from "./test-report.js";

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\r/g;

/** Characters of a check's output kept in the record (its end: where runners print their summary). */
const KEPT_OUTPUT = 2000;
/** Characters of output held while the check runs, to keep its end. */
const TAIL = 64 * 1024;
/** After the time limit, how long a check has to end on SIGTERM before SIGKILL. */
const GRACE_MS = 5000;

export interface CheckRunOptions {
  readonly cwd: string;
  readonly sandbox: CheckSandbox;
  /** The PATH the user's host had; checks never see the agent's. */
  readonly path: string;
  readonly timeoutMs: number;
  /** The user's environment, for HOME, locale, time zone and TMPDIR. */
  readonly env?: Env;
  /** Variables the user set for the checks (`goal: check env`). */
  readonly extraEnv?: Readonly<Record<string, string>>;
  /** Says how the check is getting on (its output so far, in bytes), every few seconds. */
  readonly onProgress?: (bytes: number) => void;
}

/** What one check did: its result for the record, and the runner's report with every test it named. */
export interface CheckRun {
  readonly result: CheckResult;
  readonly report: TestReport | null;
  /** The sandbox refused to start the command (no user namespaces, say): why, in its words. Nothing ran. */
  readonly sandboxRefused: string | null;
}

/**
 * The whole environment a check gets: who and where the user is, their locale, time zone and TMPDIR (the
 * run's own /tmp is bound there), what the user set for the checks (`goal: check env`), the PATH their
 * host had, and `CI=true`, which every CI service sets and which keeps runners from waiting in a watch mode. Nothing else: no NODE_OPTIONS, npm_config_*, BASH_ENV
 * or shell functions of the agent's, and no variable a user's own run would not have.
 */
export function checkEnvironment(
  options: Pick<CheckRunOptions, "path" | "env" | "extraEnv">,
  canary: string | null = null,
): Record<string, string> {
  const from = options.env ?? process.env;
  const kept: Record<string, string> = {};
  for (const name of [...USER_VARIABLES, "TMPDIR"]) {
    const value = from[name];
    if (value) kept[name] = value;
  }
  const env: Record<string, string> = { ...kept, ...options.extraEnv, PATH: options.path, CI: "true" };
  // The walls' assert canary, loaded first by every Node process of the run (assert-canary.ts).
  if (canary) env["NODE_OPTIONS"] = withCanary(env["NODE_OPTIONS"], canary);
  return env;
}

/** Whose counts a report gives: "go test reports packages: 1 failed" where it names no test, only packages. */
const reports = (report: TestReport) => `${report.runner} reports ${report.granularity === "package" ? "packages: " : ""}`;

/** Failing tests named in a verdict at most; the rest are counted. */
const NAMED_FAILURES = 5;

/** "(failing: a.test.js › adds, TestSub/neg, +3 more)", or nothing when the runner named none. */
function failingNames(report: TestReport): string {
  if (report.failing.length === 0) return "";
  const shown = report.failing.slice(0, NAMED_FAILURES);
  const more = report.failing.length - shown.length;
  return ` (failing: ${shown.join(", ")}${more > 0 ? `, +${more} more` : ""})`;
}

/** A failing report in the runner's words where it has its own ("1 failed, 40 passed, 31025 deselected"), with the failing tests named. */
const failedReport = (report: TestReport) =>
  `${reports(report)}${report.words ?? `${report.failed} failed, ${report.passed} passed`}${failingNames(report)}`;

function judge(
  check: GoalCheck,
  run: { exitCode: number | null; signal: string | null; timedOut: boolean; timeoutMs: number },
  report: TestReport | null,
  output: string,
): Pick<CheckResult, "passed" | "verdict"> {
  const said = report && report.failed > 0 ? `${failedReport(report)}; ` : "";
  // No runner's report: the assertion that failed says what did, in its own words.
  const line = !report && run.exitCode !== 0 ? assertionLine(output) : null;
  const asserted = line ? redactSecrets(line) : null;
  if (run.timedOut)
    return {
      passed: false,
      verdict: `${said}it ran past its time limit (${Math.round(run.timeoutMs / 60_000)} min) and goalpost stopped it`,
    };
  if (run.exitCode === null) return { passed: false, verdict: `${said}it was killed (${run.signal ?? "by a signal"})` };
  if (run.exitCode !== 0)
    return { passed: false, verdict: `${said}it exited with status ${run.exitCode}${asserted ? `: ${asserted}` : ""}` };
  if (report && report.failed > 0) return { passed: false, verdict: `${failedReport(report)}, though it exited 0` };
  if (check.kind !== "test" || check.exitStatusCounts)
    return {
      passed: true,
      verdict: report ? `it exited with status 0; ${reports(report)}${report.passed} passed` : "it exited with status 0",
    };
  if (!report)
    return {
      passed: false,
      verdict: "it exited 0 but no test runner goalpost reads printed its report, so nothing shows that tests ran",
    };
  if (report.passed === 0)
    return {
      passed: false,
      verdict: `${report.runner} reports no test run${report.skipped > 0 ? ` (${report.skipped} skipped)` : ""}`,
    };
  return {
    passed: true,
    verdict: `${reports(report)}${report.words ?? `${report.passed} passed, 0 failed${report.skipped > 0 ? `, ${report.skipped} skipped` : ""}`}`,
  };
}

/** Ends a check's whole process group: SIGTERM, then SIGKILL for what is left after the grace. */
function endGroup(child: ChildProcess): void {
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {}
  };
  kill("SIGTERM");
  setTimeout(() => kill("SIGKILL"), GRACE_MS).unref();
}

export async function runCheck(check: GoalCheck, options: CheckRunOptions): Promise<CheckRun> {
  const started = Date.now();
  const { spawn } = loadBuiltin<typeof import("node:child_process")>("node:child_process");
  const reader = createTestReader();
  let tail = "";
  let bytes = 0;
  let status = "";
  let timedOut = false;
  let canary: string | null = null;
  const command = await options.sandbox.command(check.command);
  const outcome = await new Promise<{ exitCode: number | null; signal: string | null; error: string | null }>((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(command.file, [...command.args], {
        cwd: options.cwd,
        env: checkEnvironment(options, options.sandbox.canary),
        stdio: command.startFd ? ["ignore", "pipe", "pipe", "ignore", "pipe"] : ["ignore", "pipe", "pipe"],
        // Its own process group: a timeout ends everything the check started, not only its shell.
        detached: true,
      });
    } catch (error) {
      resolve({ exitCode: null, signal: null, error: (error as Error).message });
      return;
    }
    const take = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      bytes += chunk.length;
      reader.write(text);
      // The canary's line, wherever it falls in the output (the tail keeps only the end); across chunks too.
      if (canary === null && options.sandbox.canary) canary = canaryFinding(`${tail.slice(-400)}${text}`);
      tail = (tail + text).slice(-TAIL);
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    child.stdio[4]?.on("data", (chunk: Buffer) => {
      status += chunk.toString("utf8");
    });
    const timer = setTimeout(() => {
      timedOut = true;
      endGroup(child);
    }, options.timeoutMs);
    const progress = options.onProgress ? setInterval(() => options.onProgress?.(bytes), 5000) : null;
    child.on("error", (error) => {
      clearTimeout(timer);
      if (progress) clearInterval(progress);
      resolve({ exitCode: null, signal: null, error: error.message });
    });
    child.on("exit", (exitCode, signal) => {
      clearTimeout(timer);
      if (progress) clearInterval(progress);
      // What the check left running in its group ends with it; its pipes then close.
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {}
      const finish = () => resolve({ exitCode, signal, error: null });
      let closed = false;
      child.on("close", () => {
        if (!closed) finish();
        closed = true;
      });
      setTimeout(() => {
        if (closed) return;
        closed = true;
        for (const stream of child.stdio) stream?.destroy();
        finish();
      }, 2000).unref();
    });
  });
  const report = reader.end();
  const sandboxRefused =
    command.startFd && !status.startsWith("started") && outcome.error === null && !timedOut
      ? (tail.trim().split("\n").at(-1) ?? "").trim() || `the sandbox exited with status ${outcome.exitCode}`
      : null;
  const output = outcome.error ? `goalpost could not run the check: ${outcome.error}` : tail;
  // Never started, or its runner never got to a test: not a failure of the tests (could-not-run.ts).
  const launch = sandboxRefused || timedOut ? null : outcome.error ? outcome.error : couldNotRun(outcome.exitCode, tail, report);
  // The tool's own line goes into the verdict the model reads: redacted as the output is (a registry URL with a password).
  const notRun = launch ? redactSecrets(launch) : null;
  const changedMachinery = canary === null ? null : redactSecrets(canary);
  const judged = changedMachinery
    ? {
        passed: false,
        verdict: `the test machinery itself was changed while it ran: Node's assert no longer does what Node gave (${changedMachinery}) — its tests prove nothing`,
        machineryChanged: changedMachinery,
      }
    : notRun
      ? { passed: false, verdict: couldNotRunVerdict(check.command, notRun), couldNotRun: notRun }
      : judge(check, { ...outcome, timedOut, timeoutMs: options.timeoutMs }, report, tail);
  return {
    result: {
      command: check.command,
      kind: check.kind,
      ...(sandboxRefused ? { passed: false, verdict: `the sandbox did not start it (${sandboxRefused})` } : judged),
      exitCode: outcome.exitCode,
      tests: report
        ? {
            passed: report.passed,
            failed: report.failed,
            skipped: report.skipped,
            runner: report.runner,
            granularity: report.granularity,
          }
        : null,
      durationMs: Date.now() - started,
      // Colour codes out: the record is read in the report, a terminal and the model's context.
      output: redactSecrets(output.slice(-KEPT_OUTPUT * 3).replace(ANSI, "")).slice(-KEPT_OUTPUT),
    },
    report,
    sandboxRefused,
  };
}
