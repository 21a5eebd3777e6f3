// Test helpers: goals in known states, built through the real lifecycle functions.
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import type { GoalRecord } from "./goal-record.js";

export const T0 = new Date("2026-11-22T10:00:00.000Z");
export const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

export function draftGoal(overrides: Partial<Parameters<typeof createGoal>[0]> = {}): GoalRecord {
  return createGoal(
    {
      sessionId: "session-1",
      cwd: "/work/project",
      host: "test",
      objective: "Make the importer stream large files",
      source: "slash",
      status: "draft",
      ...overrides,
    },
    T0,
  );
}

/** An active goal that satisfies every gate condition. */
export function completableGoal(): GoalRecord {
  const goal = draftGoal({ status: "active", requirements: ["Stream files over 1 GB", "Keep the CSV API unchanged"] });
  return {
    ...goal,
    doneSoFar: ["Replaced readFileSync with a stream pipeline in src/importer.ts"],
    validationProof: ["Imported a 2 GB fixture with 80 MB peak memory"],
    verificationResults: ["npm test: 48 passed, 0 failed"],
    inspectionEvidence: ["Read src/importer.ts and src/csv/parse.ts"],
    requirementCoverage: [
      { requirement: "1", evidence: "test 'streams a 2 GB file' in importer.test.ts passes" },
      { requirement: "Keep the CSV API unchanged", evidence: "csv-api.test.ts unchanged and passing" },
    ],
    completionAudit: ["Both requirements checked against the tests; no constraint broken"],
    discoveredIssues: ["issue 1: parser leaks a file handle on error"],
    issueResolutions: [
      {
        covers: ["issue 1"],
        status: "resolved",
        resolution: "Close the handle in a finally block",
        evidence: ["importer.test.ts 'closes handle on error' passes"],
      },
    ],
    toolHistory: [
      { at: at(1).toISOString(), tool: "Read", kind: "inspection", summary: "Read: src/importer.ts" },
      { at: at(2).toISOString(), tool: "Edit", kind: "action", summary: "Edit: src/importer.ts" },
      { at: at(3).toISOString(), tool: "Bash", kind: "verification", summary: "Bash: npm test" },
    ],
    lastEditAt: at(2).toISOString(),
    receipts: [{ at: at(3).toISOString(), tool: "Bash", command: "npm test", category: "test", passed: true, files: [] }],
    checks: [{ command: "npm test", kind: "test", source: "project" }],
    verification: passedRun(),
  };
}

/** goalpost's passing run of the checks on the tree "tree-1". */
export function passedRun(tree = "tree-1"): NonNullable<GoalRecord["verification"]> {
  return {
    id: "run_1",
    state: "passed",
    startedAt: at(4).toISOString(),
    finishedAt: at(5).toISOString(),
    tree,
    definition: "definition-1",
    sandbox: "bubblewrap",
    results: [
      {
        command: "npm test",
        kind: "test",
        passed: true,
        verdict: "node:test reports 48 passed, 0 failed",
        exitCode: 0,
        tests: { passed: 48, failed: 0, skipped: 0, runner: "node:test" },
        durationMs: 900,
        output: "# tests 48\n# pass 48\n# fail 0",
      },
    ],
    verdict: "`npm test`: node:test reports 48 passed, 0 failed",
    pid: null,
    pidStart: null,
  };
}
