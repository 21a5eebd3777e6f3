import { describe, expect, it } from "vitest";
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import type { GoalRecord } from "../record/goal-record.js";
import { emptySessionFile, type SessionFile } from "../store/session-file.js";
import { statusSegment } from "./status-segment.js";

const T = new Date("2026-11-26T10:00:00.000Z");

function session(...goals: GoalRecord[]): SessionFile {
  return { ...emptySessionFile("s1", "test", "/work/p", T), goals, activeGoalId: goals.at(-1)?.id ?? null };
}

const goal = (fields: Partial<GoalRecord> = {}, id = "goal_a"): GoalRecord => ({
  ...createGoal({ id, sessionId: "s1", cwd: "/work/p", host: "test", source: "slash", objective: "ship the CSV export" }, T),
  ...fields,
});

describe("the status line segment", () => {
  it("is empty without a goal, and shows a closed one for a while with how it closed", () => {
    expect(statusSegment(session())).toBe("");
    const proven = goal({
      status: "complete",
      closedAt: T.toISOString(),
      verification: { state: "passed" } as GoalRecord["verification"],
    });
    expect(statusSegment(session(proven), new Date(T.getTime() + 60_000))).toBe(
      "goalpost ✓ ship the CSV export · complete · proven by goalpost's own run of the checks",
    );
    const cancelled = goal({ status: "cancelled", closedAt: T.toISOString() });
    expect(statusSegment(session(cancelled), new Date(T.getTime() + 60_000))).toBe("goalpost ✗ ship the CSV export · cancelled");
    // Fifteen minutes on, the line is the user's own again.
    expect(statusSegment(session(proven), new Date(T.getTime() + 16 * 60_000))).toBe("");
  });

  it("says what the goal waits for, what is covered, how the checks stand and the budget spent", () => {
    expect(statusSegment(session(goal({ status: "draft" })))).toBe("goalpost ◎ ship the CSV export · draft · no checks set");
    const checked = goal({
      status: "active",
      requirements: ["streams large files", "keeps the API"],
      requirementCoverage: [{ requirement: "1", evidence: "npm test passed: 12 tests in importer.test.ts" }],
      checks: [{ command: "npm test", kind: "test" }],
      budget: { turns: 10, seconds: null, tokens: null },
      spent: { turns: 4, seconds: 60, tokens: null, windDownAt: null },
    } as Partial<GoalRecord>);
    expect(statusSegment(session(checked))).toBe(
      "goalpost ◎ ship the CSV export · 1 of 2 requirements covered · checks not run yet · 40% of budget",
    );
    expect(statusSegment(session({ ...checked, status: "needs-input" }))).toContain("· needs your input ·");
    expect(statusSegment(session({ ...checked, status: "budget-limited" }))).toContain("· budget reached ·");
  });

  it("keeps to one short line whatever the objective holds", () => {
    const line = statusSegment(session(goal({ objective: `fix\nthe \u001b[2J${"parser ".repeat(20)}` })));
    expect(line).not.toMatch(/[\n\u001b]/);
    expect(line.length).toBeLessThan(100);
  });

  it("names the task in progress under its goal", () => {
    const parent = goal({ status: "active" });
    const task = goal(
      { status: "active", level: "task", parentId: parent.id, objective: "write the streaming reader" },
      "goal_t",
    );
    expect(statusSegment(session(parent, task))).toBe(
      "goalpost ◎ ship the CSV export · task: write the streaming reader · no checks set",
    );
  });
});
