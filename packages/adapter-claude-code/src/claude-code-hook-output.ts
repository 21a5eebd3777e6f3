// The answers Claude Code accepts (docs/hosts/claude-code.md §4), as strict schemas the kit checks every answer
// against, and the builders that make them: additionalContext inside hookSpecificOutput with the
// event's name, a tool denial as permissionDecision "deny", a stop block as top-level decision
// "block", and systemMessage for the user.
import { hookSpecificAnswers } from "@goalpost/adapter-kit";
import * as z from "zod/mini";

/** Claude Code spills hook strings over 10,000 characters to a file; stay under that. */
export const CLAUDE_CODE_STRING_LIMIT = 9_500;

/** One instance, shared by every field: a schema is immutable, and each instance costs a hook's start. */
const text = z.string().check(z.maxLength(CLAUDE_CODE_STRING_LIMIT));
const optionalText = z.optional(text);

/** Events whose answer may carry model context (docs/hosts/claude-code.md §4: accepted, and seen in the next request). */
export const CONTEXT_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PostToolUse",
  "PostToolUseFailure",
  "SubagentStart",
  "SubagentStop",
] as const;

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
      permissionDecision: z.optional(z.enum(["allow", "deny"])),
      permissionDecisionReason: optionalText,
      additionalContext: optionalText,
    }),
  ),
});

export const stopOutputSchema = z.strictObject({
  decision: z.optional(z.literal("block")),
  reason: optionalText,
  systemMessage: optionalText,
});

export const noteOutputSchema = z.strictObject({ systemMessage: optionalText });

/** Any answer goalpost gives Claude Code, for readers of hook output. */
export type ClaudeCodeHookOutput = z.infer<typeof preToolUseOutputSchema> & z.infer<typeof stopOutputSchema>;

/** The answers, in the shape Claude Code set (see the kit's hook-specific-answers.ts). */
export const { contextOutput, denyToolOutput, blockStopOutput, userNoteOutput } = hookSpecificAnswers(CLAUDE_CODE_STRING_LIMIT);

/** Lets goalpost's own goal tools run without a permission prompt. */
export function allowToolOutput() {
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } };
}
