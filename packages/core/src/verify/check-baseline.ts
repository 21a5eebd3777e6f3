// The baseline of a goal's checks: what defines them, recorded once, as the project is when the user set
// the goal and before the agent has had a turn. Kept apart from the runner (run-start.ts) because the
// in-process starter records it in the caller's own call — a harness that drives the engine without
// awaiting anything still has it — and the first tool call's handler takes it too if no one has yet.
import type { GoalRecord } from "../record/goal-record.js";
import { replaceGoal } from "../session/session-goals.js";
import type { GoalStore } from "../store/goal-store.js";
import { baselineOf } from "./check-definition.js";

/** Which goal: a verification request names it so. */
interface GoalOfSession {
  readonly sessionId: string;
  readonly goalId: string;
}

/** The goal a request names, as the store has it now. */
export function findGoal(store: GoalStore, request: GoalOfSession): GoalRecord | null {
  return store.read(request.sessionId)?.goals.find((goal) => goal.id === request.goalId) ?? null;
}

/** Records what defines the goal's checks as the project is now, unless it has been already. */
export function recordCheckBaseline(store: GoalStore, request: GoalOfSession): boolean {
  const goal = findGoal(store, request);
  if (!goal || goal.checks.length === 0 || goal.checkBaseline) return false;
  const baseline = baselineOf(goal, store.now());
  const { result } = store.update({ sessionId: goal.sessionId, host: goal.host, cwd: goal.cwd }, (session) => {
    const current = session.goals.find((candidate) => candidate.id === goal.id);
    if (!current || current.checkBaseline) return false;
    replaceGoal(session, { ...current, checkBaseline: baseline });
    return true;
  });
  return result;
}
