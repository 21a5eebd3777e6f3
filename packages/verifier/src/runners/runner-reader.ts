// What every test runner's reader is: it reads a check's output a line at a time, as the check prints
// it (so the output itself is never kept whole), and says which tests ran and how each ended — by name
// where the runner prints names, else by the file, package or suite it prints a line for.

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** One test, or the file, package or suite a runner reports as one line when it names no finer tests. */
export interface TestUnit extends TestCounts {
  readonly name: string;
  /** False when the runner gave no count for it (jest's `PASS file`): it is one unit, passed or failed. */
  readonly counted: boolean;
}

export type Granularity = "test" | "file" | "package" | "suite" | "run";

export interface RunnerResult {
  readonly runner: string;
  readonly granularity: Granularity;
  readonly units: readonly TestUnit[];
  /** The totals the runner's own summary line gave, where it prints one (added up over several runs). */
  readonly summary: TestCounts | null;
  /**
   * The failing tests by name, where the runner names them though its units are coarser (jest's `● name`
   * under a failing file, pytest's `FAILED file::test`, go's `--- FAIL: TestX` without -v).
   */
  readonly failing?: readonly string[];
  /** Its closing counts in its own words ("1 failed, 40 passed, 31025 deselected"), where they say more than three numbers. */
  readonly words?: string;
}

/** Failing tests named at most: the verdict names a few, and a run with thousands failing keeps its counts. */
export const FAILING_LIMIT = 50;

/** A list of names kept once each, up to FAILING_LIMIT. */
export function nameList() {
  const names = new Set<string>();
  return {
    add(name: string) {
      if (names.size < FAILING_LIMIT) names.add(name);
    },
    list: (): string[] => [...names],
  };
}

export interface RunnerReader {
  /**
   * One line of output, without its newline, colour codes and carriage returns taken out. True when the
   * line is this runner's beyond doubt (a vitest file line, a TAP result): the readers after it do not
   * see it, so that a generic pattern (mocha's `✓ name`) cannot count another runner's line again.
   */
  line(text: string): boolean;
  /** What was read, or null when nothing of this runner's was in the output. */
  result(): RunnerResult | null;
}

/** More units than this are not kept one by one (their counts still are). */
const UNIT_LIMIT = 20_000;

/** Collects units by name, adding up a name seen twice (a workspace's packages with files of one name). */
export function unitList() {
  const units = new Map<string, TestUnit>();
  let dropped: TestCounts = { passed: 0, failed: 0, skipped: 0 };
  return {
    add(unit: TestUnit) {
      const known = units.get(unit.name);
      if (known)
        units.set(unit.name, {
          ...known,
          passed: known.passed + unit.passed,
          failed: known.failed + unit.failed,
          skipped: known.skipped + unit.skipped,
        });
      else if (units.size < UNIT_LIMIT) units.set(unit.name, unit);
      else
        dropped = {
          passed: dropped.passed + unit.passed,
          failed: dropped.failed + unit.failed,
          skipped: dropped.skipped + unit.skipped,
        };
    },
    get size() {
      return units.size;
    },
    list(): TestUnit[] {
      return [...units.values()];
    },
    dropped: () => dropped,
  };
}

/** A unit of one test that ended as `state`. */
export const oneTest = (name: string, state: "passed" | "failed" | "skipped"): TestUnit => ({
  name,
  passed: state === "passed" ? 1 : 0,
  failed: state === "failed" ? 1 : 0,
  skipped: state === "skipped" ? 1 : 0,
  counted: true,
});

export const num = (text: string | undefined): number => (text ? Number.parseInt(text, 10) : 0);

/**
 * A test's full name in a reporter that nests by indentation (mocha's spec, node's spec, TAP): the
 * suites open at lesser indents, outermost first, then the test — "suite > inner > test".
 */
export function nestedName(open: ReadonlyMap<number, string>, indent: number, name: string): string {
  return [...open.entries()]
    .filter(([at]) => at < indent)
    .sort(([a], [b]) => a - b)
    .map(([, suite]) => suite)
    .concat(name)
    .join(" > ");
}

/** "3 passed", "1 failed", "2 skipped" and their kin, added up over one summary line. */
export function countsIn(line: string, words: { passed: RegExp; failed: RegExp; skipped: RegExp }): TestCounts {
  const sum = (pattern: RegExp) =>
    [...line.matchAll(new RegExp(pattern.source, "gi"))].reduce((total, match) => total + num(match[1]), 0);
  return { passed: sum(words.passed), failed: sum(words.failed), skipped: sum(words.skipped) };
}

export const addCounts = (into: TestCounts | null, from: TestCounts): TestCounts => ({
  passed: (into?.passed ?? 0) + from.passed,
  failed: (into?.failed ?? 0) + from.failed,
  skipped: (into?.skipped ?? 0) + from.skipped,
});

/**
 * A name that is a script's path: node's test runner reports a file that ran no test of its own under
 * its path, as a passing test. Such a "test" proves nothing and counts as nothing.
 */
export const looksLikeTestFile = (name: string): boolean => /[\\/]/.test(name) && /^[\w@.\-/\\:]+\.[cm]?[jt]sx?$/.test(name);
