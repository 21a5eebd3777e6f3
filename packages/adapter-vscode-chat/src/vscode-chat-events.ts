// VS Code Copilot Chat's hook events: each payload → goalpost event, and goalpost decision → VS Code
// answer. Translation only: every policy decision is the core engine's.
import { defineHostEvent, type SessionKey, sessionFields } from "@goalpost/adapter-kit";
import type { EngineEventInput } from "@goalpost/core";
import { vscodeChatAnswers } from "./vscode-chat-hook-output.js";
import { eventNameOf, vscodeChatHookPayloadSchemas as payloads, type VscodeChatHookEvent } from "./vscode-chat-hook-payload.js";
import { VSCODE_CHAT_HOST } from "./vscode-chat-profile.js";

/** How a terminal tool's text states the command's exit status, when it does. */
const EXIT_CODE = /\b(?:exit(?:ed)?(?: with)?(?: exit)? code|exit status)[:\s]+(\d+)\b/gi;

/** The tool fields, in the code's snake_case or the documented camelCase. */
function tool(p: {
  tool_name?: string | null | undefined;
  toolName?: string | null | undefined;
  tool_input?: unknown;
  toolArgs?: unknown;
  tool_use_id?: string | null | undefined;
}) {
  return { toolName: p.tool_name || p.toolName || "", toolInput: p.tool_input ?? p.toolArgs, toolUseId: p.tool_use_id ?? null };
}

/**
 * What every event of a session shares, or null for a payload that names no event: VS Code always
 * sends one, in either spelling, so it is another host's. Only SubagentStart/SubagentStop name a
 * subagent; its tool calls carry nothing (the engine counts).
 */
function base(
  payload: { hook_event_name?: string | null | undefined; hookEventName?: string | null | undefined },
  key: SessionKey,
) {
  return eventNameOf(payload) === null ? null : sessionFields(key, VSCODE_CHAT_HOST);
}

/**
 * PostToolUse fires only after a tool that succeeded (docs/hosts/vscode-chat.md §3); the response is
 * text. A terminal command that ran but exited non-zero is a successful tool call with a failing
 * command: when the text states the exit code, it decides (the last statement wins: the terminal's
 * own line comes after anything the command printed).
 */
function toolOutcome(response: unknown) {
  const output = typeof response === "string" ? response : response === undefined ? null : JSON.stringify(response);
  const exit = output ? [...output.matchAll(EXIT_CODE)].at(-1) : undefined;
  const exitCode = exit ? Number(exit[1]) : null;
  return { succeeded: exitCode === null ? true : exitCode === 0, ...(exitCode === null ? {} : { exitCode }), output };
}

/** A subagent's start or end: the only events that name one (its tool calls carry nothing). */
function subagent(
  type: "subagent-started" | "subagent-stopped",
  p: {
    agent_id?: string | null | undefined;
    agent_type?: string | null | undefined;
    hook_event_name?: string | null | undefined;
    hookEventName?: string | null | undefined;
  },
  key: SessionKey,
): EngineEventInput | null {
  const shared = base(p, key);
  return shared && { ...shared, subagent: true, agentId: p.agent_id ?? null, type, agentType: p.agent_type ?? null };
}

/** The answer for a decision, or null for "no decision" (exit 0, empty stdout). */
export const vscodeChatOutput = vscodeChatAnswers.answer;

const { answers } = vscodeChatAnswers;

/** Every VS Code hook event goalpost answers. */
export const vscodeChatEvents = {
  SessionStart: defineHostEvent({
    payload: payloads.SessionStart,
    ...answers("SessionStart"),
    // Fires only for the first prompt of a new conversation (source "new").
    toEvent: (p, key) => {
      const shared = base(p, key);
      return shared && { ...shared, type: "session-started", source: "startup" };
    },
  }),
  UserPromptSubmit: defineHostEvent({
    payload: payloads.UserPromptSubmit,
    ...answers("UserPromptSubmit"),
    toEvent: (p, key) => {
      const shared = base(p, key);
      return shared && { ...shared, type: "prompt-submitted", prompt: p.prompt, origin: "user" };
    },
  }),
  PreToolUse: defineHostEvent({
    payload: payloads.PreToolUse,
    ...answers("PreToolUse"),
    toEvent: (p, key) => {
      const shared = base(p, key);
      return shared && { ...shared, ...tool(p), type: "tool-about-to-run" };
    },
  }),
  PostToolUse: defineHostEvent({
    payload: payloads.PostToolUse,
    ...answers("PostToolUse"),
    toEvent: (p, key) => {
      const shared = base(p, key);
      return shared && { ...shared, ...tool(p), type: "tool-ran", ...toolOutcome(p.tool_response) };
    },
  }),
  PreCompact: defineHostEvent({
    payload: payloads.PreCompact,
    ...answers("PreCompact"),
    toEvent: (p, key) => {
      const shared = base(p, key);
      return shared && { ...shared, type: "compaction-about-to-run", trigger: p.trigger === "manual" ? "manual" : "auto" };
    },
  }),
  SubagentStart: defineHostEvent({
    payload: payloads.SubagentStart,
    ...answers("SubagentStart"),
    toEvent: (p, key) => subagent("subagent-started", p, key),
  }),
  SubagentStop: defineHostEvent({
    payload: payloads.SubagentStop,
    ...answers("SubagentStop"),
    toEvent: (p, key) => subagent("subagent-stopped", p, key),
  }),
  Stop: defineHostEvent({
    payload: payloads.Stop,
    ...answers("Stop"),
    toEvent: (p, key) => {
      const shared = base(p, key);
      return shared && { ...shared, type: "stop-requested", stopHookActive: p.stop_hook_active === true };
    },
  }),
} satisfies Record<VscodeChatHookEvent, unknown>;

/** The event for a payload its schema has parsed, or null when goalpost has nothing to do with it. */
export function vscodeChatEvent(name: VscodeChatHookEvent, payload: unknown, key: SessionKey): EngineEventInput | null {
  return vscodeChatEvents[name].toEvent(payload, key);
}
