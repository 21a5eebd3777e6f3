// uvu's reporter: the file's name on a line, then a line a suite — its name, a mark per test (`•`
// passed, `✘` failed) and `(passed / total)` — and the closing `Total: 3`, `Passed: 2`, `Skipped: 1`.
// A suite is the unit, with its counts.
import { num, type RunnerReader, type TestCounts, unitList } from "./runner-reader.js";

export function uvuReader(): RunnerReader {
  const units = unitList();
  let file = "";
  const totals: Record<string, number> = {};
  return {
    line(text) {
      const body = text.trim();
      const suite = /^(?:(\S.*?)\s+)?[•✘\s]*\((\d+) \/ (\d+)\)$/u.exec(body);
      if (suite) {
        const passed = num(suite[2]);
        const total = num(suite[3]);
        const name = [file, suite[1]?.replace(/[•✘\s]+$/u, "") || "(default suite)"].filter(Boolean).join(" > ");
        units.add({ name, passed, failed: Math.max(0, total - passed), skipped: 0, counted: true });
        return true;
      }
      const total = /^(Total|Passed|Skipped|Duration):\s+([\d.]+)/.exec(body);
      if (total) {
        totals[total[1] ?? ""] = num(total[2]);
        return true;
      }
      if (/^[\w@./\\-]+\.[cm]?[jt]sx?$/.test(body)) file = body;
      return false;
    },
    result() {
      if (!("Total" in totals) || !("Passed" in totals)) return null;
      const summary: TestCounts = {
        passed: totals["Passed"] ?? 0,
        skipped: totals["Skipped"] ?? 0,
        failed: Math.max(0, (totals["Total"] ?? 0) - (totals["Passed"] ?? 0) - (totals["Skipped"] ?? 0)),
      };
      return { runner: "uvu", granularity: "suite", units: units.list(), summary };
    },
  };
}
