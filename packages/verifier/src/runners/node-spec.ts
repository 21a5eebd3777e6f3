// node's test runner with its `spec` reporter (its default at a terminal, and everywhere from Node 23):
// `✔ name (1ms)`, `✖ name`, `﹣ name # SKIP`, a suite or a test with subtests opened by `▶ name`, two
// spaces a level; closing counts `ℹ tests 3`, `ℹ pass 2`, …. What it prints after its counts (the
// failing tests again) is not read as more tests.
import { looksLikeTestFile, nestedName, num, oneTest, type RunnerReader, unitList } from "./runner-reader.js";

const LEAF = /^([✔✖﹣*])\s+(.*?)(?:\s+\([\d.]+m?s\))?(?:\s+#\s+(SKIP|TODO)\b.*)?$/u;

export function nodeSpecReader(): RunnerReader {
  const units = unitList();
  const open = new Map<number, string>();
  const summary: Record<string, number> = {};
  let done = false;
  let emptyFiles = 0;

  const pathTo = (indent: number, name: string) => nestedName(open, indent, name);

  return {
    line(text) {
      const indent = text.length - text.trimStart().length;
      const body = text.trim();
      const count = /^ℹ (tests|pass|fail|cancelled|skipped|todo|duration_ms) ([\d.]+)$/.exec(body);
      if (count) {
        done = true;
        summary[count[1] ?? ""] = num(count[2]);
        return false;
      }
      if (done) return false;
      const suite = /^▶\s+(.*?)(\s+\([\d.]+m?s\))?$/u.exec(body);
      if (suite) {
        // "▶ math (3ms)" closes the suite opened at this indent (Node 20); "▶ math" opens one.
        if (suite[2] && open.get(indent) === suite[1]) open.delete(indent);
        else {
          for (const at of [...open.keys()]) if (at >= indent) open.delete(at);
          open.set(indent, suite[1] ?? "");
        }
        return false;
      }
      const leaf = LEAF.exec(body);
      if (!leaf) return false;
      const name = leaf[2] ?? "";
      // "✔ math (3ms)" after its subtests closes the suite (Node 22): not a test of its own.
      if (open.get(indent) === name) {
        open.delete(indent);
        return false;
      }
      for (const at of [...open.keys()]) if (at >= indent) open.delete(at);
      const state = leaf[3] || leaf[1] === "﹣" || leaf[1] === "*" ? "skipped" : leaf[1] === "✖" ? "failed" : "passed";
      if (indent === 0 && state === "passed" && looksLikeTestFile(name)) emptyFiles += 1;
      else units.add(oneTest(pathTo(indent, name), state));
      return false;
    },
    result() {
      if (!("tests" in summary)) return null;
      return {
        runner: "node:test",
        granularity: "test",
        units: units.list(),
        summary: {
          passed: Math.max(0, (summary["pass"] ?? 0) - emptyFiles),
          failed: (summary["fail"] ?? 0) + (summary["cancelled"] ?? 0),
          skipped: (summary["skipped"] ?? 0) + (summary["todo"] ?? 0),
        },
      };
    },
  };
}
