import { describe, expect, it } from "vitest";
import { GoalClosedError, InvalidTransitionError } from "../base/errors.js";
import { applyGoalUpdate, closeGoal, letGoalGo, pauseGoal, resumeGoal, takeUpGoal } from "../lifecycle/goal-lifecycle.js";
import { GOAL_PHASES, type GoalPhase, goalPhase, isOpen, LET_GO, PHASE_TRANSITIONS } from "./goal-phase.js";
import type { GoalRecord } from "./goal-record.js";
import { at, completableGoal } from "./test-goals.js";

/** A goal in the given phase, reached through the real lifecycle functions. */
function goalIn(phase: GoalPhase): GoalRecord {
  const active = completableGoal();
  switch (phase) {
    case "draft":
      return { ...active, status: "draft" };
    case "active":
      return active;
    case "blocked":
      return applyGoalUpdate(active, { status: "blocked" }, at(10)).goal;
    case "paused":
      return pauseGoal(active, at(10));
    case "needs-input":
    case "budget-limited":
      return letGoalGo(active, phase, "let go by goalpost", at(10));
    case "blocked-closed":
      return closeGoal(active, { status: "blocked", reason: "waiting on API access" }, at(10));
    case "complete":
      return closeGoal(active, { status: "complete" }, at(10));
    case "cancelled":
      return closeGoal(active, { status: "cancelled", reason: "user changed plans" }, at(10));
  }
}

/** Tries to move a goal into a phase with the public functions; returns the resulting phase. */
function moveTo(goal: GoalRecord, target: GoalPhase): GoalPhase {
  // A goal the user paused or goalpost let go comes back only on the user's word.
  if (LET_GO.has(goal.status) && (target === "active" || target === "draft")) {
    const held = target === "draft" ? { ...goal, activatedAt: null } : goal;
    return goalPhase(goal.status === "paused" ? resumeGoal(held, at(20)) : takeUpGoal(held, "the user answered", at(20)));
  }
  switch (target) {
    case "draft":
      if (goal.status === "draft")
        return goalPhase(applyGoalUpdate(goal, { doneSoFar: ["Read the importer module"] }, at(20)).goal);
      // The public input has no "draft" status; force it to prove the table itself refuses the move.
      return goalPhase(applyGoalUpdate(goal, { status: "draft" as "active" }, at(20)).goal);
    case "active":
    case "blocked": {
      if (goal.status === target && !goal.closedAt)
        return goalPhase(applyGoalUpdate(goal, { doneSoFar: ["Another concrete step done"] }, at(20)).goal);
      return goalPhase(applyGoalUpdate(goal, { status: target }, at(20)).goal);
    }
    case "paused":
      if (goal.status === "paused")
        return goalPhase(applyGoalUpdate(goal, { doneSoFar: ["Another concrete step done"] }, at(20)).goal);
      return goalPhase(pauseGoal(goal, at(20)));
    case "needs-input":
    case "budget-limited":
      if (goal.status === target)
        return goalPhase(applyGoalUpdate(goal, { doneSoFar: ["Another concrete step done"] }, at(20)).goal);
      return goalPhase(letGoalGo(goal, target, "let go by goalpost", at(20)));
    case "blocked-closed":
      return goalPhase(closeGoal(goal, { status: "blocked", reason: "blocked on credentials" }, at(20)));
    case "complete":
    case "cancelled":
      return goalPhase(closeGoal(goal, { status: target }, at(20)));
  }
}

const pairs = GOAL_PHASES.flatMap((from) => GOAL_PHASES.map((to) => [from, to] as const));

describe("status transitions", () => {
  it("covers all 81 pairs of phases", () => expect(pairs).toHaveLength(81));

  it.each(pairs)("%s → %s follows the table", (from, to) => {
    const goal = goalIn(from);
    expect(goalPhase(goal)).toBe(from);
    const allowed = PHASE_TRANSITIONS[from].includes(to);
    if (allowed) {
      expect(moveTo(goal, to)).toBe(to);
    } else {
      expect(() => moveTo(goal, to)).toThrow(isOpen(goal) ? InvalidTransitionError : GoalClosedError);
    }
  });

  it("only the user brings back a goal that is paused or that goalpost let go: the agent's update cannot", () => {
    for (const phase of ["paused", "needs-input", "budget-limited"] as const) {
      const goal = goalIn(phase);
      expect(() => applyGoalUpdate(goal, { status: "active" }, at(30))).toThrow(/only the user resumes it/);
    }
    const stuck = { ...goalIn("needs-input"), stopStreak: { count: 3, tree: "abc", at: at(10).toISOString() } };
    const back = takeUpGoal(stuck, "the user answered", at(30));
    expect(back.status).toBe("active");
    expect(back.stopStreak.count).toBe(0);
  });

  it("terminal goals never come back as open", () => {
    for (const phase of ["blocked-closed", "complete", "cancelled"] as const) {
      const goal = goalIn(phase);
      expect(isOpen(goal)).toBe(false);
      expect(() => applyGoalUpdate(goal, { doneSoFar: ["late addition to a closed goal"] })).toThrow(GoalClosedError);
    }
  });
});
