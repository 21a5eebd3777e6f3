import { describe, expect, it } from "vitest";
import { readTestSummary } from "./test-summary.js";

// Each runner's summary as the runner prints it with NO_COLOR (captured from the runners themselves).
const OUTPUTS: readonly [string, string, { passed: number; failed: number; skipped: number } | null][] = [
  [
    "vitest",
    " Test Files  2 passed (2)\n      Tests  5 passed | 1 skipped (6)\n   Start at  10:00:00",
    { passed: 5, failed: 0, skipped: 1 },
  ],
  ["vitest", "      Tests  1 failed | 2 passed (3)", { passed: 2, failed: 1, skipped: 0 }],
  ["vitest", "      Tests  3 skipped (3)", { passed: 0, failed: 0, skipped: 3 }],
  [
    "jest",
    "Test Suites: 1 failed, 1 total\nTests:       1 failed, 2 passed, 3 total\nSnapshots:   0 total",
    { passed: 2, failed: 1, skipped: 0 },
  ],
  [
    "node:test",
    "1..2\n# tests 2\n# suites 0\n# pass 2\n# fail 0\n# cancelled 0\n# skipped 0\n# todo 0",
    { passed: 2, failed: 0, skipped: 0 },
  ],
  [
    "node:test",
    "\u2139 tests 3\n\u2139 pass 0\n\u2139 fail 0\n\u2139 cancelled 0\n\u2139 skipped 3\n\u2139 todo 0",
    { passed: 0, failed: 0, skipped: 3 },
  ],
  ["node:test", "# tests 0\n# pass 0\n# fail 0", { passed: 0, failed: 0, skipped: 0 }],
  ["mocha", "  3 passing (12ms)\n  1 pending\n  1 failing\n", { passed: 3, failed: 1, skipped: 1 }],
  ["pytest", "============ 3 passed, 1 skipped in 0.12s ============", { passed: 3, failed: 0, skipped: 1 }],
  ["pytest", "===== 1 failed, 2 passed, 1 error in 1.50s =====", { passed: 2, failed: 2, skipped: 0 }],
  ["pytest", "============ no tests ran in 0.01s ============", { passed: 0, failed: 0, skipped: 0 }],
  [
    "cargo test",
    "test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\ntest result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out",
    { passed: 4, failed: 0, skipped: 1 },
  ],
  ["rspec", "Finished in 0.1 seconds\n5 examples, 1 failure, 1 pending", { passed: 3, failed: 1, skipped: 1 }],
  [
    "go test",
    "=== RUN   TestAdd\n--- PASS: TestAdd (0.00s)\n--- SKIP: TestSlow (0.00s)\nPASS\nok  \texample.com/m\t0.01s",
    { passed: 1, failed: 0, skipped: 1 },
  ],
  ["go test", "ok  \texample.com/m\t0.01s\nok  \texample.com/m/b\t(cached)", { passed: 2, failed: 0, skipped: 0 }],
  ["go test", "ok  \texample.com/m\t0.01s [no tests to run]", { passed: 0, failed: 0, skipped: 0 }],
];

describe("readTestSummary", () => {
  it.each(OUTPUTS)("reads %s: %j", (runner, output, counts) => {
    expect(readTestSummary(output)).toEqual({ ...counts, runner });
  });

  it("finds nothing in output that no runner wrote: an echo, a build's log", () => {
    expect(readTestSummary("ok\n")).toBeNull();
    expect(readTestSummary("> tsc -p .\n")).toBeNull();
    expect(readTestSummary("")).toBeNull();
  });

  it("reads through colour codes and progress carriage returns", () => {
    expect(
      readTestSummary(
        "\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m4 passed\u001b[39m\u001b[22m\u001b[90m (4)\u001b[39m\r\n",
      ),
    ).toEqual({
      passed: 4,
      failed: 0,
      skipped: 0,
      runner: "vitest",
    });
  });
});
