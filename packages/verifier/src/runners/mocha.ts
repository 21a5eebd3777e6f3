// mocha's default `spec` reporter: suites as headings, tests under them two spaces deeper — `✔ name`
// (`✓` on some terminals, a duration after a slow one), `1) name` for a failure, `- name` pending — and
// the closing `3 passing (12ms)`, `1 failing`, `1 pending`. What follows its counts (each failure
// again, with its suite) is not read as more tests.
import { nestedName, num, oneTest, type RunnerReader, type TestCounts, unitList } from "./runner-reader.js";

export function mochaReader(): RunnerReader {
  const units = unitList();
  const suites = new Map<number, string>();
  let summary: TestCounts | null = null;
  const pathTo = (indent: number, name: string) => nestedName(suites, indent, name);
  return {
    line(text) {
      const indent = text.length - text.trimStart().length;
      const body = text.trim();
      const passing = /^(\d+) passing\b/.exec(body);
      if (passing) {
        summary = { passed: num(passing[1]), failed: 0, skipped: 0 };
        return false;
      }
      if (summary) {
        const more = /^(\d+) (failing|pending)$/.exec(body);
        if (more && more[2] === "failing") summary.failed = num(more[1]);
        else if (more) summary.skipped = num(more[1]);
        return false;
      }
      if (body === "" || indent === 0) return false;
      const test = /^(?:([✔✓])\s+(.*?)(?:\s+\(\d+m?s\))?|(\d+)\)\s+(.*)|-\s+(.*))$/u.exec(body);
      for (const at of [...suites.keys()]) if (at >= indent) suites.delete(at);
      if (!test) {
        suites.set(indent, body);
        return false;
      }
      if (test[1]) units.add(oneTest(pathTo(indent, test[2] ?? ""), "passed"));
      else if (test[3]) units.add(oneTest(pathTo(indent, test[4] ?? ""), "failed"));
      else units.add(oneTest(pathTo(indent, test[5] ?? ""), "skipped"));
      return false;
    },
    result() {
      if (!summary) return null;
      return { runner: "mocha", granularity: "test", units: units.list(), summary };
    },
  };
}
