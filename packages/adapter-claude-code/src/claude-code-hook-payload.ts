// What Claude Code sends on a hook's stdin (docs/hosts/claude-code.md §3, payloads captured from 2.1.197 and
// 2.1.330). Tolerant on purpose: the host adds fields every release, so unknown keys pass and only
// the fields goalpost reads are checked.
import * as z from "zod/mini";

const common = {
  session_id: z.string().check(z.minLength(1)),
  cwd: z.nullish(z.string()),
  transcript_path: z.nullish(z.string()),
  agent_id: z.nullish(z.string()),
  agent_type: z.nullish(z.string()),
};

export const claudeCodeHookPayloadSchemas = {
  SessionStart: z.looseObject({ ...common, hook_event_name: z.literal("SessionStart"), source: z.string() }),
  UserPromptSubmit: z.looseObject({ ...common, hook_event_name: z.literal("UserPromptSubmit"), prompt: z.string() }),
  PreToolUse: z.looseObject({
    ...common,
    hook_event_name: z.literal("PreToolUse"),
    tool_name: z.string(),
    tool_input: z.optional(z.unknown()),
    tool_use_id: z.nullish(z.string()),
  }),
  PostToolUse: z.looseObject({
    ...common,
    hook_event_name: z.literal("PostToolUse"),
    tool_name: z.string(),
    tool_input: z.optional(z.unknown()),
    tool_response: z.optional(z.unknown()),
    tool_use_id: z.nullish(z.string()),
  }),
  PostToolUseFailure: z.looseObject({
    ...common,
    hook_event_name: z.literal("PostToolUseFailure"),
    tool_name: z.string(),
    tool_input: z.optional(z.unknown()),
    tool_use_id: z.nullish(z.string()),
    error: z.nullish(z.string()),
    is_interrupt: z.nullish(z.boolean()),
  }),
  PreCompact: z.looseObject({ ...common, hook_event_name: z.literal("PreCompact"), trigger: z.string() }),
  Stop: z.looseObject({
    ...common,
    hook_event_name: z.literal("Stop"),
    stop_hook_active: z.nullish(z.boolean()),
    last_assistant_message: z.nullish(z.string()),
    // Work the host still runs for the agent (a background subagent: `{type, status: "running", …}`).
    background_tasks: z.nullish(z.array(z.looseObject({ status: z.nullish(z.string()) }))),
  }),
  SubagentStart: z.looseObject({ ...common, hook_event_name: z.literal("SubagentStart") }),
  SubagentStop: z.looseObject({ ...common, hook_event_name: z.literal("SubagentStop") }),
  SessionEnd: z.looseObject({ ...common, hook_event_name: z.literal("SessionEnd"), reason: z.nullish(z.string()) }),
} as const;

export type ClaudeCodeHookEvent = keyof typeof claudeCodeHookPayloadSchemas;
export type ClaudeCodeHookPayload<E extends ClaudeCodeHookEvent> = z.infer<(typeof claudeCodeHookPayloadSchemas)[E]>;

export const CLAUDE_CODE_HOOK_EVENTS = Object.keys(claudeCodeHookPayloadSchemas) as ClaudeCodeHookEvent[];

export function isClaudeCodeHookEvent(name: string): name is ClaudeCodeHookEvent {
  return Object.hasOwn(claudeCodeHookPayloadSchemas, name);
}
