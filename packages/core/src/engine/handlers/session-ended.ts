// The session ended: the goal stays on disk for resume and continuation; nothing to decide.
import type { EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";

export function onSessionEnded(_context: EngineContext, _event: EngineEventOf<"session-ended">): EngineDecision {
  return NO_DECISION;
}
