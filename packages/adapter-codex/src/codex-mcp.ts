// How a goal-tool call over MCP is tied to its Codex session: Codex puts the call's id in
// `_meta.callId`, and it equals the tool_use_id goalpost's PreToolUse hook recorded for that call
// (docs/hosts/codex.md §7). A call no hook saw (or an id used twice) is refused, and a subagent's call is known
// as one from that record.
import type { GoalStore } from "@goalpost/core";
import { resolveByToolUseId, type SessionResolver } from "@goalpost/mcp";

export function codexSessionResolver(store: GoalStore): SessionResolver {
  return resolveByToolUseId(store, ["callId"]);
}
