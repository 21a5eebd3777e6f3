// cargo test (libtest): `Running unittests src/lib.rs (target/…)` or `Doc-tests name` names the test
// binary, then `test tests::adds ... ok` (`FAILED`, `ignored`) a test, and `test result: ok. 3 passed; 0
// failed; 1 ignored; …` a binary. cargo-nextest: `PASS [ 0.004s] crate tests::adds` a test.
import { addCounts, num, oneTest, type RunnerReader, type TestCounts, unitList } from "./runner-reader.js";

export function cargoTestReader(): RunnerReader {
  const units = unitList();
  let binary = "";
  let summary: TestCounts | null = null;
  let nextest = false;
  return {
    line(text) {
      const body = text.trim();
      const running = /^Running (?:unittests |tests? |benches? )?(\S+)/.exec(body);
      if (running) {
        binary = running[1] ?? "";
        return true;
      }
      const doc = /^Doc-tests (\S+)/.exec(body);
      if (doc) {
        binary = `doc ${doc[1]}`;
        return true;
      }
      const test = /^test (.+?) \.\.\. (ok|FAILED|ignored)\b/.exec(body);
      if (test) {
        const state = test[2] === "ok" ? "passed" : test[2] === "FAILED" ? "failed" : "skipped";
        units.add(oneTest(binary ? `${binary} ${test[1]}` : (test[1] ?? ""), state));
        return true;
      }
      const result = /^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored/.exec(body);
      if (result) {
        summary = addCounts(summary, { passed: num(result[1]), failed: num(result[2]), skipped: num(result[3]) });
        return true;
      }
      const next = /^(PASS|FAIL|SKIP|SIGSEGV|SIGABRT|TIMEOUT|LEAK(?:-FAIL)?)\s+\[\s*[\d.]+s\]\s+(\S+)\s+(\S+)$/.exec(body);
      if (next) {
        nextest = true;
        units.add(
          oneTest(
            `${next[2]} ${next[3]}`,
            next[1] === "PASS" || next[1] === "LEAK" ? "passed" : next[1] === "SKIP" ? "skipped" : "failed",
          ),
        );
        return true;
      }
      return false;
    },
    result() {
      if (!summary && !nextest) return null;
      return { runner: nextest ? "cargo nextest" : "cargo test", granularity: "test", units: units.list(), summary };
    },
  };
}
