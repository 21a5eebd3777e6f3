// Claude Code's hook events: each payload → goalpost event, and goalpost decision → Claude Code
// answer, one typed definition per event. Translation only: every policy decision is the core engine's.

import { defineHostEvent, isSessionStartSource, type SessionKey, sessionFields, toolCallFields } from "@goalpost/adapter-kit";
import type { EngineEventInput } from "@goalpost/core";
import { claudeCodeAnswers } from "./claude-code-hook-output.js";
import { type ClaudeCodeHookEvent, claudeCodeHookPayloadSchemas as payloads } from "./claude-code-hook-payload.js";
import { CLAUDE_CODE_HOST } from "./claude-code-profile.js";

/** Tool output as text for a receipt's hash: Bash's stdout and stderr, or the JSON of anything else. */
function outputText(response: unknown): string | null {
  if (response === undefined || response === null) return null;
  if (typeof response === "string") return response;
  if (typeof response === "object" && "stdout" in response && typeof response.stdout === "string")
    return `${response.stdout}${"stderr" in response && typeof response.stderr === "string" ? response.stderr : ""}`;
  return JSON.stringify(response);
}

/** An interrupted Bash run (`tool_response.interrupted`) did not pass. */
const interrupted = (response: unknown) =>
  typeof response === "object" && response !== null && "interrupted" in response && response.interrupted === true;

/** What every event of a session shares; a subagent's payloads carry agent_id. */
const base = (payload: { agent_id?: string | null | undefined }, key: SessionKey) =>
  sessionFields(key, CLAUDE_CODE_HOST, payload.agent_id);

/** The answer for a decision, or null for "no decision" (exit 0, empty stdout). */
export const claudeCodeOutput = claudeCodeAnswers.answer;

const { answers } = claudeCodeAnswers;

/** Every Claude Code hook event goalpost answers. */
export const claudeCodeEvents = {
  SessionStart: defineHostEvent({
    payload: payloads.SessionStart,
    ...answers("SessionStart"),
    toEvent: (p, key) => (isSessionStartSource(p.source) ? { ...base(p, key), type: "session-started", source: p.source } : null),
  }),
  UserPromptSubmit: defineHostEvent({
    payload: payloads.UserPromptSubmit,
    ...answers("UserPromptSubmit"),
    // A background subagent's result comes back as a prompt the host wrote (docs/hosts/claude-code.md §3).
    toEvent: (p, key) => ({
      ...base(p, key),
      type: "prompt-submitted",
      prompt: p.prompt,
      origin: p.prompt.trimStart().startsWith("<task-notification>") ? "host" : "user",
    }),
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
      // Claude Code reports failures as PostToolUseFailure; an interrupted Bash run did not pass either.
      succeeded: !interrupted(p.tool_response),
      output: outputText(p.tool_response),
    }),
  }),
  PostToolUseFailure: defineHostEvent({
    payload: payloads.PostToolUseFailure,
    ...answers("PostToolUseFailure"),
    toEvent: (p, key) => {
      const exit = p.error ? /Exit code (\d+)/.exec(p.error) : null;
      return {
        ...base(p, key),
        ...toolCallFields(p),
        type: "tool-ran",
        succeeded: false,
        exitCode: exit ? Number(exit[1]) : null,
        output: p.error ?? null,
      };
    },
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
  Stop: defineHostEvent({
    payload: payloads.Stop,
    ...answers("Stop"),
    toEvent: (p, key) => ({
      ...base(p, key),
      type: "stop-requested",
      stopHookActive: p.stop_hook_active === true,
      // A background subagent still running brings the turn back when it ends (docs/hosts/claude-code.md §3).
      backgroundWork: p.background_tasks?.some((task) => task.status === "running") === true,
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
    // The SubagentStop compaction fires (agent_type "", no SubagentStart) is no subagent (docs/hosts/claude-code.md §3).
    toEvent: (p, key) =>
      p.agent_type === "" ? null : { ...base(p, key), subagent: true, type: "subagent-stopped", agentType: p.agent_type ?? null },
  }),
  SessionEnd: defineHostEvent({
    payload: payloads.SessionEnd,
    ...answers("SessionEnd"),
    toEvent: (p, key) => ({ ...base(p, key), type: "session-ended", reason: p.reason ?? null }),
  }),
} satisfies Record<ClaudeCodeHookEvent, unknown>;

/** The event for a payload its schema has parsed, or null when goalpost has nothing to do with it. */
export function claudeCodeEvent(name: ClaudeCodeHookEvent, payload: unknown, key: SessionKey): EngineEventInput | null {
  return claudeCodeEvents[name].toEvent(payload, key);
}
