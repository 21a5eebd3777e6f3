// What a test runner says it ran, read from its closing summary. A test check passes only when the
// runner reports at least one test run and none failed: exit status 0 alone is what `echo ok`, an
// all-skipped suite and a name filter that matches nothing also give. Each runner's own summary line,
// as it prints it without colour (goalpost runs checks with NO_COLOR and CI set); where a run prints
// several summaries (a workspace running each package's suite), their counts are added up.
import type { TestCounts } from "../record/goal-checks.js";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

type Reader = (output: string) => Counts | null;

const num = (text: string | undefined) => (text ? Number.parseInt(text, 10) : 0);
const add = (into: Counts, from: Counts) => {
  into.passed += from.passed;
  into.failed += from.failed;
  into.skipped += from.skipped;
};

/** Sums a reader's counts over every line it matches; null when it matches none. */
function everyMatch(pattern: RegExp, read: (match: RegExpExecArray) => Counts): Reader {
  return (output) => {
    const total: Counts = { passed: 0, failed: 0, skipped: 0 };
    let found = false;
    for (const match of output.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))) {
      found = true;
      add(total, read(match as RegExpExecArray));
    }
    return found ? total : null;
  };
}

/** "3 passed", "1 failed", "2 skipped" and their kin, in any order, from one summary line. */
function countsIn(line: string, words: { passed: RegExp; failed: RegExp; skipped: RegExp }): Counts {
  const sum = (pattern: RegExp) =>
    [...line.matchAll(new RegExp(pattern.source, "gi"))].reduce((total, match) => total + num(match[1]), 0);
  return { passed: sum(words.passed), failed: sum(words.failed), skipped: sum(words.skipped) };
}

// vitest: " Tests  1 failed | 2 passed | 1 skipped (4)"; jest: "Tests:       1 failed, 2 passed, 3 total".
const VITEST = everyMatch(/^\s*Tests\s{2,}(.+\(\d+\))\s*$/m, (m) =>
  countsIn(m[1] ?? "", { passed: /(\d+) passed/, failed: /(\d+) failed/, skipped: /(\d+) (?:skipped|todo)/ }),
);
const JEST = everyMatch(/^Tests:\s+(.+\d+ total)\s*$/m, (m) =>
  countsIn(m[1] ?? "", { passed: /(\d+) passed/, failed: /(\d+) failed/, skipped: /(\d+) (?:skipped|todo|pending)/ }),
);
// node --test, TAP: "# pass 3" / "# fail 0" / "# skipped 1" (and "ℹ pass 3" from its spec reporter).
const NODE_TEST: Reader = (output) => {
  const line = (word: string) =>
    [...output.matchAll(new RegExp(`^[#\\u2139]\\s+${word}\\s+(\\d+)\\s*$`, "gm"))].reduce((t, m) => t + num(m[1]), 0);
  if (!/^[#\u2139]\s+tests\s+\d+\s*$/m.test(output)) return null;
  return { passed: line("pass"), failed: line("fail") + line("cancelled"), skipped: line("skipped") + line("todo") };
};
// mocha: "  3 passing (12ms)", "  1 failing", "  2 pending".
const MOCHA: Reader = (output) => {
  const passing = /^\s*(\d+) passing\b/m.exec(output);
  if (!passing) return null;
  return {
    passed: num(passing[1]),
    failed: num(/^\s*(\d+) failing\b/m.exec(output)?.[1]),
    skipped: num(/^\s*(\d+) pending\b/m.exec(output)?.[1]),
  };
};
// pytest: "==== 3 passed, 1 skipped in 0.12s ====", "=== 1 failed, 2 passed in 1s ===", "no tests ran".
const PYTEST = everyMatch(
  /^=+ (.*\b(?:passed|failed|skipped|no tests ran|errors?|deselected)\b.*) in [\d.]+m?s\b.*=+\s*$/m,
  (m) =>
    countsIn(m[1] ?? "", {
      passed: /(\d+) passed/,
      failed: /(\d+) (?:failed|errors?)/,
      skipped: /(\d+) (?:skipped|deselected|xfailed)/,
    }),
);
// cargo test: "test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out".
const CARGO = everyMatch(/^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored/m, (m) => ({
  passed: num(m[1]),
  failed: num(m[2]),
  skipped: num(m[3]),
}));
// rspec: "5 examples, 0 failures, 1 pending".
const RSPEC = everyMatch(/^(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?/m, (m) => ({
  passed: num(m[1]) - num(m[2]) - num(m[3]),
  failed: num(m[2]),
  skipped: num(m[3]),
}));
// go test: with -v each "--- PASS: TestX" / "--- FAIL:" / "--- SKIP:"; without it only "ok  pkg 0.1s"
// per package (one test at least, unless "[no tests to run]") and "FAIL pkg".
const GO: Reader = (output) => {
  const verbose = {
    passed: (output.match(/^\s*--- PASS: /gm) ?? []).length,
    failed: (output.match(/^\s*--- FAIL: /gm) ?? []).length,
    skipped: (output.match(/^\s*--- SKIP: /gm) ?? []).length,
  };
  const packages = [...output.matchAll(/^(ok|FAIL|---)\s+\S+\s+(?:[\d.]+s|\(cached\)|\[[^\]]+\])(.*)$/gm)];
  if (verbose.passed + verbose.failed + verbose.skipped > 0) return verbose;
  if (packages.length === 0) return null;
  const ran = packages.filter((m) => m[1] === "ok" && !/no tests to run/.test(m[2] ?? ""));
  return { passed: ran.length, failed: packages.filter((m) => m[1] === "FAIL").length, skipped: 0 };
};

/** In the order tried: the more specific summaries first (jest's "Tests:" before vitest's "Tests"). */
const READERS: readonly (readonly [string, Reader])[] = [
  ["jest", JEST],
  ["vitest", VITEST],
  ["node:test", NODE_TEST],
  ["mocha", MOCHA],
  ["pytest", PYTEST],
  ["cargo test", CARGO],
  ["rspec", RSPEC],
  ["go test", GO],
];

// Colour codes, and the carriage returns of progress lines, would hide a summary from the patterns.
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]|\r/g;

/** The test counts the output's runner reported, or null when no known runner's summary is in it. */
export function readTestSummary(output: string): TestCounts | null {
  const plain = output.replace(ANSI, "");
  for (const [runner, read] of READERS) {
    const counts = read(plain);
    if (counts) return { ...counts, passed: Math.max(0, counts.passed), runner };
  }
  return null;
}
