// The session ended: the goal stays on disk for resume and continuation. The end is recorded: a goal
// of a session that has not ended (and had hooks lately) moves to another only when the user names it
// (store/continuation.ts).
import type { EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";

export function onSessionEnded(context: EngineContext, event: EngineEventOf<"session-ended">): EngineDecision {
  if (event.subagent || !context.store.peek(event.sessionId)) return NO_DECISION;
  context.store.update(context.identityOf(event), (state) => {
    state.endedAt = context.now().toISOString();
  });
  return NO_DECISION;
}
