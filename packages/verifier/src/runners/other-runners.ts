// Runners read from their own per-test lines or closing counts: bun test (`(pass) name [0.1ms]`, `Ran 4
// tests across 2 files.`), deno test (`name ... ok (2ms)`, `ok | 3 passed | 0 failed`), playwright's
// list reporter (`✓  1 [chromium] › a.spec.ts:3:1 › title (1.2s)`, `3 passed (2.1s)`), and the runners
// that print only counts: rspec (`5 examples, 1 failure, 1 pending`), jasmine (`3 specs, 1 failure`),
// karma (`Executed 3 of 3 SUCCESS`).
import { addCounts, num, oneTest, type RunnerReader, type TestCounts, unitList } from "./runner-reader.js";

export function bunReader(): RunnerReader {
  const units = unitList();
  let summary: TestCounts | null = null;
  const counts: TestCounts = { passed: 0, failed: 0, skipped: 0 };
  return {
    line(text) {
      const body = text.trim();
      const test = /^\((pass|fail|skip|todo)\) (.+?)(?: \[[\d.]+m?s\])?$/.exec(body);
      if (test) {
        units.add(oneTest(test[2] ?? "", test[1] === "pass" ? "passed" : test[1] === "fail" ? "failed" : "skipped"));
        return true;
      }
      const count = /^(\d+) (pass|fail|skip|todo)$/.exec(body);
      if (count) {
        const key = count[2] === "pass" ? "passed" : count[2] === "fail" ? "failed" : "skipped";
        counts[key] += num(count[1]);
        return true;
      }
      if (!/^Ran \d+ tests? across \d+ files?\./.test(body)) return false;
      summary = { ...counts };
      return true;
    },
    result: () => (summary ? { runner: "bun test", granularity: "test", units: units.list(), summary } : null),
  };
}

export function denoReader(): RunnerReader {
  const units = unitList();
  let file = "";
  let summary: TestCounts | null = null;
  return {
    line(text) {
      const body = text.trim();
      const from = /^running \d+ tests? from (\S+)$/.exec(body);
      if (from) {
        file = from[1] ?? "";
        return true;
      }
      const test = /^(.+?) \.\.\. (ok|FAILED|ignored)(?: \(\d+m?s\))?$/.exec(body);
      if (test && file && !body.startsWith("test ")) {
        units.add(oneTest(`${file} > ${test[1]}`, test[2] === "ok" ? "passed" : test[2] === "FAILED" ? "failed" : "skipped"));
        return true;
      }
      const closing =
        /^(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed(?: \(\d+ steps?\))?(?: \| (\d+) ignored)?/.exec(body);
      if (!closing) return false;
      summary = { passed: num(closing[1]), failed: num(closing[2]), skipped: num(closing[3]) };
      return true;
    },
    result: () => (summary ? { runner: "deno test", granularity: "test", units: units.list(), summary } : null),
  };
}

export function playwrightReader(): RunnerReader {
  const units = unitList();
  let summary: TestCounts | null = null;
  let seen = false;
  return {
    line(text) {
      const body = text.trim();
      if (/^Running \d+ tests? using \d+ workers?/.test(body)) seen = true;
      const test = /^([✓✘-])\s+\d+\s+(\[.+? › .+?)(?:\s+\([\d.]+m?s\))?$/u.exec(body);
      if (test) {
        seen = true;
        units.add(oneTest(test[2] ?? "", test[1] === "✓" ? "passed" : test[1] === "✘" ? "failed" : "skipped"));
        return true;
      }
      const passed = /^(\d+) passed \([\d.]+m?s\)$/.exec(body);
      if (passed) {
        summary = { passed: num(passed[1]), failed: summary?.failed ?? 0, skipped: summary?.skipped ?? 0 };
        return true;
      }
      const other = /^(\d+) (failed|flaky|skipped|did not run|interrupted)$/.exec(body);
      if (!other || !seen) return false;
      summary ??= { passed: 0, failed: 0, skipped: 0 };
      if (other[2] === "skipped" || other[2] === "did not run") summary.skipped += num(other[1]);
      else summary.failed += num(other[1]);
      return true;
    },
    result: () => (summary && seen ? { runner: "playwright", granularity: "test", units: units.list(), summary } : null),
  };
}

/**
 * A runner that prints only its closing counts, read by one pattern: added up over several runs (a
 * workspace's packages), or the last one kept where the runner prints its progress as counts too.
 */
function countsOnly(
  runner: string,
  read: (line: string) => TestCounts | null,
  combine: "sum" | "last" = "sum",
): () => RunnerReader {
  return () => {
    let summary: TestCounts | null = null;
    return {
      line(text) {
        const counts = read(text.trim());
        if (!counts) return false;
        summary = combine === "last" ? counts : addCounts(summary, counts);
        return true;
      },
      result: () => (summary ? { runner, granularity: "run", units: [], summary } : null),
    };
  };
}

export const rspecReader = countsOnly("rspec", (line) => {
  const match = /^(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?/.exec(line);
  return match ? { passed: num(match[1]) - num(match[2]) - num(match[3]), failed: num(match[2]), skipped: num(match[3]) } : null;
});

export const jasmineReader = countsOnly("jasmine", (line) => {
  const match = /^(\d+) specs?, (\d+) failures?(?:, (\d+) pending specs?)?/.exec(line);
  return match ? { passed: num(match[1]) - num(match[2]) - num(match[3]), failed: num(match[2]), skipped: num(match[3]) } : null;
});

// karma prints "Executed 2 of 3" as it goes; the last line, "Executed 3 of 3 SUCCESS (0.1 secs / …)", counts.
export const karmaReader = countsOnly(
  "karma",
  (line) => {
    const match = /Executed (\d+) of \d+(?: \((\d+) FAILED\))?(?: \(skipped (\d+)\))?/.exec(line);
    return match ? { passed: num(match[1]) - num(match[2]), failed: num(match[2]), skipped: num(match[3]) } : null;
  },
  "last",
);
