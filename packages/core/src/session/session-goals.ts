// Which goal a session is working on. Goals form a stack: the user's objective (epic), sub-goals the
// agent opens under it (issue), and the host's in-progress todo item (task). Hooks and goal tools act
// on the active goal: the deepest open goal that is not a task.
import { currentGoal } from "../record/current-goal.js";
import { isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import type { SessionFile } from "../store/session-file.js";

export function activeGoal(session: SessionFile | null): GoalRecord | null {
  return session ? currentGoal(session.goals.filter(isOpen), session.activeGoalId) : null;
}

/** Replaces a goal in the session by id. */
export function replaceGoal(session: SessionFile, goal: GoalRecord): void {
  session.goals = session.goals.map((existing) => (existing.id === goal.id ? goal : existing));
}

/** The goals above `goal`, outermost first (its epic, then issues). */
export function goalAncestors(session: SessionFile, goal: GoalRecord): GoalRecord[] {
  const ancestors: GoalRecord[] = [];
  for (let parentId = goal.parentId; parentId; ) {
    const parent = session.goals.find((candidate) => candidate.id === parentId);
    if (!parent || ancestors.includes(parent)) break;
    ancestors.unshift(parent);
    parentId = parent.parentId;
  }
  return ancestors;
}

/** The open goals under `goal`, outermost first (issue goals, then tasks). */
export function goalStack(session: SessionFile, goal: GoalRecord): GoalRecord[] {
  const stack: GoalRecord[] = [];
  let parent = goal;
  for (;;) {
    const child = session.goals.find((candidate) => candidate.parentId === parent.id && isOpen(candidate));
    if (!child || stack.includes(child)) return stack;
    stack.push(child);
    parent = child;
  }
}

/** The open task goals right under `root` (the host's todo items being worked). */
export function openTaskGoals(session: SessionFile, root: GoalRecord): GoalRecord[] {
  return session.goals.filter((goal) => goal.parentId === root.id && goal.level === "task" && isOpen(goal));
}
