// What Copilot CLI sends on a hook's stdin with camelCase event names (docs/hosts/copilot-cli.md §3, payloads captured
// from 1.0.102): camelCase fields at the top level, except stop_hook_active. Tolerant on purpose:
// unknown keys pass and only the fields goalpost reads are checked.
import * as z from "zod/mini";

const common = {
  // Inside a subagent this is the subagent's own id: agentId is what marks its payloads.
  sessionId: z.string().check(z.minLength(1)),
  cwd: z.nullish(z.string()),
  agentId: z.nullish(z.string()),
  agentType: z.nullish(z.string()),
  parentAgentId: z.nullish(z.string()),
};

const tool = { toolName: z.string(), toolArgs: z.optional(z.unknown()) };

export const copilotCliHookPayloadSchemas = {
  sessionStart: z.looseObject({ ...common, source: z.nullish(z.string()) }),
  userPromptSubmitted: z.looseObject({ ...common, prompt: z.string() }),
  preToolUse: z.looseObject({ ...common, ...tool }),
  postToolUse: z.looseObject({
    ...common,
    ...tool,
    toolResult: z.optional(z.looseObject({ resultType: z.nullish(z.string()), textResultForLlm: z.nullish(z.string()) })),
  }),
  postToolUseFailure: z.looseObject({ ...common, ...tool, error: z.nullish(z.string()) }),
  // Just before an MCP tool call: the raw tool name on its server, and the call's id.
  preMcpToolCall: z.looseObject({
    ...common,
    serverName: z.string(),
    toolName: z.string(),
    toolCallId: z.string(),
    arguments: z.optional(z.unknown()),
  }),
  preCompact: z.looseObject({ ...common, trigger: z.nullish(z.string()) }),
  agentStop: z.looseObject({ ...common, stop_hook_active: z.nullish(z.boolean()), stopReason: z.nullish(z.string()) }),
  subagentStart: z.looseObject({ ...common, agentName: z.nullish(z.string()) }),
  subagentStop: z.looseObject({ ...common, agentName: z.nullish(z.string()) }),
  sessionEnd: z.looseObject({ ...common, reason: z.nullish(z.string()) }),
  errorOccurred: z.looseObject({ ...common }),
} as const;

export type CopilotCliHookEvent = keyof typeof copilotCliHookPayloadSchemas;
export type CopilotCliHookPayload<E extends CopilotCliHookEvent> = z.infer<(typeof copilotCliHookPayloadSchemas)[E]>;

export const COPILOT_CLI_HOOK_EVENTS = Object.keys(copilotCliHookPayloadSchemas) as CopilotCliHookEvent[];
