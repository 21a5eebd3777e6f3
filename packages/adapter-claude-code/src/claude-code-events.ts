// Claude Code's hook events: each payload → goalpost event, and goalpost decision → Claude Code
// answer. Translation only: every policy decision is the core engine's.

import { hostEventTable, type SessionKey } from "@goalpost/adapter-kit";
import type { EngineDecision, EngineEventInput } from "@goalpost/core";
import type * as z from "zod/mini";
import {
  allowToolOutput,
  blockStopOutput,
  CONTEXT_EVENTS,
  contextOutput,
  contextOutputSchema,
  denyToolOutput,
  noteOutputSchema,
  preToolUseOutputSchema,
  stopOutputSchema,
  userNoteOutput,
} from "./claude-code-hook-output.js";
import {
  type ClaudeCodeHookEvent,
  type ClaudeCodeHookPayload,
  claudeCodeHookPayloadSchemas,
} from "./claude-code-hook-payload.js";
import { CLAUDE_CODE_HOST } from "./claude-code-profile.js";

const SESSION_SOURCES = new Set(["startup", "resume", "compact", "clear", "fork"]);

/** Tool output as text for a receipt's hash: Bash's stdout and stderr, or the JSON of anything else. */
function outputText(response: unknown): string | null {
  if (response === undefined || response === null) return null;
  if (typeof response === "string") return response;
  const bash = response as { stdout?: unknown; stderr?: unknown };
  if (typeof bash.stdout === "string") return `${bash.stdout}${typeof bash.stderr === "string" ? bash.stderr : ""}`;
  return JSON.stringify(response);
}

/** The fields every tool event shares. */
function toolFields(p: { tool_name: string; tool_input?: unknown; tool_use_id?: string | null | undefined }) {
  return { toolName: p.tool_name, toolInput: p.tool_input, toolUseId: p.tool_use_id ?? null };
}

/**
 * The event for a payload, or null when goalpost has nothing to do with it: the SubagentStop that
 * compaction fires (agent_type "", no SubagentStart) is not a subagent.
 */
export function claudeCodeEvent<E extends ClaudeCodeHookEvent>(
  name: E,
  payload: ClaudeCodeHookPayload<E>,
  key: SessionKey,
): EngineEventInput | null {
  const base = {
    sessionId: key.sessionId,
    cwd: key.cwd,
    host: CLAUDE_CODE_HOST,
    subagent: Boolean(payload.agent_id),
    agentId: payload.agent_id ?? null,
  };
  const p = payload as ClaudeCodeHookPayload<ClaudeCodeHookEvent> & Record<string, unknown>;
  switch (name) {
    case "SessionStart": {
      const source = String(p["source"]);
      return SESSION_SOURCES.has(source) ? { ...base, type: "session-started", source: source as "startup" } : null;
    }
    case "UserPromptSubmit": {
      const prompt = String(p["prompt"]);
      // A background subagent's result comes back as a prompt the host wrote (docs/hosts/claude-code.md §3).
      const origin = prompt.trimStart().startsWith("<task-notification>") ? "host" : "user";
      return { ...base, type: "prompt-submitted", prompt, origin };
    }
    case "PreToolUse":
      return { ...base, ...toolFields(p as ClaudeCodeHookPayload<"PreToolUse">), type: "tool-about-to-run" };
    case "PostToolUse":
      return {
        ...base,
        ...toolFields(p as ClaudeCodeHookPayload<"PostToolUse">),
        type: "tool-ran",
        // Claude Code reports failures as PostToolUseFailure; an interrupted Bash run did not pass either.
        succeeded: (p["tool_response"] as { interrupted?: unknown } | undefined)?.interrupted !== true,
        output: outputText(p["tool_response"]),
      };
    case "PostToolUseFailure": {
      const error = typeof p["error"] === "string" ? p["error"] : null;
      const exit = error ? /Exit code (\d+)/.exec(error) : null;
      return {
        ...base,
        ...toolFields(p as ClaudeCodeHookPayload<"PostToolUseFailure">),
        type: "tool-ran",
        succeeded: false,
        exitCode: exit ? Number(exit[1]) : null,
        output: error,
      };
    }
    case "PreCompact":
      return { ...base, type: "compaction-about-to-run", trigger: p["trigger"] === "manual" ? "manual" : "auto" };
    case "Stop":
      return { ...base, type: "stop-requested", stopHookActive: p["stop_hook_active"] === true };
    case "SubagentStart":
      return { ...base, subagent: true, type: "subagent-started", agentType: payload.agent_type ?? null };
    case "SubagentStop":
      return payload.agent_type === ""
        ? null
        : { ...base, subagent: true, type: "subagent-stopped", agentType: payload.agent_type ?? null };
    case "SessionEnd":
      return { ...base, type: "session-ended", reason: (p["reason"] as string | null) ?? null };
  }
  return null;
}

/** The answer for a decision, or null for "no decision" (exit 0, empty stdout). */
export function claudeCodeOutput(name: ClaudeCodeHookEvent, decision: EngineDecision): object | null {
  if (decision.action === "allow-tool" && name === "PreToolUse") return allowToolOutput();
  if (decision.action === "deny-tool" && name === "PreToolUse")
    return denyToolOutput(decision.reason ?? "Denied by goalpost.", decision.context);
  if (decision.action === "block-stop" && name === "Stop")
    return blockStopOutput(decision.reason ?? "The goal is still open.", decision.userNote);
  const acceptsContext = name === "PreToolUse" || (CONTEXT_EVENTS as readonly string[]).includes(name);
  if (decision.context && acceptsContext) return contextOutput(name, decision.context, decision.userNote);
  if (decision.userNote && name !== "SessionEnd") return userNoteOutput(decision.userNote);
  return null;
}

function outputSchema(name: ClaudeCodeHookEvent): z.ZodMiniType {
  if (name === "PreToolUse") return preToolUseOutputSchema;
  if (name === "Stop") return stopOutputSchema;
  if ((CONTEXT_EVENTS as readonly string[]).includes(name)) return contextOutputSchema(name);
  return noteOutputSchema;
}

/** Every Claude Code hook event goalpost answers, as the kit's event table. */
export const claudeCodeEvents = hostEventTable(claudeCodeHookPayloadSchemas, {
  output: outputSchema,
  toEvent: (name, payload, key) => claudeCodeEvent(name, payload, key),
  toOutput: claudeCodeOutput,
});
