// Running subagents, counted per session only for hosts whose subagent tool calls carry no marker.

import { activeGoal } from "../session/session-goals.js";
import type { EngineContext } from "./engine-context.js";
import type { EngineEventOf } from "./engine-event.js";

export function countSubagents(
  context: EngineContext,
  event: EngineEventOf<"subagent-started" | "subagent-stopped">,
  delta: 1 | -1,
): void {
  if (context.profile.marksSubagents || !activeGoal(context.store.peek(event.sessionId))) return;
  context.store.update(context.identityOf(event), (state) => {
    state.counters.subagentsActive = Math.max(0, state.counters.subagentsActive + delta);
  });
}
