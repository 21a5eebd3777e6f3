// jest's default reporter: `PASS src/a.test.js` or `FAIL …` a test file (a project's name before it in a
// multi-project run), each failing test as `● suite › name` under its file, and the closing `Tests:
// 1 failed, 4 passed, 5 total`. It lists a passing file's tests only when it ran a single file, so a file
// is the unit, passed or failed, without a count; the failing tests are named. A script that runs jest
// once a project (`jest --selectProjects node && jest --selectProjects jsdom`) prints a closing line a
// run: they add up. After many files jest reprints each failing file under "Summary of all failing tests",
// without its project's name: those are the same files, not units of their own (dom-testing-library's
// two projects read as two more files that never ran once fixed).
import { addCounts, countsIn, nameList, type RunnerReader, type TestCounts, unitList } from "./runner-reader.js";

// Spaces, never a tab: go test writes "FAIL\tpkg\t0.02s".
const FILE = /^(PASS|FAIL) +([^\t]+?)(?: +\([\d.]+ *m?s\))?$/;
const TOTALS = /^Tests:\s+(.+\d+ total)$/;
/** `  ● suite › test` — also `● Test suite failed to run`, which names the file instead. */
const FAILURE = /^ {2}● (.+)$/;
const REPRINT = /^Summary of all failing tests$/;

export function jestReader(): RunnerReader {
  const units = unitList();
  let summary: TestCounts | null = null;
  const failing = nameList();
  let failedFile: string | null = null;
  let reprinted = false;
  return {
    line(text) {
      const failure = failedFile === null ? null : FAILURE.exec(text.trimEnd());
      if (failure) {
        const name = failure[1] ?? "";
        failing.add(name === "Test suite failed to run" ? `${failedFile} (failed to run)` : `${failedFile} › ${name}`);
        return true;
      }
      const body = text.trim();
      if (REPRINT.test(body)) {
        reprinted = true;
        return true;
      }
      const file = FILE.exec(body);
      if (file) {
        const failed = file[1] === "FAIL";
        // A project's name is the first word, before the path: the path is the last.
        failedFile = failed ? ((file[2] ?? "").split(/\s+/).at(-1) ?? null) : null;
        if (reprinted) return true;
        units.add({
          name: (file[2] ?? "").replace(/\s{2,}/g, " "),
          passed: failed ? 0 : 1,
          failed: failed ? 1 : 0,
          skipped: 0,
          counted: false,
        });
        return true;
      }
      const totals = TOTALS.exec(body);
      if (!totals) return false;
      failedFile = null;
      reprinted = false;
      summary = addCounts(
        summary,
        countsIn(totals[1] ?? "", {
          passed: /(\d+) passed/,
          failed: /(\d+) failed/,
          skipped: /(\d+) (?:skipped|todo|pending)/,
        }),
      );
      return true;
    },
    result() {
      // "PASS x" alone is too common a word to be jest's; its closing counts say it was.
      if (!summary) return null;
      return { runner: "jest", granularity: "file", units: units.list(), summary, failing: failing.list() };
    },
  };
}
