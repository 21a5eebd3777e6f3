// Claude Code payload → goalpost event, and goalpost decision → Claude Code answer. Translation only:
// every policy decision is the core engine's.
import type { EngineDecision, EngineEventInput } from "@goalpost/core";
import {
  allowToolOutput,
  blockStopOutput,
  type ClaudeCodeHookOutput,
  contextOutput,
  denyToolOutput,
  userNoteOutput,
} from "./claude-code-hook-output.js";
import type { ClaudeCodeHookEvent, ClaudeCodeHookPayload } from "./claude-code-hook-payload.js";

export { CLAUDE_CODE_HOST } from "./claude-code-profile.js";

import { CLAUDE_CODE_HOST } from "./claude-code-profile.js";

/** The session's key and its project directory (never a later payload's cwd, which follows `cd`). */
export interface ClaudeCodeSessionKey {
  readonly sessionId: string;
  readonly cwd: string;
}

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
function toolFields(p: Record<string, unknown>) {
  return { toolName: String(p["tool_name"]), toolInput: p["tool_input"], toolUseId: (p["tool_use_id"] as string | null) ?? null };
}

/**
 * The event for a payload, or null when goalpost has nothing to do with it: the SubagentStop that
 * compaction fires (agent_type "", no SubagentStart) is not a subagent.
 */
export function claudeCodeEvent<E extends ClaudeCodeHookEvent>(
  name: E,
  payload: ClaudeCodeHookPayload<E>,
  key: ClaudeCodeSessionKey,
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
      // A background subagent's result comes back as a prompt the host wrote (HOSTS.md §1.3).
      const origin = prompt.trimStart().startsWith("<task-notification>") ? "host" : "user";
      return { ...base, type: "prompt-submitted", prompt, origin };
    }
    case "PreToolUse":
      return { ...base, ...toolFields(p), type: "tool-about-to-run" };
    case "PostToolUse":
      return {
        ...base,
        ...toolFields(p),
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
        ...toolFields(p),
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
export function claudeCodeOutput(name: ClaudeCodeHookEvent, decision: EngineDecision): ClaudeCodeHookOutput | null {
  if (decision.action === "allow-tool" && name === "PreToolUse") return allowToolOutput();
  if (decision.action === "deny-tool" && name === "PreToolUse")
    return denyToolOutput(decision.reason ?? "Denied by goalpost.", decision.context);
  if (decision.action === "block-stop" && name === "Stop")
    return blockStopOutput(decision.reason ?? "The goal is still open.", decision.userNote);
  // additionalContext is accepted on these events (HOSTS.md §1.4); elsewhere only the user note can go.
  const acceptsContext: readonly ClaudeCodeHookEvent[] = [
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "SubagentStart",
    "SubagentStop",
  ];
  if (decision.context && acceptsContext.includes(name)) return contextOutput(name, decision.context, decision.userNote);
  if (decision.userNote && name !== "SessionEnd") return userNoteOutput(decision.userNote);
  return null;
}
