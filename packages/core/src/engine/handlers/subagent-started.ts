// A subagent starts: it gets the boundary notice, never the goal. Where the host does not mark a
// subagent's tool calls, the session counts running subagents (they run in parallel).
import { decision, type EngineContext } from "../engine-context.js";
import type { EngineDecision, EngineEventOf } from "../engine-event.js";
import { SUBAGENT_BOUNDARY_NOTICE } from "../policy-text.js";
import { countSubagents } from "../subagent-count.js";

export function onSubagentStarted(context: EngineContext, event: EngineEventOf<"subagent-started">): EngineDecision {
  countSubagents(context, event, +1);
  return decision({ context: SUBAGENT_BOUNDARY_NOTICE });
}
