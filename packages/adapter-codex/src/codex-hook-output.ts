// The answers Codex accepts (docs/hosts/codex.md §4), as strict schemas the kit checks every answer against.
// Codex is stricter than any other host: one unexpected or misplaced field, or a hookSpecificOutput
// naming another event, makes it ignore the hook's whole answer. So each event has its own schema,
// a subset of the one Codex validates against (tests check every answer against Codex's own).
import { hookSpecificAnswers } from "@goalpost/adapter-kit";
import * as z from "zod/mini";

/** Codex spills hook context beyond about 2,500 tokens to a file; stay under that. */
export const CODEX_STRING_LIMIT = 9_000;

/** One instance, shared by every field: a schema is immutable, and each instance costs a hook's start. */
const text = z.string().check(z.maxLength(CODEX_STRING_LIMIT));
const optionalText = z.optional(text);

/** Events whose answer may carry model context in hookSpecificOutput.additionalContext. */
export const CONTEXT_EVENTS = ["SessionStart", "UserPromptSubmit", "PostToolUse", "SubagentStart"] as const;

export const contextOutputSchema = (event: string) =>
  z.strictObject({
    systemMessage: optionalText,
    hookSpecificOutput: z.optional(z.strictObject({ hookEventName: z.literal(event), additionalContext: text })),
  });

export const preToolUseOutputSchema = z.strictObject({
  systemMessage: optionalText,
  hookSpecificOutput: z.optional(
    z.strictObject({
      hookEventName: z.literal("PreToolUse"),
      permissionDecision: z.optional(z.literal("deny")),
      permissionDecisionReason: optionalText,
      additionalContext: optionalText,
    }),
  ),
});

/** Stop and SubagentStop: a block needs its reason; hookSpecificOutput is not allowed at all. */
export const stopOutputSchema = z.strictObject({
  decision: z.optional(z.literal("block")),
  reason: optionalText,
  systemMessage: optionalText,
});

/** PreCompact and PostCompact take only the universal fields. */
export const noteOutputSchema = z.strictObject({ systemMessage: optionalText });

/** SessionEnd's output is ignored: goalpost writes none. */
export const silentOutputSchema = z.never();

/**
 * The answers, in the shape Claude Code set and Codex follows (see the kit's hook-specific-answers.ts).
 * A denial reaches the model as "Command blocked by PreToolUse hook: <reason>. Command: <cmd>"; a stop
 * block continues the turn with the reason as a `<hook_prompt>` user message.
 */
export const { contextOutput, denyToolOutput, blockStopOutput, userNoteOutput } = hookSpecificAnswers(CODEX_STRING_LIMIT);
