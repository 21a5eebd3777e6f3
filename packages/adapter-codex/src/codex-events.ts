// Codex's hook events: each payload → goalpost event, and goalpost decision → Codex answer.
// Translation only: every policy decision is the core engine's.

import { defineHostEvent, isSessionStartSource, type SessionKey, sessionFields, toolCallFields } from "@goalpost/adapter-kit";
import type { EngineEventInput } from "@goalpost/core";
import { codexAnswers } from "./codex-hook-output.js";
import { type CodexHookEvent, type CodexHookPayload, codexHookPayloadSchemas as payloads } from "./codex-hook-payload.js";
import { CODEX_HOST, codexProfile } from "./codex-profile.js";
import { commandExitCode } from "./codex-rollout.js";

const SHELL_TOOLS = new Set(codexProfile.tools.shell);

/** Tool output as text for a receipt's hash: the shell's text, or the JSON of anything else. */
function outputText(response: unknown): string | null {
  if (response === undefined || response === null) return null;
  return typeof response === "string" ? response : JSON.stringify(response);
}

/**
 * How the call ended. A shell call: by the exit code in Codex's rollout (null when it does not say,
 * which never passes a receipt). An MCP call: by its result's isError. Anything else ran.
 */
function toolOutcome(payload: CodexHookPayload<"PostToolUse">): { succeeded: boolean | null; exitCode?: number | null } {
  if (SHELL_TOOLS.has(payload.tool_name)) {
    const exitCode = commandExitCode(payload.transcript_path, payload.tool_use_id);
    return { succeeded: exitCode === null ? null : exitCode === 0, exitCode };
  }
  const response = payload.tool_response;
  const isError = typeof response === "object" && response !== null && "isError" in response && response.isError === true;
  return { succeeded: !isError };
}

/** What every event of a session shares. A subagent's payloads carry the parent's session_id: agent_id marks them. */
const base = (payload: { agent_id?: string | null | undefined }, key: SessionKey) =>
  sessionFields(key, CODEX_HOST, payload.agent_id);

/** The answer for a decision, or null for "no decision" (exit 0, empty stdout). */
export const codexOutput = codexAnswers.answer;

const { answers } = codexAnswers;

/** Every Codex hook event goalpost answers. */
export const codexEvents = {
  SessionStart: defineHostEvent({
    payload: payloads.SessionStart,
    ...answers("SessionStart"),
    toEvent: (p, key) => (isSessionStartSource(p.source) ? { ...base(p, key), type: "session-started", source: p.source } : null),
  }),
  UserPromptSubmit: defineHostEvent({
    payload: payloads.UserPromptSubmit,
    ...answers("UserPromptSubmit"),
    // A blocked stop comes back inside the same turn as a <hook_prompt> message, never as a prompt.
    toEvent: (p, key) => ({ ...base(p, key), type: "prompt-submitted", prompt: p.prompt, origin: "user" }),
  }),
  PreToolUse: defineHostEvent({
    payload: payloads.PreToolUse,
    ...answers("PreToolUse"),
    toEvent: (p, key) => ({ ...base(p, key), ...toolCallFields(p), type: "tool-about-to-run" }),
  }),
  PostToolUse: defineHostEvent({
    payload: payloads.PostToolUse,
    ...answers("PostToolUse"),
    toEvent: (p, key) => ({
      ...base(p, key),
      ...toolCallFields(p),
      type: "tool-ran",
      ...toolOutcome(p),
      output: outputText(p.tool_response),
    }),
  }),
  PreCompact: defineHostEvent({
    payload: payloads.PreCompact,
    ...answers("PreCompact"),
    toEvent: (p, key) => ({
      ...base(p, key),
      type: "compaction-about-to-run",
      trigger: p.trigger === "manual" ? "manual" : "auto",
    }),
  }),
  // The restore goes in at SessionStart(compact), which follows it (docs/hosts/codex.md §5).
  PostCompact: defineHostEvent({ payload: payloads.PostCompact, ...answers("PostCompact"), toEvent: () => null }),
  Stop: defineHostEvent({
    payload: payloads.Stop,
    ...answers("Stop"),
    toEvent: (p, key) => ({
      ...base(p, key),
      type: "stop-requested",
      stopHookActive: p.stop_hook_active === true,
      lastMessage: p.last_assistant_message ?? null,
    }),
  }),
  SubagentStart: defineHostEvent({
    payload: payloads.SubagentStart,
    ...answers("SubagentStart"),
    toEvent: (p, key) => ({ ...base(p, key), subagent: true, type: "subagent-started", agentType: p.agent_type ?? null }),
  }),
  SubagentStop: defineHostEvent({
    payload: payloads.SubagentStop,
    ...answers("SubagentStop"),
    toEvent: (p, key) => ({ ...base(p, key), subagent: true, type: "subagent-stopped", agentType: p.agent_type ?? null }),
  }),
  SessionEnd: defineHostEvent({
    payload: payloads.SessionEnd,
    ...answers("SessionEnd"),
    toEvent: (p, key) => ({ ...base(p, key), type: "session-ended", reason: p.reason ?? null }),
  }),
} satisfies Record<CodexHookEvent, unknown>;

/** The event for a payload its schema has parsed, or null when goalpost has nothing to do with it. */
export function codexEvent(name: CodexHookEvent, payload: unknown, key: SessionKey): EngineEventInput | null {
  return codexEvents[name].toEvent(payload, key);
}
