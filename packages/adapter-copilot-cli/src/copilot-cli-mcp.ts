// How a goal-tool call over MCP is tied to its Copilot CLI session. Copilot passes nothing of the
// session in an MCP call, but its preMcpToolCall hook may add `_meta` to it (`metaToUse`): goalpost's
// hook records the call by its id and puts that id there, and the server takes the call only with a
// recorded id, once (a subagent's call is known as one from that record).
import type { GoalStore } from "@goalpost/core";
import { resolveByToolUseId, type SessionResolver } from "@goalpost/mcp";
import { MCP_CALL_META_KEY } from "./copilot-cli-hook-output.js";

export function copilotCliSessionResolver(store: GoalStore): SessionResolver {
  return resolveByToolUseId(store, [MCP_CALL_META_KEY]);
}
