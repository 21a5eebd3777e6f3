// Which goal a session is working on: its open root goal (the user's objective), and the task goals
// stacked under it.
import { isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import type { SessionFile } from "../store/session-file.js";

export function openRootGoal(session: SessionFile | null): GoalRecord | null {
  if (!session) return null;
  const active = session.goals.find((goal) => goal.id === session.activeGoalId);
  if (active && isOpen(active) && active.level !== "task") return active;
  return [...session.goals].reverse().find((goal) => isOpen(goal) && goal.level !== "task") ?? null;
}

/** Replaces a goal in the session by id. */
export function replaceGoal(session: SessionFile, goal: GoalRecord): void {
  session.goals = session.goals.map((existing) => (existing.id === goal.id ? goal : existing));
}

/** The open goals under `root`, outermost first (issue goals, then tasks). */
export function goalStack(session: SessionFile, root: GoalRecord): GoalRecord[] {
  const stack: GoalRecord[] = [];
  let parent = root;
  for (;;) {
    const child = session.goals.find((goal) => goal.parentId === parent.id && isOpen(goal));
    if (!child) return stack;
    stack.push(child);
    parent = child;
  }
}
