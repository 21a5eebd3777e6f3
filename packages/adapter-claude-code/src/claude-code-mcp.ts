// How a goal-tool call over MCP is tied to its Claude Code session: `_meta["claudecode/toolUseId"]`
// equals the tool_use_id goalpost's PreToolUse hook recorded for that call (docs/hosts/claude-code.md §7).
// CLAUDE_CODE_SESSION_ID is not used: it is frozen at spawn and goes stale after /clear.

/** The `_meta` keys that carry the call's tool-use id (the kit ties the call to its session by them). */
export const CLAUDE_CODE_MCP_CALL_KEYS: readonly string[] = ["claudecode/toolUseId"];
