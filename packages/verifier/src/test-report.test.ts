// Each runner's report as the runner printed it (fixtures captured from the runners themselves, run on a
// small suite with one failing, one skipped and nested tests), read into tests by name, or by the file,
// package or suite the runner reports; and the runners not installed here from their documented lines.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareWithStart } from "./compare-start.js";
import { createTestReader, readTestReport, readTestSummary } from "./test-report.js";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "__fixtures__", "runners", name), "utf8");
/** The units of a report as `name=passed/failed/skipped` (`?` where the runner gave no count). */
const units = (output: string) =>
  readTestReport(output)?.units.map(
    (unit) => `${unit.name}=${unit.passed}/${unit.failed}/${unit.skipped}${unit.counted ? "" : "?"}`,
  );

describe("reading what a test runner ran", () => {
  it.each([
    [
      "node-test-tap-failing.txt",
      "node:test",
      "test",
      ["math > adds=1/0/0", "math > subs=0/1/0", "top=1/0/0", "skipme=0/0/1"],
      [2, 1, 1],
    ],
    [
      "node-test-spec-failing.txt",
      "node:test",
      "test",
      ["math > adds=1/0/0", "math > subs=0/1/0", "top=1/0/0", "skipme=0/0/1"],
      [2, 1, 1],
    ],
    [
      "tap-failing.txt",
      "tap",
      "test",
      ["test/a.js > math > adds=1/0/0", "test/a.js > math > subs=0/1/0", "test/a.js > top > ok=1/0/0"],
      [2, 1, 0],
    ],
    ["vitest-failing.txt", "vitest", "file", ["a.test.js=2/1/1", "b.test.js=2/0/0"], [4, 1, 1]],
    ["vitest-passing.txt", "vitest", "file", ["a.test.js=3/0/1", "b.test.js=2/0/0"], [5, 0, 1]],
    ["jest-failing.txt", "jest", "file", ["./a.test.js=0/1/0?", "./b.test.js=1/0/0?"], [4, 1, 1]],
    [
      "mocha-failing.txt",
      "mocha",
      "test",
      ["top=1/0/0", "skipme=0/0/1", "math > adds=1/0/0", "math > subs=0/1/0", "math > deep > x=1/0/0"],
      [3, 1, 1],
    ],
    ["ava-failing.txt", "ava", "test", ["b › b one=1/0/0", "a › skipme=0/0/1", "a › adds=1/0/0", "a › subs=0/1/0"], [2, 1, 1]],
    ["uvu-failing.txt", "uvu", "suite", ["a.js > math=1/1/0", "a.js > (default suite)=1/0/0"], [2, 1, 1]],
    ["pytest-failing.txt", "pytest", "file", ["tests/test_a.py=2/1/1"], [2, 1, 1]],
    [
      "pytest-verbose-failing.txt",
      "pytest",
      "test",
      [
        "tests/test_a.py::test_adds=1/0/0",
        "tests/test_a.py::test_subs=0/1/0",
        "tests/test_a.py::test_skip=0/0/1",
        "tests/test_a.py::TestK::test_k=1/0/0",
      ],
      [2, 1, 1],
    ],
    ["go-test-failing.txt", "go test", "package", ["example.com/m=0/1/0?", "example.com/m/sub=1/0/0?"], [1, 1, 0]],
    [
      "go-test-verbose-failing.txt",
      "go test",
      "test",
      [
        "example.com/m TestAdds=1/0/0",
        "example.com/m TestSubs=0/1/0",
        "example.com/m TestSub/inner=1/0/0",
        "example.com/m/sub TestX=1/0/0",
      ],
      [3, 1, 0],
    ],
    [
      "go-test-json-failing.txt",
      "go test",
      "test",
      [
        "example.com/m TestAdds=1/0/0",
        "example.com/m TestSubs=0/1/0",
        "example.com/m TestSub/inner=1/0/0",
        "example.com/m/sub TestX=1/0/0",
      ],
      [3, 1, 0],
    ],
    [
      "cargo-test-failing.txt",
      "cargo test",
      "test",
      ["src/lib.rs tests::ign=0/0/1", "src/lib.rs tests::adds=1/0/0", "src/lib.rs tests::subs=0/1/0"],
      [1, 1, 1],
    ],
    ["jasmine-failing.txt", "jasmine", "run", [], [1, 1, 1]],
  ] as const)("%s: %s, by %s", (file, runner, granularity, expected, [passed, failed, skipped]) => {
    const output = fixture(file);
    expect(readTestReport(output)).toMatchObject({ runner, granularity, passed, failed, skipped });
    expect(units(output)).toEqual(expected);
  });

  it("a test file that ran no test of its own counts as nothing (node's runner reports it as a pass)", () => {
    // b.test.js in the fixture only exits: node reports "ok 2 - /tmp/nt/b.test.js" and counts it passed.
    const output = fixture("node-test-tap-failing.txt");
    expect(output).toMatch(/^ok 2 - \/tmp\/nt\/b\.test\.js$/m);
    expect(output).toMatch(/^# pass 3$/m);
    expect(readTestReport(output)?.passed).toBe(2);
    const onlyExits =
      "TAP version 13\n# Subtest: /p/math.test.js\nok 1 - /p/math.test.js\n  ---\n  duration_ms: 40\n  ...\n1..1\n# tests 1\n# suites 0\n# pass 1\n# fail 0\n# cancelled 0\n# skipped 0\n# todo 0\n";
    expect(readTestReport(onlyExits)).toMatchObject({ passed: 0, failed: 0, units: [] });
  });

  it("a test file that failed to load is a failure", () => {
    const output =
      "TAP version 13\n# Subtest: /p/math.test.js\nnot ok 1 - /p/math.test.js\n  ---\n  error: 'test failed'\n  ...\n1..1\n# tests 1\n# pass 0\n# fail 1\n";
    expect(readTestReport(output)).toMatchObject({ failed: 1, units: [{ name: "/p/math.test.js", failed: 1 }] });
  });

  it.each([
    [
      "bun test",
      "(pass) math > adds [0.12ms]\n(fail) math > subs [0.30ms]\n(skip) later\n\n 1 pass\n 1 skip\n 1 fail\n Ran 3 tests across 1 file. [12.00ms]\n",
      [1, 1, 1],
      3,
    ],
    [
      "deno test",
      "running 2 tests from ./math_test.ts\nadds ... ok (1ms)\nsubs ... FAILED (2ms)\n\nFAILED | 1 passed | 1 failed (10ms)\n",
      [1, 1, 0],
      2,
    ],
    [
      "playwright",
      "Running 2 tests using 1 worker\n  ✓  1 [chromium] › a.spec.ts:3:5 › home › loads (1.2s)\n  ✘  2 [chromium] › a.spec.ts:9:5 › home › saves (2.0s)\n\n  1 failed\n  1 passed (3.4s)\n",
      [1, 1, 0],
      2,
    ],
    ["rspec", "..F*\n\nFinished in 0.1 seconds\n4 examples, 1 failure, 1 pending\n", [2, 1, 1], 0],
    [
      "karma",
      "Executed 1 of 3 SUCCESS (0 secs / 0.001 secs)\nExecuted 3 of 3 (1 FAILED) (0.01 secs / 0.005 secs)\n",
      [2, 1, 0],
      0,
    ],
  ] as const)("%s, from its documented lines", (runner, output, [passed, failed, skipped], named) => {
    expect(readTestReport(output)).toMatchObject({ runner, passed, failed, skipped });
    expect(readTestReport(output)?.units).toHaveLength(named);
  });

  it("reads output that comes in pieces, through colour codes and progress lines", () => {
    const reader = createTestReader();
    const output = fixture("vitest-failing.txt").replace(/Tests {2}/, "\u001b[2mTests\u001b[22m  \r");
    for (let at = 0; at < output.length; at += 7) reader.write(output.slice(at, at + 7));
    expect(reader.end()).toMatchObject({ runner: "vitest", passed: 4, failed: 1 });
  });

  it("finds nothing in output that no runner wrote: an echo, a build's log, a fake 'PASS' line", () => {
    expect(readTestReport("ok\n")).toBeNull();
    expect(readTestReport("> tsc -p .\n")).toBeNull();
    expect(readTestReport("PASS everything\n")).toBeNull();
    expect(readTestReport("")).toBeNull();
  });

  it("adds up a workspace whose packages use different runners, each unit named with its runner", () => {
    const report = readTestReport(`${fixture("vitest-passing.txt")}\n${fixture("mocha-failing.txt")}`);
    expect(report).toMatchObject({ runner: "vitest + mocha", passed: 8, failed: 1 });
    expect(report?.units.map((unit) => unit.name)).toContain("mocha: math > adds");
  });

  it("keeps only counts past its limit of named tests, and never a line past its length limit", () => {
    const lines = Array.from({ length: 25_000 }, (_, index) => `test t${index} ... ok`).join("\n");
    const report = readTestReport(
      `running 25000 tests\n${lines}\n${"x".repeat(100_000)}\ntest result: ok. 25000 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n`,
    );
    expect(report).toMatchObject({ passed: 25_000, failed: 0 });
    expect(report?.units.length).toBe(20_000);
  });

  it("tape is read as tape, not node's runner: each assertion under its test, its two-space counts, its `# ok`", () => {
    // Captured from tape 5: `# name` opens a test, `ok N message` has no dash, `# pass  4` two spaces.
    const failing = readTestReport(fixture("tape-failing.txt"));
    expect(failing).toMatchObject({ runner: "tape", granularity: "test", passed: 4, failed: 1, skipped: 0 });
    expect(failing?.failing).toEqual(["subtracts > three minus one"]);
    expect(units(fixture("tape-failing.txt"))).toEqual([
      "adds > should be strictly equal=1/0/0",
      "adds > two and two=1/0/0",
      "subtracts > three minus one=0/1/0",
      "inner > inner ok=1/0/0",
      "all good > should be truthy=1/0/0",
    ]);
    expect(readTestReport(fixture("tape-passing.txt"))).toMatchObject({ runner: "tape", passed: 5, failed: 0 });
  });

  it("pytest in its own words: deselected never counted as skipped, xfailed and errors as it says, the failing tests named", () => {
    // Captured from pytest 9 with `-m "not slow"`: 1 deselected, an expected failure, a fixture error.
    const report = readTestReport(fixture("pytest-deselect-failing.txt"));
    expect(report).toMatchObject({ runner: "pytest", passed: 1, failed: 2, skipped: 2 });
    expect(report?.words).toBe("1 failed, 1 passed, 1 skipped, 1 deselected, 1 xfailed, 1 error");
    expect(report?.failing).toEqual(["tests/test_a.py::test_bad", "tests/test_a.py::test_err"]);
  });

  it("jest names its failing tests under their file, and adds up a check that runs it once a project", () => {
    // Captured from jest 29 with two projects in one run, and with one run a project (`--selectProjects`).
    const together = readTestReport(fixture("jest-projects-failing.txt"));
    expect(together).toMatchObject({ runner: "jest", passed: 4, failed: 1 });
    expect(together?.failing).toEqual(["b/z.test.js › four"]);
    const apart = readTestReport(fixture("jest-two-runs-failing.txt"));
    expect(apart).toMatchObject({ runner: "jest", passed: 4, failed: 1 });
    expect(apart?.units).toHaveLength(3);
  });

  it("jest's reprint of the failing files (after many files, without their project's name) is no file of its own", () => {
    // Captured from testing-library/dom-testing-library: jest 29, two projects (dom, node), 29 files, 666 tests.
    const failing = readTestReport(fixture("jest-dom-testing-library-failing.txt"));
    const passing = readTestReport(fixture("jest-dom-testing-library-passing.txt"));
    expect(failing).toMatchObject({ runner: "jest", passed: 657, failed: 9 });
    expect(passing).toMatchObject({ runner: "jest", passed: 666, failed: 0 });
    expect(failing?.units).toHaveLength(29);
    const names = new Set(passing?.units.map((unit) => unit.name));
    expect(failing?.units.filter((unit) => !names.has(unit.name))).toEqual([]);
    expect(failing?.failing).toContain(
      "src/__tests__/text-matchers.js › queries trim leading, trailing & inner whitespace by default › queryAllByText",
    );
    expect(compareWithStart(failing!, passing!)).toMatchObject({ missingCount: 0, fixedCount: 2 });
  });

  it("go test without -v names its failing tests with their package, a parent by its failing subtests", () => {
    // Captured from go 1.19: `go test ./...` over three packages, one failing two tests, one with no tests.
    const report = readTestReport(fixture("go-packages-failing.txt"));
    expect(report).toMatchObject({ runner: "go test", granularity: "package", passed: 1, failed: 1 });
    expect(report?.failing).toEqual(["example.com/m/a TestAdd", "example.com/m/a TestTable/neg"]);
  });

  it("a stray TAP header beside a runner's report is no second runner (node:test loaded inside vitest, as unjs/defu's tests do)", () => {
    const stray =
      "TAP version 13\n# Subtest: isPlainObject\nok 1 - isPlainObject\n  ---\n  duration_ms: 1.6\n  type: 'suite'\n  ...\n";
    const output = fixture("vitest-passing.txt").replace(" ✓ b.test.js", `${stray} ✓ b.test.js`);
    expect(output).toContain("TAP version 13");
    expect(readTestReport(output)).toMatchObject({ runner: "vitest", passed: 5 });
  });

  it("a project's own test program is read by its plain counts: jsmn's `make test`, and the 'N passed, N failed' line", () => {
    // Captured from zserge/jsmn's Makefile with a bug in its tokenizer: make stops at the first failing program.
    const report = readTestReport(fixture("make-jsmn-failing.txt"));
    expect(report).toMatchObject({ runner: "the test program", granularity: "run", passed: 14, failed: 2 });
    expect(report?.failing).toEqual(["test for a JSON objects", "test array reading with a smaller number of tokens"]);
    expect(readTestReport("suite: 12 passed, 0 failed, 1 skipped\n")).toMatchObject({ passed: 12, failed: 0, skipped: 1 });
    // A known runner's closing line is its own, never read again as plain counts.
    expect(readTestReport(fixture("pytest-failing.txt"))?.runner).toBe("pytest");
    expect(readTestReport("FAILED: 3\n")).toBeNull();
  });

  it("vitest names each failing test from its failures", () => {
    expect(readTestReport(fixture("vitest-failing.txt"))?.failing).toEqual(["a.test.js > math > subs"]);
  });

  it("readTestSummary keeps its counts-only answer for callers of the public API", () => {
    expect(readTestSummary(fixture("mocha-failing.txt"))).toEqual({ passed: 3, failed: 1, skipped: 1, runner: "mocha" });
  });
});
