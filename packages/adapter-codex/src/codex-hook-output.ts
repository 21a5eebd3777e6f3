// The answers Codex accepts (HOSTS.md §2.4), as strict schemas the kit checks every answer against.
// Codex is stricter than any other host: one unexpected or misplaced field, or a hookSpecificOutput
// naming another event, makes it ignore the hook's whole answer. So each event has its own schema,
// a subset of the one Codex validates against (tests check every answer against Codex's own).
import * as z from "zod/mini";

/** Codex spills hook context beyond about 2,500 tokens to a file; stay under that. */
export const CODEX_STRING_LIMIT = 9_000;

const text = () => z.string().check(z.maxLength(CODEX_STRING_LIMIT));

/** Events whose answer may carry model context in hookSpecificOutput.additionalContext. */
export const CONTEXT_EVENTS = ["SessionStart", "UserPromptSubmit", "PostToolUse", "SubagentStart"] as const;

export const contextOutputSchema = (event: string) =>
  z.strictObject({
    systemMessage: z.optional(text()),
    hookSpecificOutput: z.optional(z.strictObject({ hookEventName: z.literal(event), additionalContext: text() })),
  });

export const preToolUseOutputSchema = z.strictObject({
  systemMessage: z.optional(text()),
  hookSpecificOutput: z.optional(
    z.strictObject({
      hookEventName: z.literal("PreToolUse"),
      permissionDecision: z.optional(z.literal("deny")),
      permissionDecisionReason: z.optional(text()),
      additionalContext: z.optional(text()),
    }),
  ),
});

/** Stop and SubagentStop: a block needs its reason; hookSpecificOutput is not allowed at all. */
export const stopOutputSchema = z.strictObject({
  decision: z.optional(z.literal("block")),
  reason: z.optional(text()),
  systemMessage: z.optional(text()),
});

/** PreCompact and PostCompact take only the universal fields. */
export const noteOutputSchema = z.strictObject({ systemMessage: z.optional(text()) });

/** SessionEnd's output is ignored: goalpost writes none. */
export const silentOutputSchema = z.never();

const bounded = (value: string) => (value.length > CODEX_STRING_LIMIT ? `${value.slice(0, CODEX_STRING_LIMIT - 1)}…` : value);

export function contextOutput(hookEventName: string, context: string, systemMessage?: string) {
  return {
    ...(systemMessage ? { systemMessage: bounded(systemMessage) } : {}),
    hookSpecificOutput: { hookEventName, additionalContext: bounded(context) },
  };
}

/** The model then reads "Command blocked by PreToolUse hook: <reason>. Command: <cmd>". */
export function denyToolOutput(reason: string, context?: string) {
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: bounded(reason),
      ...(context ? { additionalContext: bounded(context) } : {}),
    },
  };
}

/** The turn continues with the reason as a `<hook_prompt>` user message. */
export function blockStopOutput(reason: string, systemMessage?: string) {
  return { decision: "block", reason: bounded(reason), ...(systemMessage ? { systemMessage: bounded(systemMessage) } : {}) };
}

export function userNoteOutput(systemMessage: string) {
  return { systemMessage: bounded(systemMessage) };
}
