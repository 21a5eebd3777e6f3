// Copilot CLI's hook events: each payload → goalpost event, and goalpost decision → Copilot answer.
// Translation only: every policy decision is the core engine's.

import { defineHostEvent, type SessionKey, sessionFields } from "@goalpost/adapter-kit";
import type { EngineDecision, EngineEventInput } from "@goalpost/core";
import { STOP_BLOCK_PREFIX } from "@goalpost/core/internal";
import {
  blockStopOutput,
  CONTEXT_EVENTS,
  contextOutput,
  contextSchema,
  denyToolOutput,
  MCP_CALL_META_KEY,
  preMcpToolCallSchema,
  preToolUseSchema,
  silentSchema,
  stopSchema,
} from "./copilot-cli-hook-output.js";
import {
  type CopilotCliHookEvent,
  type CopilotCliHookPayload,
  copilotCliHookPayloadSchemas as payloads,
} from "./copilot-cli-hook-payload.js";
import { MCP_SERVER_NAME } from "./copilot-cli-mcp-name.js";
import { COPILOT_CLI_HOST, copilotCliProfile } from "./copilot-cli-profile.js";

const TAKES_CONTEXT: ReadonlySet<string> = new Set(CONTEXT_EVENTS);
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

function tool(p: { toolName: string; toolArgs?: unknown }) {
  return { toolName: p.toolName, toolInput: p.toolArgs, toolUseId: null };
}

/** What every event of a session shares. Inside a subagent sessionId is the subagent's own: agentId marks each of its payloads. */
const base = (payload: { agentId?: string | null | undefined }, key: SessionKey) =>
  sessionFields(key, COPILOT_CLI_HOST, payload.agentId);

/**
 * A prompt as goalpost reads it. `/goal <objective>` comes as autopilot's wrapper around the user's
 * words; a blocked stop's reason and autopilot's nudges come back as prompts: the host's, never the
 * user's (they must not reset the stop counter, or the stop loop would never end).
 */
function prompt(text: string): { prompt: string; origin: "user" | "host" } {
  const objective = AUTOPILOT_OBJECTIVE.exec(text)?.[1]?.trim();
  if (objective) return { prompt: `/goal ${objective}`, origin: "user" };
  return { prompt: text, origin: HOST_PROMPTS.some((start) => text.trimStart().startsWith(start)) ? "host" : "user" };
}

/** The answer for a decision, or null for "no decision" (exit 0, empty stdout). */
export function copilotCliOutput(name: CopilotCliHookEvent, decision: EngineDecision): object | null {
  if (decision.action === "deny-tool" && name === "preToolUse")
    return denyToolOutput(decision.reason ?? "Denied by goalpost.", decision.context);
  if (decision.action === "block-stop" && name === "agentStop")
    return blockStopOutput(decision.reason ?? "The goal is still open.");
  const acceptsContext = name === "preToolUse" || TAKES_CONTEXT.has(name);
  if (decision.context && acceptsContext) return contextOutput(decision.context);
  return null;
}

/** The answer's schema and builder of an event that takes model context, or of one answered with nothing. */
const answers = (name: CopilotCliHookEvent) => ({
  output: () => (TAKES_CONTEXT.has(name) ? contextSchema() : silentSchema()),
  toOutput: (decision: EngineDecision) => copilotCliOutput(name, decision),
});

/** Every Copilot CLI hook event goalpost answers. */
export const copilotCliEvents = {
  sessionStart: defineHostEvent({
    payload: payloads.sessionStart,
    ...answers("sessionStart"),
    toEvent: (p, key) => ({ ...base(p, key), type: "session-started", source: p.source === "resume" ? "resume" : "startup" }),
  }),
  userPromptSubmitted: defineHostEvent({
    payload: payloads.userPromptSubmitted,
    ...answers("userPromptSubmitted"),
    toEvent: (p, key) => ({ ...base(p, key), type: "prompt-submitted", ...prompt(p.prompt) }),
  }),
  preToolUse: defineHostEvent({
    payload: payloads.preToolUse,
    output: preToolUseSchema,
    toOutput: (decision) => copilotCliOutput("preToolUse", decision),
    toEvent: (p, key) => ({ ...base(p, key), ...tool(p), type: "tool-about-to-run" }),
  }),
  preMcpToolCall: defineHostEvent({
    payload: payloads.preMcpToolCall,
    output: preMcpToolCallSchema,
    // The engine recorded the call (and allowed it) when the main agent made it: the id goes into _meta.
    toOutput: (decision, p) =>
      decision.action === "allow-tool" && p ? { metaToUse: { [MCP_CALL_META_KEY]: p.toolCallId } } : null,
    // Only goalpost's own server: the call is recorded by its id, which the MCP request then carries.
    toEvent: (p, key) =>
      p.serverName === MCP_SERVER_NAME
        ? { ...base(p, key), type: "tool-about-to-run", toolName: p.toolName, toolInput: p.arguments, toolUseId: p.toolCallId }
        : null,
  }),
  postToolUse: defineHostEvent({
    payload: payloads.postToolUse,
    ...answers("postToolUse"),
    toEvent: (p, key) => ({ ...base(p, key), ...tool(p), type: "tool-ran", ...toolOutcome(p) }),
  }),
  postToolUseFailure: defineHostEvent({
    payload: payloads.postToolUseFailure,
    ...answers("postToolUseFailure"),
    toEvent: (p, key) => ({ ...base(p, key), ...tool(p), type: "tool-ran", succeeded: false, output: p.error ?? null }),
  }),
  preCompact: defineHostEvent({
    payload: payloads.preCompact,
    ...answers("preCompact"),
    toEvent: (p, key) => ({
      ...base(p, key),
      type: "compaction-about-to-run",
      trigger: p.trigger === "manual" ? "manual" : "auto",
    }),
  }),
  agentStop: defineHostEvent({
    payload: payloads.agentStop,
    output: stopSchema,
    toOutput: (decision) => copilotCliOutput("agentStop", decision),
    toEvent: (p, key) => ({
      ...base(p, key),
      type: "stop-requested",
      stopHookActive: p.stop_hook_active === true,
      endReason: p.stopReason ?? null,
    }),
  }),
  subagentStart: defineHostEvent({
    payload: payloads.subagentStart,
    ...answers("subagentStart"),
    toEvent: (p, key) => ({ ...base(p, key), subagent: true, type: "subagent-started", agentType: p.agentType ?? null }),
  }),
  subagentStop: defineHostEvent({
    payload: payloads.subagentStop,
    ...answers("subagentStop"),
    toEvent: (p, key) => ({ ...base(p, key), subagent: true, type: "subagent-stopped", agentType: p.agentType ?? null }),
  }),
  sessionEnd: defineHostEvent({
    payload: payloads.sessionEnd,
    ...answers("sessionEnd"),
    toEvent: (p, key) => ({ ...base(p, key), type: "session-ended", reason: p.reason ?? null }),
  }),
  errorOccurred: defineHostEvent({ payload: payloads.errorOccurred, ...answers("errorOccurred"), toEvent: () => null }),
} satisfies Record<CopilotCliHookEvent, unknown>;

/** The event for a payload its schema has parsed, or null when goalpost has nothing to do with it. */
export function copilotCliEvent(name: CopilotCliHookEvent, payload: unknown, key: SessionKey): EngineEventInput | null {
  return copilotCliEvents[name].toEvent(payload, key);
}

/**
 * VS Code reads ~/.copilot/hooks/ too, and runs this adapter's hook file with its own payloads, which
 * name their event; Copilot CLI's camelCase ones never do (docs/hosts/copilot-cli.md §3, §4.3). A VS Code chat is the
 * VS Code adapter's, not this one's: such a payload is answered with nothing, before any schema.
 */
export function isVsCodePayload(payload: unknown): boolean {
  if (typeof payload !== "object" || payload === null) return false;
  return "hook_event_name" in payload || "hookEventName" in payload;
}
