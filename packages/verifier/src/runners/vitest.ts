// vitest's default reporter: a line a test file, `✓ src/a.test.ts (4 tests | 1 skipped) 3ms` (`❯` or `×`
// when one failed, `↓` when all were skipped, `|project|` before the file in a workspace), and the
// closing `Tests  1 failed | 4 passed | 1 skipped (6)`. It names a passing file's tests only in its
// verbose mode, so a file is the unit, with its count; each failing test is named in its failures,
// `FAIL  a.test.js > math > subs`. Several runs in one check (a script that runs it twice) add up.
import {
  addCounts,
  countsIn,
  nameList,
  num,
  type RunnerReader,
  type TestCounts,
  type TestUnit,
  unitList,
} from "./runner-reader.js";

const FILE =
  /^([✓❯×↓])\s+(?:\|([^|]+)\|\s+)?(\S.*?)\s+\((\d+) tests?((?:\s*\|\s*\d+ (?:failed|skipped|todo|passed))*)\)(?:\s+[\d.]+\s?m?s)?$/u;
const TOTALS = /^Tests\s{2,}(.+\(\d+\))$/;
const FAILURE = /^FAIL\s{2}(\S.* > .+)$/;
/** Its other closing lines, which a looser pattern (mocha's suite headings) would take for its own. */
const OWN_LINES = /^(?:Test Files\s{2,}.+\(\d+\)|Start at\s{2,}\S+|Duration\s{2,}[\d.]+\s?m?s\b.*|RUN\s+v\d+\.\d+\.\d+\b.*)$/;

export function vitestReader(): RunnerReader {
  const units = unitList();
  let summary: TestCounts | null = null;
  const failing = nameList();
  return {
    line(text) {
      const body = text.trim();
      const failure = units.size > 0 ? FAILURE.exec(body) : null;
      if (failure) {
        failing.add(failure[1] ?? "");
        return true;
      }
      const file = FILE.exec(body);
      if (file) {
        const total = num(file[4]);
        const parts = file[5] ?? "";
        const failed = num(/(\d+) failed/.exec(parts)?.[1]);
        const skipped = num(/(\d+) skipped/.exec(parts)?.[1]) + num(/(\d+) todo/.exec(parts)?.[1]);
        const name = file[2] ? `${file[2].trim()} ${file[3]}` : (file[3] ?? "");
        // A file that failed before any test ran ("❯ a.test.ts (0 test)") is a failure of its own.
        const unit: TestUnit =
          total === 0 && file[1] !== "✓" && file[1] !== "↓"
            ? { name, passed: 0, failed: 1, skipped: 0, counted: true }
            : { name, passed: Math.max(0, total - failed - skipped), failed, skipped, counted: true };
        units.add(unit);
        return true;
      }
      const totals = TOTALS.exec(body);
      if (!totals) return OWN_LINES.test(body);
      summary = addCounts(
        summary,
        countsIn(totals[1] ?? "", { passed: /(\d+) passed/, failed: /(\d+) failed/, skipped: /(\d+) (?:skipped|todo)/ }),
      );
      return true;
    },
    result() {
      if (!summary && units.size === 0) return null;
      return { runner: "vitest", granularity: "file", units: units.list(), summary, failing: failing.list() };
    },
  };
}
