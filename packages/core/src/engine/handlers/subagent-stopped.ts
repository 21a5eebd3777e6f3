// A subagent stopped: one fewer running, where the host does not mark a subagent's tool calls.
import type { EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { countSubagents } from "../subagent-count.js";

export function onSubagentStopped(context: EngineContext, event: EngineEventOf<"subagent-stopped">): EngineDecision {
  countSubagents(context, event, -1);
  return NO_DECISION;
}
