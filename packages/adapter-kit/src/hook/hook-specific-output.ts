// The answer shape Claude Code set and Codex and VS Code's agent hooks follow: model context in
// `hookSpecificOutput` with the event's name, a tool denial (or goalpost's own tools let through) as
// `permissionDecision`, a stop block, a note for the user as `systemMessage`. The strict schemas every
// answer is checked against and the builders that make them, once, for any host of this family; an
// adapter names only where its host differs (which decisions, where a stop block goes, the limit).
// Every string is cut to the host's limit: beyond it the hosts spill to a file or drop the text.
import type { EngineDecision } from "@goalpost/core";
import * as z from "zod/mini";

export interface HookSpecificShape<Event extends string> {
  /** Characters a string may hold. */
  readonly limit: number;
  /** The PreToolUse decisions the host takes: "allow" too where goalpost's own tools would otherwise ask. */
  readonly permissionDecisions: readonly ["deny"] | readonly ["allow", "deny"];
  /** Where a stop block goes: top-level `decision` (Claude Code, Codex) or inside `hookSpecificOutput` (VS Code). */
  readonly stopBlock: "top-level" | "hook-specific";
  /** The events whose answer may carry model context (PreToolUse always may). */
  readonly contextEvents: readonly Event[];
  /** The events a stop block answers. */
  readonly stopEvents: readonly Event[];
  /** Events answered with nothing at all (their output is ignored, or no note belongs there). */
  readonly silentEvents?: readonly Event[];
}

/** `value`, cut to `limit` characters with an ellipsis. */
export function boundedText(value: string, limit: number): string {
  return value.length > limit ? `${value.slice(0, limit - 1)}…` : value;
}

/**
 * The schemas (functions, so that a hook builds only its own event's), the builders, and per event
 * `answers(event)`: its output schema and its answer for a decision, for the adapter's event table.
 */
export function hookSpecificOutput<Event extends string>(shape: HookSpecificShape<Event>) {
  const { limit, permissionDecisions, stopBlock } = shape;
  const takesContext: ReadonlySet<string> = new Set(["PreToolUse", ...shape.contextEvents]);
  const stops: ReadonlySet<string> = new Set(shape.stopEvents);
  const silent: ReadonlySet<string> = new Set(shape.silentEvents ?? []);
  const saysAllow = permissionDecisions.some((said) => said === "allow");
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
  const family = {
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
  /** The host's answer for a decision on `event`, or null for "no decision". */
  const answer = (event: Event, decision: EngineDecision): object | null => {
    if (silent.has(event)) return null;
    if (event === "PreToolUse" && decision.action === "allow-tool") return saysAllow ? family.allowToolOutput() : null;
    if (event === "PreToolUse" && decision.action === "deny-tool")
      return family.denyToolOutput(decision.reason ?? "Denied by goalpost.", decision.context);
    if (stops.has(event) && decision.action === "block-stop")
      return family.blockStopOutput(decision.reason ?? "The goal is still open.", decision.userNote);
    if (decision.context && takesContext.has(event)) return family.contextOutput(event, decision.context, decision.userNote);
    if (decision.userNote) return family.userNoteOutput(decision.userNote);
    return null;
  };
  /** An event's output schema, by what it may answer. */
  const schemaOf = (event: Event): z.ZodMiniType => {
    if (silent.has(event)) return z.never();
    if (event === "PreToolUse") return family.preToolUseSchema();
    if (stops.has(event)) return family.stopSchema();
    return takesContext.has(event) ? family.contextSchema(event) : family.noteSchema();
  };
  return {
    ...family,
    answer,
    /** `output` and `toOutput` for `defineHostEvent`: spread them into an event's definition. */
    answers: (event: Event) => ({
      output: () => schemaOf(event),
      toOutput: (decision: EngineDecision) => answer(event, decision),
    }),
  };
}
