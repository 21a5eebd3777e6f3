// The user changed the host's own goal where no prompt hook sees it: Claude Code runs its `/goal clear`
// inside the host (its adapter reads it from the transcript); Codex's model sets its goal through its
// create_goal tool (its adapter sees the tool call), and its user in the terminal UI (its adapter reads
// Codex's goal store: change "observed", see host-goal-observed.ts). A goal is captured from it when
// goalpost has none open; a clear read from a record pauses the goal and asks the user
// (host-record-change.ts); an open goalpost goal is never replaced this way: replacing the user's goal
// is the user's to do, in words goalpost sees.

import { activeGoal } from "../../session/session-goals.js";
import type { EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { captureGoal } from "../goal-changes.js";
import { onHostGoalObserved } from "../host-goal-observed.js";
import { holdClearedGoal } from "../host-record-change.js";

export function onNativeGoalChanged(context: EngineContext, event: EngineEventOf<"native-goal-changed">): EngineDecision {
  if (event.change === "observed") return onHostGoalObserved(context, event);
  const open = activeGoal(context.store.peek(event.sessionId));
  if (event.change === "cleared") return open ? holdClearedGoal(context, event) : NO_DECISION;
  const objective = event.objective?.trim();
  if (!objective || open) return NO_DECISION;
  return captureGoal(context, { ...event, prompt: objective }, { objective, source: "native" });
}
