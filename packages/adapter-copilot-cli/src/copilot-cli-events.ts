// Copilot CLI's hook events: each payload → goalpost event, and goalpost decision → Copilot answer.
// Translation only: every policy decision is the core engine's.

import { hostEventTable, type SessionKey } from "@goalpost/adapter-kit";
import { type EngineDecision, type EngineEventInput, STOP_BLOCK_PREFIX } from "@goalpost/core";
import type * as z from "zod/mini";
import {
  blockStopOutput,
  CONTEXT_EVENTS,
  contextOutput,
  contextOutputSchema,
  denyToolOutput,
  MCP_CALL_META_KEY,
  preMcpToolCallOutputSchema,
  preToolUseOutputSchema,
  silentOutputSchema,
  stopOutputSchema,
} from "./copilot-cli-hook-output.js";
import {
  type CopilotCliHookEvent,
  type CopilotCliHookPayload,
  copilotCliHookPayloadSchemas,
} from "./copilot-cli-hook-payload.js";
import { MCP_SERVER_NAME } from "./copilot-cli-mcp-name.js";
import { COPILOT_CLI_HOST, copilotCliProfile } from "./copilot-cli-profile.js";

const SHELL_TOOLS = new Set(copilotCliProfile.tools.shell);

/**
 * Copilot CLI runs `/goal <objective>` as its own autopilot (1.0.102): the prompt hooks see is the
 * host's wrapper around the user's words, and autopilot then nudges with prompts of its own until the
 * model calls task_complete. Both are the host's writing: the objective inside the first is the user's.
 */
const AUTOPILOT_OBJECTIVE =
  /^The user set this explicit autopilot objective with \/autopilot:\n\n([\s\S]*?)\n\nWork autonomously toward this objective/;
const HOST_PROMPTS = [STOP_BLOCK_PREFIX, "You have not yet marked the task as complete using the task_complete tool"];
/** Copilot ends a shell tool's result with its own line: `<shellId: 0 completed with exit code 3>`. */
const SHELL_TRAILER = /<shellId: [^>\n]* completed with exit code (\d+)>\s*$/;

/**
 * How a call ended, as the host reported it. For a shell call, the exit code from the trailer Copilot
 * appends after the command's output (the command cannot write after it), and only then.
 */
function toolOutcome(payload: CopilotCliHookPayload<"postToolUse">) {
  const result = payload.toolResult;
  const output = result?.textResultForLlm ?? null;
  if (SHELL_TOOLS.has(payload.toolName)) {
    const trailer = output ? SHELL_TRAILER.exec(output) : null;
    const exitCode = trailer ? Number(trailer[1]) : null;
    return { succeeded: exitCode === null ? null : exitCode === 0 && result?.resultType !== "failure", exitCode, output };
  }
  return { succeeded: result?.resultType === undefined ? null : result.resultType === "success", output };
}

function toolFields(p: { toolName: string; toolArgs?: unknown }) {
  return { toolName: p.toolName, toolInput: p.toolArgs, toolUseId: null };
}

/** The event for a payload, or null when goalpost has nothing to do with it. */
export function copilotCliEvent<E extends CopilotCliHookEvent>(
  name: E,
  payload: CopilotCliHookPayload<E>,
  key: SessionKey,
): EngineEventInput | null {
  const base = {
    sessionId: key.sessionId,
    cwd: key.cwd,
    host: COPILOT_CLI_HOST,
    // Inside a subagent sessionId is the subagent's own id; agentId marks every one of its payloads.
    subagent: Boolean(payload.agentId),
    agentId: payload.agentId ?? null,
  };
  const p = payload as CopilotCliHookPayload<CopilotCliHookEvent> & Record<string, unknown>;
  switch (name) {
    case "sessionStart":
      return { ...base, type: "session-started", source: p["source"] === "resume" ? "resume" : "startup" };
    case "userPromptSubmitted": {
      const prompt = String(p["prompt"]);
      const objective = AUTOPILOT_OBJECTIVE.exec(prompt)?.[1]?.trim();
      if (objective) return { ...base, type: "prompt-submitted", prompt: `/goal ${objective}`, origin: "user" };
      // A blocked stop's reason and autopilot's nudges come back as prompts: the host's, never the
      // user's (they must not reset the stop counter, or the stop loop would never end).
      const origin = HOST_PROMPTS.some((start) => prompt.trimStart().startsWith(start)) ? "host" : "user";
      return { ...base, type: "prompt-submitted", prompt, origin };
    }
    case "preToolUse":
      return { ...base, ...toolFields(p as CopilotCliHookPayload<"preToolUse">), type: "tool-about-to-run" };
    case "preMcpToolCall": {
      // Only goalpost's own server: the call is recorded by its id, which the MCP request then carries.
      const mcp = p as CopilotCliHookPayload<"preMcpToolCall">;
      if (mcp.serverName !== MCP_SERVER_NAME) return null;
      return { ...base, type: "tool-about-to-run", toolName: mcp.toolName, toolInput: mcp.arguments, toolUseId: mcp.toolCallId };
    }
    case "postToolUse": {
      const post = p as CopilotCliHookPayload<"postToolUse">;
      return { ...base, ...toolFields(post), type: "tool-ran", ...toolOutcome(post) };
    }
    case "postToolUseFailure": {
      const failure = p as CopilotCliHookPayload<"postToolUseFailure">;
      return { ...base, ...toolFields(failure), type: "tool-ran", succeeded: false, output: failure.error ?? null };
    }
    case "preCompact":
      return { ...base, type: "compaction-about-to-run", trigger: p["trigger"] === "manual" ? "manual" : "auto" };
    case "agentStop":
      return { ...base, type: "stop-requested", stopHookActive: p["stop_hook_active"] === true };
    case "subagentStart":
      return { ...base, subagent: true, type: "subagent-started", agentType: payload.agentType ?? null };
    case "subagentStop":
      return { ...base, subagent: true, type: "subagent-stopped", agentType: payload.agentType ?? null };
    case "sessionEnd":
      return { ...base, type: "session-ended", reason: (p["reason"] as string | null) ?? null };
  }
  return null;
}

/** The answer for a decision, or null for "no decision" (exit 0, empty stdout). */
export function copilotCliOutput(name: CopilotCliHookEvent, decision: EngineDecision, payload?: unknown): object | null {
  if (name === "preMcpToolCall") {
    // The engine recorded the call (and allowed it) when the main agent made it: the id goes into _meta.
    const id = (payload as { toolCallId?: unknown } | undefined)?.toolCallId;
    return decision.action === "allow-tool" && typeof id === "string" ? { metaToUse: { [MCP_CALL_META_KEY]: id } } : null;
  }
  if (decision.action === "deny-tool" && name === "preToolUse")
    return denyToolOutput(decision.reason ?? "Denied by goalpost.", decision.context);
  if (decision.action === "block-stop" && name === "agentStop")
    return blockStopOutput(decision.reason ?? "The goal is still open.");
  const acceptsContext = name === "preToolUse" || (CONTEXT_EVENTS as readonly string[]).includes(name);
  if (decision.context && acceptsContext) return contextOutput(decision.context);
  return null;
}

function outputSchema(name: CopilotCliHookEvent): z.ZodMiniType {
  if (name === "preToolUse") return preToolUseOutputSchema;
  if (name === "preMcpToolCall") return preMcpToolCallOutputSchema;
  if (name === "agentStop") return stopOutputSchema;
  if ((CONTEXT_EVENTS as readonly string[]).includes(name)) return contextOutputSchema;
  return silentOutputSchema;
}

/** Every Copilot CLI hook event goalpost answers, as the kit's event table. */
export const copilotCliEvents = hostEventTable(copilotCliHookPayloadSchemas, {
  output: outputSchema,
  toEvent: (name, payload, key) => copilotCliEvent(name, payload, key),
  toOutput: (name, decision, payload) => copilotCliOutput(name, decision, payload),
});

/**
 * VS Code reads ~/.copilot/hooks/ too, and runs this adapter's hook file with its own payloads, which
 * name their event; Copilot CLI's camelCase ones never do (docs/hosts/copilot-cli.md §3, §4.3). A VS Code chat is the
 * VS Code adapter's, not this one's: such a payload is answered with nothing, before any schema.
 */
export function isVsCodePayload(payload: unknown): boolean {
  if (typeof payload !== "object" || payload === null) return false;
  return "hook_event_name" in payload || "hookEventName" in payload;
}
