// A test program of the project's own, with no runner goalpost knows: read by the two plain closing
// forms such programs print, each alone on its line — "12 passed, 1 failed" (", 2 skipped" may follow,
// and one word with a colon may stand before it), and the pair "PASSED: 12" / "FAILED: 1" (jsmn's test
// harness, and many C ones), with "FAILED: <test> …" naming a failing test. Last of the readers: a known
// runner's lines are its own. Several programs in one check (a Makefile's test targets) add up.
import { addCounts, nameList, num, type RunnerReader, type TestCounts } from "./runner-reader.js";

const PLAIN = /^(?:\w+:\s*)?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/i;
const PASSED = /^PASSED: (\d+)$/;
const FAILED = /^FAILED: (\d+)$/;
const FAILED_TEST = /^FAILED: (\D.*?)(?: \(at .*\))?$/;

export function plainCountsReader(): RunnerReader {
  let summary: TestCounts | null = null;
  let passed: number | null = null;
  const failing = nameList();
  return {
    line(text) {
      const body = text.trim();
      const plain = PLAIN.exec(body);
      if (plain) {
        summary = addCounts(summary, { passed: num(plain[1]), failed: num(plain[2]), skipped: num(plain[3]) });
        return true;
      }
      const pass = PASSED.exec(body);
      if (pass) {
        passed = num(pass[1]);
        return true;
      }
      const fail = FAILED.exec(body);
      if (fail && passed !== null) {
        summary = addCounts(summary, { passed, failed: num(fail[1]), skipped: 0 });
        passed = null;
        return true;
      }
      const test = FAILED_TEST.exec(body);
      if (test) failing.add(test[1] ?? "");
      return false;
    },
    result: () =>
      summary ? { runner: "the test program", granularity: "run", units: [], summary, failing: failing.list() } : null,
  };
}
