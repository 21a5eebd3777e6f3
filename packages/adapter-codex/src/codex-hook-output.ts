// The answers Codex accepts (docs/hosts/codex.md §4), as strict schemas the kit checks every answer against.
// Codex is stricter than any other host: one unexpected or misplaced field, or a hookSpecificOutput
// naming another event, makes it ignore the hook's whole answer. So each event has its own schema,
// a subset of the one Codex validates against (tests check every answer against Codex's own).
import { hookSpecificOutput } from "@goalpost/adapter-kit";
import type { CodexHookEvent } from "./codex-hook-payload.js";

/** Codex spills hook context beyond about 2,500 tokens to a file; stay under that. */
const CODEX_STRING_LIMIT = 9_000;

/** Events whose answer may carry model context in hookSpecificOutput.additionalContext. */
const CONTEXT_EVENTS = ["SessionStart", "UserPromptSubmit", "PostToolUse", "SubagentStart"] as const;

/**
 * The family's schemas, builders and answers in Codex's shape (see the kit's hook-specific-output.ts):
 * Codex asks no permission for goalpost's tools under its usual approval policies, so "allow" is never
 * said. A denial reaches the model as "Command blocked by PreToolUse hook: <reason>. Command: <cmd>"; a
 * stop block (Stop and SubagentStop, no hookSpecificOutput there) continues the turn with the reason as
 * a `<hook_prompt>` user message; PreCompact and PostCompact take only the universal fields;
 * SessionEnd's output is ignored, so goalpost writes none.
 */
export const codexAnswers = hookSpecificOutput<CodexHookEvent>({
  limit: CODEX_STRING_LIMIT,
  permissionDecisions: ["deny"],
  stopBlock: "top-level",
  contextEvents: CONTEXT_EVENTS,
  stopEvents: ["Stop", "SubagentStop"],
  silentEvents: ["SessionEnd"],
});
