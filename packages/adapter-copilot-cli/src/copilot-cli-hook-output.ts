// The answers Copilot CLI accepts (docs/hosts/copilot-cli.md §4): flat objects, fields at the top level. Context as
// additionalContext where the event takes it, a denial as permissionDecision "deny", a stop block as
// decision "block" with its reason. Copilot has no field for a note to the user.
import { boundedText } from "@goalpost/adapter-kit";
import * as z from "zod/mini";

/** Context beyond this goes unread in practice; stay well under Copilot's prompt budget. */
const COPILOT_STRING_LIMIT = 9_000;

/** Built when a schema is first asked for (a hook builds only its own event's), then shared by every field. */
let texts: { text: z.ZodMiniString; optionalText: z.ZodMiniOptional<z.ZodMiniString> } | undefined;
function strings() {
  if (!texts) {
    const text = z.string().check(z.maxLength(COPILOT_STRING_LIMIT));
    texts = { text, optionalText: z.optional(text) };
  }
  return texts;
}

/** Events whose answer may carry model context. */
export const CONTEXT_EVENTS = [
  "sessionStart",
  "userPromptSubmitted",
  "postToolUse",
  "postToolUseFailure",
  "subagentStart",
] as const;

export const contextSchema = () => z.strictObject({ additionalContext: strings().text });

export const preToolUseSchema = () =>
  z.strictObject({
    permissionDecision: z.optional(z.literal("deny")),
    permissionDecisionReason: strings().optionalText,
    additionalContext: strings().optionalText,
  });

export const stopSchema = () => z.strictObject({ decision: z.literal("block"), reason: strings().text });

/** The call's `_meta` in the MCP request is `metaToUse` (docs/hosts/copilot-cli.md §7; seen with 1.0.102). */
export const MCP_CALL_META_KEY = "goalpost/toolCallId";
export const preMcpToolCallSchema = () => z.strictObject({ metaToUse: z.strictObject({ [MCP_CALL_META_KEY]: z.string() }) });

/** preCompact, subagentStop, sessionEnd, errorOccurred: goalpost answers nothing. */
export const silentSchema = () => z.never();

const bounded = (value: string) => boundedText(value, COPILOT_STRING_LIMIT);

export const contextOutput = (context: string) => ({ additionalContext: bounded(context) });

/** The model then reads "Denied by preToolUse hook: <reason>". */
export function denyToolOutput(reason: string, context?: string) {
  return {
    permissionDecision: "deny",
    permissionDecisionReason: bounded(reason),
    ...(context ? { additionalContext: bounded(context) } : {}),
  };
}

/** The reason comes back as a new prompt, through userPromptSubmitted. */
export const blockStopOutput = (reason: string) => ({ decision: "block", reason: bounded(reason) });
