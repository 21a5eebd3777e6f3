// pytest: by default a line a test file, a mark a test (`tests/test_a.py .Fs.  [ 50%]`, more marks on
// lines of their own when they do not fit); with `-v` a line a test (`tests/test_a.py::test_x PASSED`);
// the short summary's `FAILED file::test - why` and `ERROR file::test`, which name the failing tests; the
// closing `==== 1 failed, 2 passed, 1 skipped, 3 deselected in 0.12s ====`. `.` passed, `F` failed, `E` an
// error, `s` skipped, `x` an expected failure, `X` an unexpected pass. A deselected test (`-m "not slow"`,
// `-k`) was never meant to run: it is in pytest's words, never counted as skipped. A collection error
// (`ERROR collecting …`, `1 error in 0.1s`) is a failure.
import { addCounts, countsIn, nameList, type RunnerReader, type TestCounts, type TestUnit, unitList } from "./runner-reader.js";

const FILE = /^(\S+\.py) ([.FEsxX]+)\s*(?:\[\s*\d+%\])?$/;
const MORE = /^([.FEsxX]+)\s*\[\s*\d+%\]$/;
const VERBOSE = /^(\S+\.py::\S.*?) (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b/;
const CLOSING = /^=+ (.*\b(?:passed|failed|skipped|no tests ran|errors?|deselected|xfailed|xpassed)\b.*) in [\d.]+m?s\b.*=+$/;
const SHORT_SUMMARY = /^(FAILED|ERROR) (\S+?)(?: - .*)?$/;

function marked(name: string, marks: string): TestUnit {
  const count = (pattern: RegExp) => (marks.match(pattern) ?? []).length;
  return { name, passed: count(/[.X]/g), failed: count(/[FE]/g), skipped: count(/[sx]/g), counted: true };
}

export function pytestReader(): RunnerReader {
  const files = unitList();
  const tests = unitList();
  let current: string | null = null;
  let summary: TestCounts | null = null;
  const failing = nameList();
  const words: string[] = [];
  return {
    line(text) {
      const body = text.trimEnd();
      const file = FILE.exec(body);
      if (file) {
        current = file[1] ?? "";
        files.add(marked(current, file[2] ?? ""));
        return true;
      }
      const more = MORE.exec(body);
      if (more && current) {
        files.add(marked(current, more[1] ?? ""));
        return true;
      }
      const verbose = VERBOSE.exec(body);
      if (verbose) {
        const state =
          verbose[2] === "PASSED" || verbose[2] === "XPASS"
            ? "passed"
            : verbose[2] === "FAILED" || verbose[2] === "ERROR"
              ? "failed"
              : "skipped";
        tests.add({
          name: verbose[1] ?? "",
          passed: state === "passed" ? 1 : 0,
          failed: state === "failed" ? 1 : 0,
          skipped: state === "skipped" ? 1 : 0,
          counted: true,
        });
        return true;
      }
      const short = SHORT_SUMMARY.exec(body);
      if (short && (short[2] ?? "").includes(".py")) {
        failing.add(short[2] ?? "");
        return true;
      }
      const closing = CLOSING.exec(body);
      if (!closing) return false;
      // A session run again (tox's environments, a script that runs pytest twice) adds up.
      words.push(closing[1] ?? "");
      summary = addCounts(
        summary,
        countsIn(closing[1] ?? "", {
          passed: /(\d+) (?:passed|xpassed)/,
          failed: /(\d+) (?:failed|errors?)/,
          skipped: /(\d+) (?:skipped|xfailed)/,
        }),
      );
      return true;
    },
    result() {
      if (!summary) return null;
      // Its own words where they say more than passed, failed and skipped (deselected, xfailed, errors).
      const more = words.some((line) => /\b(?:deselected|xfailed|xpassed|errors?|warnings?|rerun)\b/.test(line));
      const said = { summary, failing: failing.list(), ...(more ? { words: words.join("; ") } : {}) };
      if (tests.size > 0) return { runner: "pytest", granularity: "test", units: tests.list(), ...said };
      return { runner: "pytest", granularity: files.size > 0 ? "file" : "run", units: files.list(), ...said };
    },
  };
}
