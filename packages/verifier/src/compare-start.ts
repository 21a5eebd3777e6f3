// A run against the starting point: the same tests, by name, must have run — none fewer — for a pass to
// mean the user's tests pass. A test that ran when the goal was set and did not run now (code that exits
// before the suite, a file that stops registering its tests) is missing; the ones that failed then and
// pass now are what the work fixed. Where a runner reports a file or suite as one line, the unit is that
// line with its count; where it reports only its closing counts, the counts are compared.
import type { TestReport, TestUnit } from "./test-report.js";

interface StartComparison {
  /** Failed at the start, passed now (at most NAMED). */
  readonly fixed: string[];
  readonly fixedCount: number;
  /** Ran at the start, not now, or fewer of a file's tests ran (at most NAMED). */
  readonly missing: string[];
  readonly missingCount: number;
  /** Ran now and not at the start. */
  readonly added: number;
}

const NAMED = 20;
const ran = (unit: Pick<TestUnit, "passed" | "failed">) => unit.passed + unit.failed;

export function compareWithStart(start: TestReport, now: TestReport): StartComparison {
  const fixed: string[] = [];
  const missing: string[] = [];
  let fixedCount = 0;
  let missingCount = 0;
  if (start.units.length === 0 || now.units.length === 0 || start.granularity !== now.granularity) {
    // Counts alone: fewer run now than then is tests missing.
    const short = ran(start) - ran(now);
    if (short > 0) {
      missingCount = short;
      missing.push(`${short} of the ${ran(start)} tests that ran when the goal was set`);
    }
    return {
      fixed,
      fixedCount: Math.max(0, start.failed - now.failed),
      missing,
      missingCount,
      added: Math.max(0, ran(now) - ran(start)),
    };
  }
  const byName = new Map(now.units.map((unit) => [unit.name, unit]));
  for (const unit of start.units) {
    if (ran(unit) === 0) continue;
    const seen = byName.get(unit.name);
    if (!seen || ran(seen) === 0) {
      missingCount += unit.counted ? ran(unit) : 1;
      if (missing.length < NAMED) missing.push(unit.name);
      continue;
    }
    if (unit.counted && seen.counted && ran(seen) < ran(unit)) {
      missingCount += ran(unit) - ran(seen);
      if (missing.length < NAMED) missing.push(`${unit.name} (${ran(seen)} of its ${ran(unit)} tests ran)`);
    }
    if (unit.failed > 0 && seen.failed === 0) {
      fixedCount++;
      if (fixed.length < NAMED) fixed.push(unit.name);
    }
  }
  const startNames = new Set(start.units.map((unit) => unit.name));
  const added = now.units.filter((unit) => !startNames.has(unit.name) && ran(unit) > 0).length;
  return { fixed, fixedCount, missing, missingCount, added };
}

/** "math > adds, math > subs and 3 more" */
export function namesText(names: readonly string[], count: number): string {
  const listed = names.slice(0, 5).join(", ");
  return count > Math.min(names.length, 5) ? `${listed} and ${count - Math.min(names.length, 5)} more` : listed;
}
