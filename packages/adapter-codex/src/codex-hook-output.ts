// The answers Codex accepts (docs/hosts/codex.md §4), as strict schemas the kit checks every answer against.
// Codex is stricter than any other host: one unexpected or misplaced field, or a hookSpecificOutput
// naming another event, makes it ignore the hook's whole answer. So each event has its own schema,
// a subset of the one Codex validates against (tests check every answer against Codex's own).
import { hookSpecificOutput } from "@goalpost/adapter-kit";
import * as z from "zod/mini";

/** Codex spills hook context beyond about 2,500 tokens to a file; stay under that. */
export const CODEX_STRING_LIMIT = 9_000;

/** Events whose answer may carry model context in hookSpecificOutput.additionalContext. */
export const CONTEXT_EVENTS = ["SessionStart", "UserPromptSubmit", "PostToolUse", "SubagentStart"] as const;

/**
 * The family's schemas and builders in Codex's shape (see the kit's hook-specific-output.ts): Codex
 * asks no permission for goalpost's tools under its usual approval policies, so "allow" is never said.
 * A denial reaches the model as "Command blocked by PreToolUse hook: <reason>. Command: <cmd>"; a stop
 * block continues the turn with the reason as a `<hook_prompt>` user message; Stop takes no
 * hookSpecificOutput at all, PreCompact and PostCompact only the universal fields.
 */
export const {
  contextSchema,
  preToolUseSchema,
  stopSchema,
  noteSchema,
  contextOutput,
  denyToolOutput,
  blockStopOutput,
  userNoteOutput,
} = hookSpecificOutput({ limit: CODEX_STRING_LIMIT, permissionDecisions: ["deny"], stopBlock: "top-level" });

/** SessionEnd's output is ignored: goalpost writes none. */
export const silentSchema = () => z.never();
