// The answers VS Code Copilot Chat accepts (docs/hosts/vscode-chat.md §4), as strict schemas the kit checks every
// answer against: model context in `hookSpecificOutput` with the event's own name (a mismatched name
// strips it), a tool denial as `permissionDecision: "deny"`, and a stop block inside
// `hookSpecificOutput` — VS Code does not read a top-level `decision` on Stop. `systemMessage` reaches
// only the user. Never `continue: false`, never exit 2: on most events either aborts the user's request.
import { hookSpecificAnswers } from "@goalpost/adapter-kit";
import * as z from "zod/mini";

/** No limit is documented; stay where the other hosts keep hook text whole. */
export const VSCODE_CHAT_STRING_LIMIT = 9_500;

/** One instance, shared by every field: a schema is immutable, and each instance costs a hook's start. */
const text = z.string().check(z.maxLength(VSCODE_CHAT_STRING_LIMIT));
const optionalText = z.optional(text);

/** Events whose answer may carry model context (docs/hosts/vscode-chat.md §4; SubagentStart's goes to the subagent). */
export const CONTEXT_EVENTS = ["SessionStart", "UserPromptSubmit", "PostToolUse"] as const;

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
  systemMessage: optionalText,
  hookSpecificOutput: z.optional(
    z.strictObject({ hookEventName: z.literal("Stop"), decision: z.literal("block"), reason: text.check(z.minLength(1)) }),
  ),
});

export const noteOutputSchema = z.strictObject({ systemMessage: optionalText });

export const { contextOutput, denyToolOutput, userNoteOutput } = hookSpecificAnswers(VSCODE_CHAT_STRING_LIMIT);

const bounded = (value: string) =>
  value.length > VSCODE_CHAT_STRING_LIMIT ? `${value.slice(0, VSCODE_CHAT_STRING_LIMIT - 1)}…` : value;

/** The only stop block VS Code reads: inside hookSpecificOutput, with a non-empty reason. */
export function blockStopOutput(reason: string, systemMessage?: string) {
  return {
    ...(systemMessage ? { systemMessage: bounded(systemMessage) } : {}),
    hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: bounded(reason) },
  };
}

/** Lets goalpost's own goal tools run without a confirmation. */
export function allowToolOutput() {
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } };
}
