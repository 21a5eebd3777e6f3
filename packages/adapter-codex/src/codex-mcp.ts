// How a goal-tool call over MCP is tied to its Codex session: Codex puts the call's id in
// `_meta.callId`, and it equals the tool_use_id goalpost's PreToolUse hook recorded for that call
// (docs/hosts/codex.md §7). A call no hook saw (or an id used twice) is refused, and a subagent's call is known
// as one from that record.

/** The `_meta` keys that carry the call's tool-use id (the kit ties the call to its session by them). */
export const CODEX_MCP_CALL_KEYS: readonly string[] = ["callId"];
