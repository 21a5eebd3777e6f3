// The answers Claude Code accepts (docs/hosts/claude-code.md §4), as strict schemas the kit checks every answer
// against, and the builders that make them: additionalContext inside hookSpecificOutput with the
// event's name, a tool denial as permissionDecision "deny", a stop block as top-level decision
// "block", and systemMessage for the user.
import { hookSpecificOutput } from "@goalpost/adapter-kit";
import type { ClaudeCodeHookEvent } from "./claude-code-hook-payload.js";

/** Claude Code spills hook strings over 10,000 characters to a file; stay under that. */
const CLAUDE_CODE_STRING_LIMIT = 9_500;

/** Events whose answer may carry model context (docs/hosts/claude-code.md §4: accepted, and seen in the next request). */
const CONTEXT_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PostToolUse",
  "PostToolUseFailure",
  "SubagentStart",
  "SubagentStop",
] as const;

/**
 * The family's schemas, builders and answers in Claude Code's shape (see the kit's
 * hook-specific-output.ts): "allow" lets goalpost's own tools run unprompted; a stop block is top-level;
 * SessionEnd gets nothing.
 */
export const claudeCodeAnswers = hookSpecificOutput<ClaudeCodeHookEvent>({
  limit: CLAUDE_CODE_STRING_LIMIT,
  permissionDecisions: ["allow", "deny"],
  stopBlock: "top-level",
  contextEvents: CONTEXT_EVENTS,
  stopEvents: ["Stop"],
  silentEvents: ["SessionEnd"],
});

/** Any answer goalpost gives Claude Code, for readers of hook output. */
export interface ClaudeCodeHookOutput {
  readonly systemMessage?: string;
  readonly decision?: "block";
  readonly reason?: string;
  readonly hookSpecificOutput?: {
    readonly hookEventName: string;
    readonly additionalContext?: string;
    readonly permissionDecision?: "allow" | "deny";
    readonly permissionDecisionReason?: string;
  };
}
