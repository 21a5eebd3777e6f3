import { describe, expect, it } from "vitest";
import { GoalClosedError, InvalidTransitionError } from "../errors.js";
import { applyGoalUpdate, closeGoal, pauseGoal } from "./goal-lifecycle.js";
import { GOAL_PHASES, type GoalPhase, goalPhase, isOpen, PHASE_TRANSITIONS } from "./goal-phase.js";
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
    case "blocked-closed":
      return goalPhase(closeGoal(goal, { status: "blocked", reason: "blocked on credentials" }, at(20)));
    case "complete":
    case "cancelled":
      return goalPhase(closeGoal(goal, { status: target }, at(20)));
  }
}

const pairs = GOAL_PHASES.flatMap((from) => GOAL_PHASES.map((to) => [from, to] as const));

describe("status transitions", () => {
  it("covers all 49 pairs of phases", () => expect(pairs).toHaveLength(49));

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

  it("terminal goals never come back as open", () => {
    for (const phase of ["blocked-closed", "complete", "cancelled"] as const) {
      const goal = goalIn(phase);
      expect(isOpen(goal)).toBe(false);
      expect(() => applyGoalUpdate(goal, { doneSoFar: ["late addition to a closed goal"] })).toThrow(GoalClosedError);
    }
  });
});
