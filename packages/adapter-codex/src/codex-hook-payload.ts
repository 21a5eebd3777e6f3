// What Codex sends on a hook's stdin (docs/hosts/codex.md §3, payloads captured from 0.169.0). Tolerant on
// purpose: unknown keys pass and only the fields goalpost reads are checked.
import * as z from "zod/mini";

const common = {
  session_id: z.string().check(z.minLength(1)),
  cwd: z.nullish(z.string()),
  transcript_path: z.nullish(z.string()),
  turn_id: z.nullish(z.string()),
  // A subagent's payloads carry its id and type, and the parent's session_id.
  agent_id: z.nullish(z.string()),
  agent_type: z.nullish(z.string()),
};

const tool = {
  tool_name: z.string(),
  tool_input: z.optional(z.unknown()),
  tool_use_id: z.nullish(z.string()),
};

export const codexHookPayloadSchemas = {
  SessionStart: z.looseObject({ ...common, hook_event_name: z.literal("SessionStart"), source: z.string() }),
  UserPromptSubmit: z.looseObject({ ...common, hook_event_name: z.literal("UserPromptSubmit"), prompt: z.string() }),
  PreToolUse: z.looseObject({ ...common, ...tool, hook_event_name: z.literal("PreToolUse") }),
  PostToolUse: z.looseObject({
    ...common,
    ...tool,
    hook_event_name: z.literal("PostToolUse"),
    tool_response: z.optional(z.unknown()),
  }),
  PreCompact: z.looseObject({ ...common, hook_event_name: z.literal("PreCompact"), trigger: z.nullish(z.string()) }),
  PostCompact: z.looseObject({ ...common, hook_event_name: z.literal("PostCompact"), trigger: z.nullish(z.string()) }),
  Stop: z.looseObject({
    ...common,
    hook_event_name: z.literal("Stop"),
    stop_hook_active: z.nullish(z.boolean()),
    last_assistant_message: z.nullish(z.string()),
  }),
  SubagentStart: z.looseObject({ ...common, hook_event_name: z.literal("SubagentStart") }),
  SubagentStop: z.looseObject({ ...common, hook_event_name: z.literal("SubagentStop") }),
  SessionEnd: z.looseObject({ ...common, hook_event_name: z.literal("SessionEnd"), reason: z.nullish(z.string()) }),
} as const;

export type CodexHookEvent = keyof typeof codexHookPayloadSchemas;
export type CodexHookPayload<E extends CodexHookEvent> = z.infer<(typeof codexHookPayloadSchemas)[E]>;

export const CODEX_HOOK_EVENTS = Object.keys(codexHookPayloadSchemas) as CodexHookEvent[];

export function isCodexHookEvent(name: string): name is CodexHookEvent {
  return Object.hasOwn(codexHookPayloadSchemas, name);
}
