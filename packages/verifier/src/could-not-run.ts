// "Could not run" is not "failed". A check whose runner never reported — no report goalpost reads, or one
// with no test run and none failed — and that ended with a launcher's error (a program not found, a
// package manager that could not fetch or write, a module that is not installed, no network) did not
// test the work: saying "the tests fail" would keep an agent fixing code that is not broken. The verdict
// then quotes the tool's own error line and says what would let it run.
import type { TestReport } from "./test-report.js";

/**
 * A line that says the program never got to the tests: the shell's and the system's words for a missing or
 * unrunnable program or a file it could not write, the package managers' own error codes, a package (not a
 * relative file: that is the work's) that is not installed, the network that goalpost's run does not have.
 */
const LAUNCH_ERROR = new RegExp(
  [
    String.raw`command not found`,
    String.raw`: not found$`,
    String.raw`No such file or directory`,
    String.raw`\bE(?:NOENT|ACCES|ROFS|PERM|NOTFOUND|AI_AGAIN|CONNREFUSED)\b`,
    String.raw`Permission denied`,
    String.raw`Read-only file system`,
    String.raw`\bERR_PNPM_[A-Z_]+`,
    String.raw`^npm (?:ERR!|error) `,
    String.raw`\bYN0\d{3}\b`,
    String.raw`^error Command ".+" not found`,
    String.raw`Cannot find module '[^./]`,
    String.raw`ERR_MODULE_NOT_FOUND.*'[^./]`,
    String.raw`No module named (?:'|")?[\w.]+`,
    String.raw`rustup could not choose a version`,
    String.raw`no (?:override and no )?default toolchain`,
    String.raw`dial tcp|getaddrinfo|network is unreachable|Could not resolve host`,
    String.raw`is not installed|requires .+ but .+ is installed|Unsupported engine`,
  ].join("|"),
  "im",
);

/**
 * A test's own failure in the output: an assertion that threw, a TAP `not ok`. A missing package quoted
 * inside one ("Got unwanted exception … Cannot find module 'sinon'", from a test that installs the packed
 * tarball) is what the test found, not why it could not start.
 */
const ASSERTED = /\bAssertionError\b|\bERR_ASSERTION\b|^not ok \d/m;

/**
 * The assertion that failed, in its own words, where no runner goalpost reads reported (a test script of
 * the project's own, run by node): the first line that names an AssertionError, at most 240 characters.
 */
export function assertionLine(output: string): string | null {
  const line = outputLines(output).find((text) => /^(?:Uncaught )?AssertionError\b/.test(text));
  return line ? quoted(line) : null;
}

/** Lines of a launcher's report that carry no reason: npm's field lines and log pointers. */
const NOISE =
  /complete log of this run|^npm (?:ERR!|error) (?:code|errno|syscall|path|command|cwd|signal|Lifecycle|A complete)\b|^npm (?:verbose|info|warn|http|timing|silly) |^\s*at /i;

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** The output's lines as a reader sees them: colour codes out, trimmed. */
const outputLines = (output: string) =>
  output
    .replace(ANSI, "")
    .split(/\r?\n/)
    .map((line) => line.trim());

/** A line quoted in a verdict: at most 240 characters. */
const quoted = (line: string) => (line.length > 240 ? `${line.slice(0, 239)}…` : line);

/** Whether the runner got to any test: a report with a test run or failed. */
const testsRan = (report: TestReport | null) =>
  report !== null && (report.passed > 0 || report.failed > 0 || report.units.some((unit) => unit.failed > 0));

/**
 * The launcher's error when a check could not run, in its own words (the first line that gives a reason,
 * at most 240 characters); null when it ran — its runner reported a test, or nothing says it did not start.
 */
export function couldNotRun(exitCode: number | null, output: string, report: TestReport | null): string | null {
  if (exitCode === 0 || testsRan(report) || ASSERTED.test(output)) return null;
  const lines = outputLines(output);
  const said = lines.find((line) => line !== "" && LAUNCH_ERROR.test(line) && !NOISE.test(line));
  if (said) return quoted(said);
  // The shell's own statuses for "not found" and "not executable".
  if (exitCode === 127 || exitCode === 126) {
    const last = lines.filter((line) => line !== "").at(-1);
    return last ? last.slice(0, 240) : `the shell could not ${exitCode === 127 ? "find" : "execute"} the program`;
  }
  return null;
}

/**
 * What a check that could not run says, to the agent and the user: not a test failure, and what would
 * let it run — goalpost's run has no network and reads of the home only what the check was given.
 */
export function couldNotRunVerdict(command: string, reason: string): string {
  return `could not run \`${command}\`: ${reason} — its tests never ran, so this is not a test failure. goalpost runs it with no network and only the toolchain folders of your home it named when the goal was set; if it runs in your shell, install what it needs there first (a cached package, a toolchain), or name a check that runs offline (\`goal: check add <command>\`)`;
}
