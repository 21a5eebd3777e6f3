// A harness that reports its todo list directly (not through a tool call): with a goal open, it moves
// the task goals; with none, the task in progress is the session's focus (session-focus.ts).
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { focusToSend, moveTaskFocus } from "../session-focus.js";
import { activeGoal } from "../session-goals.js";
import { applyTasks } from "../task-goals.js";

export function onTasksUpdated(context: EngineContext, event: EngineEventOf<"tasks-updated">): EngineDecision {
  if (event.subagent) return NO_DECISION;
  const { result: shown } = context.store.update(context.identityOf(event), (state) => {
    const root = activeGoal(state);
    if (root) {
      applyTasks(state, root, event.tasks, context.now());
      return "";
    }
    return moveTaskFocus(state, event.tasks, context.now()) ? focusToSend(state) : "";
  });
  return shown ? decision({ context: shown }) : NO_DECISION;
}
