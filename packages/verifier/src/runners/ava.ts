// AVA's default reporter: `✔ file › title` a test (a duration after a slow one), `✘ [fail]: file › title`,
// `- [skip] …`, `◌ [todo] …`, and the closing `3 tests passed`, `1 test failed`, `1 test skipped`,
// `1 known failure`.
import { num, oneTest, type RunnerReader, type TestCounts, unitList } from "./runner-reader.js";

export function avaReader(): RunnerReader {
  const units = unitList();
  let summary: TestCounts | null = null;
  return {
    line(text) {
      const body = text.trim();
      const closing =
        /^(\d+) (?:tests? (passed|failed|skipped|todo|remaining)|(known failures?)|(uncaught exceptions?|unhandled rejections?))$/.exec(
          body,
        );
      if (closing) {
        summary ??= { passed: 0, failed: 0, skipped: 0 };
        const count = num(closing[1]);
        if (closing[2] === "passed" || closing[3]) summary.passed += count;
        else if (closing[2] === "failed" || closing[4]) summary.failed += count;
        else summary.skipped += count;
        return true;
      }
      const test =
        /^(?:(✔)(?:\s+\[expected fail\])?\s+(.*?)(?:\s+\(\d+m?s\))?|✘\s+\[fail\]:\s+(.*)|-\s+\[skip\]\s+(.*)|◌\s+\[todo\]\s+(.*))$/u.exec(
          body,
        );
      if (!test || !/ › /.test(body)) return false;
      if (test[1]) units.add(oneTest(test[2] ?? "", "passed"));
      else if (test[3] !== undefined) units.add(oneTest(test[3], "failed"));
      else units.add(oneTest(test[4] ?? test[5] ?? "", "skipped"));
      return true;
    },
    result() {
      if (!summary) return null;
      return { runner: "ava", granularity: "test", units: units.list(), summary };
    },
  };
}
