// A goal closing inside its session: its task goals go with it, and the session's active goal returns
// to its parent when that is still open (an issue hands back to its epic). The close tool, goalpost's
// own verification and the user's /goal accept all close a goal this way.
import { retireGoal } from "../lifecycle/goal-lifecycle.js";
import { isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import type { SessionFile } from "../store/session-file.js";
import { openTaskGoals, replaceGoal } from "./session-goals.js";

export function settleClosedGoal(session: SessionFile, open: GoalRecord, closed: GoalRecord, at: Date): void {
  replaceGoal(session, closed);
  for (const task of openTaskGoals(session, open)) {
    replaceGoal(session, retireGoal(task, { status: "cancelled", reason: "its parent goal closed" }, at));
  }
  const parent = session.goals.find((goal) => goal.id === closed.parentId && isOpen(goal));
  session.activeGoalId = parent?.id ?? null;
  // A sub-goal closed through the gate is progress on its parent: the parent's stop count starts again.
  if (parent) replaceGoal(session, { ...parent, stopStreak: { ...parent.stopStreak, count: 0 } });
}
