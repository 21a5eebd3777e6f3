// What VS Code Copilot Chat sends on a hook's stdin (docs/hosts/vscode-chat.md §3). Two spellings are known: the
// extension's code writes `session_id` and `hook_event_name`; the docs show `sessionId` and
// `hookEventName` (event fields stay snake_case in both). Both are accepted, and the documented
// camelCase tool fields too. `cwd` is absent when VS Code resolved no workspace folder. Tolerant on
// purpose: unknown keys pass and only the fields goalpost reads are checked.
import * as z from "zod/mini";

const text = () => z.nullish(z.string());

const common = {
  session_id: text(),
  sessionId: text(),
  hook_event_name: text(),
  hookEventName: text(),
  cwd: text(),
  transcript_path: text(),
};

const tool = {
  tool_name: text(),
  toolName: text(),
  tool_input: z.optional(z.unknown()),
  toolArgs: z.optional(z.unknown()),
  tool_use_id: text(),
};

/** A payload names its session in one of the two spellings. */
const withSession = <T extends z.ZodMiniObject>(schema: T) =>
  schema.check(
    z.refine(
      (payload) => Boolean((payload as { session_id?: unknown }).session_id || (payload as { sessionId?: unknown }).sessionId),
      {
        message: "session_id or sessionId is required",
      },
    ),
  );

export const vscodeChatHookPayloadSchemas = {
  SessionStart: withSession(z.looseObject({ ...common, source: text() })),
  UserPromptSubmit: withSession(z.looseObject({ ...common, prompt: z.string() })),
  PreToolUse: withSession(z.looseObject({ ...common, ...tool })),
  PostToolUse: withSession(z.looseObject({ ...common, ...tool, tool_response: z.optional(z.unknown()) })),
  PreCompact: withSession(z.looseObject({ ...common, trigger: text() })),
  SubagentStart: withSession(z.looseObject({ ...common, agent_id: text(), agent_type: text() })),
  SubagentStop: withSession(
    z.looseObject({ ...common, agent_id: text(), agent_type: text(), stop_hook_active: z.nullish(z.boolean()) }),
  ),
  Stop: withSession(z.looseObject({ ...common, stop_hook_active: z.nullish(z.boolean()) })),
} as const;

export type VscodeChatHookEvent = keyof typeof vscodeChatHookPayloadSchemas;
export type VscodeChatHookPayload<E extends VscodeChatHookEvent> = z.infer<(typeof vscodeChatHookPayloadSchemas)[E]>;

export const VSCODE_CHAT_HOOK_EVENTS = Object.keys(vscodeChatHookPayloadSchemas) as VscodeChatHookEvent[];

/** The session id, in whichever spelling it came. */
export const sessionIdOf = (payload: { session_id?: string | null; sessionId?: string | null }) =>
  (payload.session_id || payload.sessionId) as string;

/** The event name the payload says, in whichever spelling; absent in payloads another host sent. */
export const eventNameOf = (payload: { hook_event_name?: string | null; hookEventName?: string | null }) =>
  payload.hook_event_name || payload.hookEventName || null;
