// Codex's hook events: each payload → goalpost event, and goalpost decision → Codex answer.
// Translation only: every policy decision is the core engine's.

import { hostEventTable, type SessionKey } from "@goalpost/adapter-kit";
import type { EngineDecision, EngineEventInput } from "@goalpost/core";
import type * as z from "zod/mini";
import {
  blockStopOutput,
  CONTEXT_EVENTS,
  contextOutput,
  contextOutputSchema,
  denyToolOutput,
  noteOutputSchema,
  preToolUseOutputSchema,
  silentOutputSchema,
  stopOutputSchema,
  userNoteOutput,
} from "./codex-hook-output.js";
import { type CodexHookEvent, type CodexHookPayload, codexHookPayloadSchemas } from "./codex-hook-payload.js";
import { CODEX_HOST, codexProfile } from "./codex-profile.js";
import { commandExitCode } from "./codex-rollout.js";

const SESSION_SOURCES = new Set(["startup", "resume", "compact", "clear", "fork"]);
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
  const response = payload.tool_response as { isError?: unknown } | null | undefined;
  return { succeeded: response?.isError !== true };
}

/** The fields every tool event shares. */
function toolFields(p: { tool_name: string; tool_input?: unknown; tool_use_id?: string | null | undefined }) {
  return { toolName: p.tool_name, toolInput: p.tool_input, toolUseId: p.tool_use_id ?? null };
}

/** The event for a payload, or null when goalpost has nothing to do with it. */
export function codexEvent<E extends CodexHookEvent>(
  name: E,
  payload: CodexHookPayload<E>,
  key: SessionKey,
): EngineEventInput | null {
  const base = {
    sessionId: key.sessionId,
    cwd: key.cwd,
    host: CODEX_HOST,
    // A subagent's payloads carry the parent's session_id: agent_id is what marks them.
    subagent: Boolean(payload.agent_id),
    agentId: payload.agent_id ?? null,
  };
  const p = payload as CodexHookPayload<CodexHookEvent> & Record<string, unknown>;
  switch (name) {
    case "SessionStart": {
      const source = String(p["source"]);
      return SESSION_SOURCES.has(source) ? { ...base, type: "session-started", source: source as "startup" } : null;
    }
    case "UserPromptSubmit":
      // A blocked stop comes back inside the same turn as a <hook_prompt> message, never as a prompt.
      return { ...base, type: "prompt-submitted", prompt: String(p["prompt"]), origin: "user" };
    case "PreToolUse":
      return { ...base, ...toolFields(p as CodexHookPayload<"PreToolUse">), type: "tool-about-to-run" };
    case "PostToolUse": {
      const post = p as CodexHookPayload<"PostToolUse">;
      return { ...base, ...toolFields(post), type: "tool-ran", ...toolOutcome(post), output: outputText(post.tool_response) };
    }
    case "PreCompact":
      return { ...base, type: "compaction-about-to-run", trigger: p["trigger"] === "manual" ? "manual" : "auto" };
    case "Stop":
      return { ...base, type: "stop-requested", stopHookActive: p["stop_hook_active"] === true };
    case "SubagentStart":
      return { ...base, subagent: true, type: "subagent-started", agentType: payload.agent_type ?? null };
    case "SubagentStop":
      return { ...base, subagent: true, type: "subagent-stopped", agentType: payload.agent_type ?? null };
    case "SessionEnd":
      return { ...base, type: "session-ended", reason: (p["reason"] as string | null) ?? null };
  }
  // PostCompact: the restore goes in at SessionStart(compact), which follows it (docs/hosts/codex.md §5).
  return null;
}

/** The answer for a decision, or null for "no decision" (exit 0, empty stdout). */
export function codexOutput(name: CodexHookEvent, decision: EngineDecision): object | null {
  if (name === "SessionEnd") return null;
  // Codex asks no permission for goalpost's tools under its usual approval policies: "allow" is left unsaid.
  if (decision.action === "deny-tool" && name === "PreToolUse")
    return denyToolOutput(decision.reason ?? "Denied by goalpost.", decision.context);
  if (decision.action === "block-stop" && (name === "Stop" || name === "SubagentStop"))
    return blockStopOutput(decision.reason ?? "The goal is still open.", decision.userNote);
  const acceptsContext = name === "PreToolUse" || (CONTEXT_EVENTS as readonly string[]).includes(name);
  if (decision.context && acceptsContext) return contextOutput(name, decision.context, decision.userNote);
  if (decision.userNote) return userNoteOutput(decision.userNote);
  return null;
}

function outputSchema(name: CodexHookEvent): z.ZodMiniType {
  if (name === "PreToolUse") return preToolUseOutputSchema;
  if (name === "Stop" || name === "SubagentStop") return stopOutputSchema;
  if (name === "SessionEnd") return silentOutputSchema;
  if ((CONTEXT_EVENTS as readonly string[]).includes(name)) return contextOutputSchema(name);
  return noteOutputSchema;
}

/** Every Codex hook event goalpost answers, as the kit's event table. */
export const codexEvents = hostEventTable(codexHookPayloadSchemas, {
  output: outputSchema,
  toEvent: (name, payload, key) => codexEvent(name, payload, key),
  toOutput: codexOutput,
});
