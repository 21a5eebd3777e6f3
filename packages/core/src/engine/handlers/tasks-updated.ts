// A harness that reports its todo list directly (not through a tool call): with a goal open, it moves
// the task goals; with none, the task in progress is the session's focus (session-focus.ts).
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { focusToSend, followHostTasks } from "../session-focus.js";

export function onTasksUpdated(context: EngineContext, event: EngineEventOf<"tasks-updated">): EngineDecision {
  if (event.subagent) return NO_DECISION;
  const { result: shown } = context.store.update(context.identityOf(event), (state) =>
    followHostTasks(state, event.tasks, context.now()) && event.contextShown !== false ? focusToSend(state) : "",
  );
  return shown ? decision({ context: shown }) : NO_DECISION;
}
