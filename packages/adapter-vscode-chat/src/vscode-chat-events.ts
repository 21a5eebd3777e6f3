// VS Code Copilot Chat's hook events: each payload → goalpost event, and goalpost decision → VS Code
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
} from "./vscode-chat-hook-output.js";
import {
  eventNameOf,
  type VscodeChatHookEvent,
  type VscodeChatHookPayload,
  vscodeChatHookPayloadSchemas,
} from "./vscode-chat-hook-payload.js";
import { VSCODE_CHAT_HOST } from "./vscode-chat-profile.js";

/** How a terminal tool's text states the command's exit status, when it does. */
const EXIT_CODE = /\b(?:exit(?:ed)?(?: with)?(?: exit)? code|exit status)[:\s]+(\d+)\b/gi;

type ToolPayload = VscodeChatHookPayload<"PreToolUse"> & { tool_response?: unknown };

/** The tool fields, in the code's snake_case or the documented camelCase. */
function toolFields(p: ToolPayload) {
  return { toolName: p.tool_name || p.toolName || "", toolInput: p.tool_input ?? p.toolArgs, toolUseId: p.tool_use_id ?? null };
}

/**
 * The event for a payload, or null when goalpost has nothing to do with it. A payload without an
 * event name is not VS Code's (VS Code always sends one, in either spelling).
 */
export function vscodeChatEvent<E extends VscodeChatHookEvent>(
  name: E,
  payload: VscodeChatHookPayload<E>,
  key: SessionKey,
): EngineEventInput | null {
  if (eventNameOf(payload) === null) return null;
  // Only SubagentStart/SubagentStop name a subagent; its tool calls carry nothing (the engine counts).
  const base = { sessionId: key.sessionId, cwd: key.cwd, host: VSCODE_CHAT_HOST, subagent: false, agentId: null };
  const p = payload as VscodeChatHookPayload<VscodeChatHookEvent> & Record<string, unknown>;
  switch (name) {
    case "SessionStart":
      // Fires only for the first prompt of a new conversation (source "new").
      return { ...base, type: "session-started", source: "startup" };
    case "UserPromptSubmit":
      return { ...base, type: "prompt-submitted", prompt: String(p["prompt"]), origin: "user" };
    case "PreToolUse":
      return { ...base, ...toolFields(p as ToolPayload), type: "tool-about-to-run" };
    case "PostToolUse": {
      // PostToolUse fires only after a tool that succeeded (docs/hosts/vscode-chat.md §3); the response is text. A
      // terminal command that ran but exited non-zero is a successful tool call with a failing
      // command: when the text states the exit code, it decides.
      const response = p["tool_response"];
      const output = typeof response === "string" ? response : response === undefined ? null : JSON.stringify(response);
      // The last statement wins: the terminal's own line comes after anything the command printed.
      const exit = output ? [...output.matchAll(EXIT_CODE)].at(-1) : undefined;
      const exitCode = exit ? Number(exit[1]) : null;
      return {
        ...base,
        ...toolFields(p as ToolPayload),
        type: "tool-ran",
        succeeded: exitCode === null ? true : exitCode === 0,
        ...(exitCode === null ? {} : { exitCode }),
        output,
      };
    }
    case "PreCompact":
      return { ...base, type: "compaction-about-to-run", trigger: p["trigger"] === "manual" ? "manual" : "auto" };
    case "Stop":
      return { ...base, type: "stop-requested", stopHookActive: p["stop_hook_active"] === true };
    case "SubagentStart":
      return {
        ...base,
        subagent: true,
        agentId: (p["agent_id"] as string | null) ?? null,
        type: "subagent-started",
        agentType: (p["agent_type"] as string | null) ?? null,
      };
    case "SubagentStop":
      return {
        ...base,
        subagent: true,
        agentId: (p["agent_id"] as string | null) ?? null,
        type: "subagent-stopped",
        agentType: (p["agent_type"] as string | null) ?? null,
      };
  }
  return null;
}

/** The answer for a decision, or null for "no decision" (exit 0, empty stdout). */
export function vscodeChatOutput(name: VscodeChatHookEvent, decision: EngineDecision): object | null {
  if (decision.action === "allow-tool" && name === "PreToolUse") return allowToolOutput();
  if (decision.action === "deny-tool" && name === "PreToolUse")
    return denyToolOutput(decision.reason ?? "Denied by goalpost.", decision.context);
  if (decision.action === "block-stop" && name === "Stop")
    return blockStopOutput(decision.reason ?? "The goal is still open.", decision.userNote);
  const acceptsContext = name === "PreToolUse" || (CONTEXT_EVENTS as readonly string[]).includes(name);
  if (decision.context && acceptsContext) return contextOutput(name, decision.context, decision.userNote);
  if (decision.userNote) return userNoteOutput(decision.userNote);
  return null;
}

function outputSchema(name: VscodeChatHookEvent): z.ZodMiniType {
  if (name === "PreToolUse") return preToolUseOutputSchema;
  if (name === "Stop") return stopOutputSchema;
  if ((CONTEXT_EVENTS as readonly string[]).includes(name)) return contextOutputSchema(name);
  return noteOutputSchema;
}

/** Every VS Code hook event goalpost answers, as the kit's event table. */
export const vscodeChatEvents = hostEventTable(vscodeChatHookPayloadSchemas, {
  output: outputSchema,
  toEvent: (name, payload, key) => vscodeChatEvent(name, payload, key),
  toOutput: vscodeChatOutput,
});
