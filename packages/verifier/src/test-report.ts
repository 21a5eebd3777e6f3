// What a check's test runner says it ran, read from the check's output as it streams: every runner
// goalpost knows reads each line (runners/), and those that recognised their own output report which
// tests ran and how each ended, by name where the runner prints names (node's test runner, tap, mocha,
// AVA, cargo, go -v or -json, pytest -v, bun, deno, playwright), by file (vitest, jest, pytest), package
// (go) or suite (uvu) where it prints one line for many, and by its closing counts alone where that is
// all it prints (rspec, jasmine, karma). A workspace whose packages use different runners is read by
// each. Nothing of the output is kept here beyond the line being read.
import { avaReader } from "./runners/ava.js";
import { cargoTestReader } from "./runners/cargo-test.js";
import { goTestReader } from "./runners/go-test.js";
import { jestReader } from "./runners/jest.js";
import { mochaReader } from "./runners/mocha.js";
import { nodeSpecReader } from "./runners/node-spec.js";
import { bunReader, denoReader, jasmineReader, karmaReader, playwrightReader, rspecReader } from "./runners/other-runners.js";
import { plainCountsReader } from "./runners/plain-counts.js";
import { pytestReader } from "./runners/pytest.js";
import {
  FAILING_LIMIT,
  type Granularity,
  type RunnerReader,
  type RunnerResult,
  type TestCounts,
  type TestUnit,
} from "./runners/runner-reader.js";
import { tapReader } from "./runners/tap.js";
import { uvuReader } from "./runners/uvu.js";
import { vitestReader } from "./runners/vitest.js";

export type { Granularity, TestUnit } from "./runners/runner-reader.js";

export interface TestReport extends TestCounts {
  /** The runner (or runners, joined with " + ") whose output was read. */
  readonly runner: string;
  readonly granularity: Granularity;
  readonly units: readonly TestUnit[];
  /** The failing tests by name, as the runner named them (at most 50); files or packages where it names no test. */
  readonly failing: readonly string[];
  /** The runner's closing counts in its own words, where they say more than passed, failed and skipped. */
  readonly words: string | null;
}

/** What failed, by the finest name the runner gave: its failing tests, else the units that failed. */
function failingOf(result: RunnerResult): string[] {
  if (result.failing && result.failing.length > 0) return [...result.failing];
  return result.units.filter((unit) => unit.failed > 0).map((unit) => unit.name);
}

/** Most particular first: a line one of them takes is not read by those after it (see RunnerReader.line). */
const READERS: readonly (() => RunnerReader)[] = [
  tapReader,
  vitestReader,
  goTestReader,
  jestReader,
  pytestReader,
  cargoTestReader,
  avaReader,
  uvuReader,
  bunReader,
  denoReader,
  playwrightReader,
  rspecReader,
  jasmineReader,
  karmaReader,
  nodeSpecReader,
  mochaReader,
  plainCountsReader,
];

// Colour codes would hide a line from the patterns; a carriage return starts a progress line over.
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007/g;
/** A line longer than this is cut: no runner prints one, and the output is never held whole. */
const LINE_LIMIT = 16 * 1024;
/** What no runner's report holds: bytes that are not UTF-8 text, and control characters but tab and escape. */
const NOT_TEXT = /[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001A\u001C-\u001F]/;

/** A line within the limit: its head and its end (where a runner's first line glued to a flood is). */
const cut = (line: string) =>
  line.length > LINE_LIMIT ? `${line.slice(0, LINE_LIMIT / 2)}${line.slice(-LINE_LIMIT / 2)}` : line;

function totals(result: RunnerResult): TestCounts {
  const fromUnits = result.units.reduce(
    (sum, unit) => ({ passed: sum.passed + unit.passed, failed: sum.failed + unit.failed, skipped: sum.skipped + unit.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const summary = result.summary;
  if (!summary) return fromUnits;
  // The runner's own counts are its word on how many ran (some print no count of passes when one failed);
  // a failure either of them saw is a failure.
  return {
    passed: Math.max(summary.passed, fromUnits.passed),
    failed: Math.max(summary.failed, fromUnits.failed),
    skipped: Math.max(summary.skipped, fromUnits.skipped),
  };
}

interface TestReader {
  /** Output as it comes, in any pieces. */
  write(chunk: string): void;
  /** What the runners said, or null when no runner goalpost knows printed its report. */
  end(): TestReport | null;
}

export function createTestReader(): TestReader {
  const readers = READERS.map((make) => make());
  let partial = "";
  const feed = (line: string) => {
    const plain = line.replace(ANSI, "");
    for (const reader of readers) if (reader.line(plain)) return;
  };
  return {
    write(chunk) {
      // A piece of a line that is no runner's (binary, or past the line limit) ends where the next piece
      // starts: a runner's first line after a flood that ended without a newline starts a line of its own.
      if (partial && (partial.length >= LINE_LIMIT || NOT_TEXT.test(partial))) {
        feed(partial);
        partial = "";
      }
      const lines = (partial + chunk).split(/\r\n|\n|\r/);
      partial = cut(lines.pop() ?? "");
      for (const line of lines) feed(cut(line));
    },
    end() {
      if (partial) feed(partial);
      partial = "";
      const said = readers.map((reader) => reader.result()).filter((result): result is RunnerResult => result !== null);
      // A runner that named nothing and counted nothing beside one that did is a stray header (a test file
      // that loads node:test inside vitest prints "TAP version 13" and a suite): not a second runner.
      const counted = said.filter((result) => result.units.length > 0 || result.summary !== null);
      const results = counted.length > 0 ? counted : said;
      if (results.length === 0) return null;
      const several = results.length > 1;
      const counts = results.map(totals).reduce((sum, one) => ({
        passed: sum.passed + one.passed,
        failed: sum.failed + one.failed,
        skipped: sum.skipped + one.skipped,
      }));
      return {
        ...counts,
        runner: results.map((result) => result.runner).join(" + "),
        granularity: results[0]!.granularity,
        units: results.flatMap((result) =>
          several ? result.units.map((unit) => ({ ...unit, name: `${result.runner}: ${unit.name}` })) : result.units,
        ),
        failing: results
          .flatMap((result) => failingOf(result).map((name) => (several ? `${result.runner}: ${name}` : name)))
          .slice(0, FAILING_LIMIT),
        words: results.some((result) => result.words)
          ? results.map((result) => (several ? `${result.runner}: ` : "") + (result.words ?? "")).join("; ")
          : null,
      };
    },
  };
}

/** The test report in a whole output (see createTestReader). */
export function readTestReport(output: string): TestReport | null {
  const reader = createTestReader();
  reader.write(output);
  return reader.end();
}

/** The runner and its counts alone, for callers that need no names. */
export function readTestSummary(output: string): (TestCounts & { readonly runner: string }) | null {
  const report = readTestReport(output);
  return report ? { passed: report.passed, failed: report.failed, skipped: report.skipped, runner: report.runner } : null;
}
