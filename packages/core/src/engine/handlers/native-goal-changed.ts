// The user changed the host's own goal (Claude Code's `/goal clear` runs inside the host and reaches no
// prompt hook; its adapter reads it from the transcript): the mirrored goal follows.
import type { EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { activeGoal } from "../session-goals.js";
import { clearGoal } from "./prompt-submitted.js";

export function onNativeGoalChanged(context: EngineContext, event: EngineEventOf<"native-goal-changed">): EngineDecision {
  if (!activeGoal(context.store.peek(event.sessionId))) return NO_DECISION;
  return clearGoal(context, event);
}
