// The answer shape Claude Code set and Codex and VS Code's agent hooks follow: model context in
// `hookSpecificOutput` with the event's name, a tool denial (or goalpost's own tools let through) as
// `permissionDecision`, a stop block, a note for the user as `systemMessage`. The strict schemas every
// answer is checked against and the builders that make them, once, for any host of this family; an
// adapter names only where its host differs (which decisions, where a stop block goes, the limit).
// Every string is cut to the host's limit: beyond it the hosts spill to a file or drop the text.
import * as z from "zod/mini";

export interface HookSpecificShape {
  /** Characters a string may hold. */
  readonly limit: number;
  /** The PreToolUse decisions the host takes: "allow" too where goalpost's own tools would otherwise ask. */
  readonly permissionDecisions: readonly ["deny"] | readonly ["allow", "deny"];
  /** Where a stop block goes: top-level `decision` (Claude Code, Codex) or inside `hookSpecificOutput` (VS Code). */
  readonly stopBlock: "top-level" | "hook-specific";
}

/** `value`, cut to `limit` characters with an ellipsis. */
export function boundedText(value: string, limit: number): string {
  return value.length > limit ? `${value.slice(0, limit - 1)}…` : value;
}

/**
 * The schemas (functions, so that a hook builds only its own event's) and the builders. Schemas:
 * `context(event)` for events that take model context, `preToolUse`, `stop` (Stop and SubagentStop),
 * `note` for the rest (a `systemMessage` only).
 */
export function hookSpecificOutput(shape: HookSpecificShape) {
  const { limit, permissionDecisions, stopBlock } = shape;
  const bounded = (value: string) => boundedText(value, limit);
  const note = (systemMessage?: string) => (systemMessage ? { systemMessage: bounded(systemMessage) } : {});
  // Built once a schema is asked for, then shared by every field.
  let texts: { text: z.ZodMiniString; optionalText: z.ZodMiniOptional<z.ZodMiniString> } | undefined;
  const strings = () => {
    if (!texts) {
      const text = z.string().check(z.maxLength(limit));
      texts = { text, optionalText: z.optional(text) };
    }
    return texts;
  };
  return {
    contextSchema: (event: string) => {
      const { text, optionalText } = strings();
      return z.strictObject({
        systemMessage: optionalText,
        hookSpecificOutput: z.optional(z.strictObject({ hookEventName: z.literal(event), additionalContext: text })),
      });
    },
    preToolUseSchema: () => {
      const { optionalText } = strings();
      return z.strictObject({
        systemMessage: optionalText,
        hookSpecificOutput: z.optional(
          z.strictObject({
            hookEventName: z.literal("PreToolUse"),
            permissionDecision: z.optional(z.enum(permissionDecisions)),
            permissionDecisionReason: optionalText,
            additionalContext: optionalText,
          }),
        ),
      });
    },
    stopSchema: () => {
      const { text, optionalText } = strings();
      return stopBlock === "top-level"
        ? z.strictObject({ decision: z.optional(z.literal("block")), reason: optionalText, systemMessage: optionalText })
        : z.strictObject({
            systemMessage: optionalText,
            hookSpecificOutput: z.optional(
              z.strictObject({
                hookEventName: z.literal("Stop"),
                decision: z.literal("block"),
                reason: text.check(z.minLength(1)),
              }),
            ),
          });
    },
    noteSchema: () => z.strictObject({ systemMessage: strings().optionalText }),
    contextOutput: (hookEventName: string, context: string, systemMessage?: string) => ({
      ...note(systemMessage),
      hookSpecificOutput: { hookEventName, additionalContext: bounded(context) },
    }),
    denyToolOutput: (reason: string, context?: string) => ({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: bounded(reason),
        ...(context ? { additionalContext: bounded(context) } : {}),
      },
    }),
    /** Lets goalpost's own goal tools run without a permission prompt (hosts that take "allow"). */
    allowToolOutput: () => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } }),
    blockStopOutput: (reason: string, systemMessage?: string) =>
      stopBlock === "top-level"
        ? { decision: "block", reason: bounded(reason), ...note(systemMessage) }
        : { ...note(systemMessage), hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: bounded(reason) } },
    userNoteOutput: (systemMessage: string) => ({ systemMessage: bounded(systemMessage) }),
  };
}
