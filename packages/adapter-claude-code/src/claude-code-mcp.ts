// How a goal-tool call over MCP is tied to its Claude Code session: `_meta["claudecode/toolUseId"]`
// equals the tool_use_id goalpost's PreToolUse hook recorded for that call (docs/hosts/claude-code.md §7).
// CLAUDE_CODE_SESSION_ID is not used: it is frozen at spawn and goes stale after /clear.
import type { GoalStore } from "@goalpost/core";
import { resolveByToolUseId, type SessionResolver } from "@goalpost/mcp";

export function claudeCodeSessionResolver(store: GoalStore): SessionResolver {
  return resolveByToolUseId(store, ["claudecode/toolUseId"]);
}
