// The fields of an engine event every adapter fills the same way from its host's payload: the
// session's (its key, the host, whether a subagent sent it), and a tool call's in the payload family
// Claude Code set and Codex follows (`tool_name`, `tool_input`, `tool_use_id`). An adapter says only
// which payload field is which.
import type { SessionKey } from "./host-adapter.js";

/** The session's fields of an engine event; `agentId` is what marks a subagent's payloads, when the host sends one. */
export function sessionFields(key: SessionKey, host: string, agentId?: string | null) {
  return { ...key, host, subagent: Boolean(agentId), agentId: agentId ?? null };
}

/** A tool call's fields from a payload that names them as Claude Code does. */
export function toolCallFields(payload: { tool_name: string; tool_input?: unknown; tool_use_id?: string | null | undefined }) {
  return { toolName: payload.tool_name, toolInput: payload.tool_input, toolUseId: payload.tool_use_id ?? null };
}
