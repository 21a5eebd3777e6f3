// A harness that reports its todo list directly (not through a tool call) moves the task goals.
import type { EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { activeGoal } from "../session-goals.js";
import { applyTasks } from "../task-goals.js";

export function onTasksUpdated(context: EngineContext, event: EngineEventOf<"tasks-updated">): EngineDecision {
  if (event.subagent || !activeGoal(context.store.peek(event.sessionId))) return NO_DECISION;
  context.store.update(context.identityOf(event), (state) => {
    const root = activeGoal(state);
    if (root) applyTasks(state, root, event.tasks, context.now());
  });
  return NO_DECISION;
}
