// The answers Claude Code accepts (HOSTS.md §1.4), built exactly: additionalContext inside
// hookSpecificOutput with the event's name, a tool denial as permissionDecision "deny", a stop block as
// top-level decision "block", and systemMessage for the user.

export interface ClaudeCodeHookOutput {
  readonly decision?: "block";
  readonly reason?: string;
  readonly systemMessage?: string;
  readonly hookSpecificOutput?: {
    readonly hookEventName: string;
    readonly additionalContext?: string;
    readonly permissionDecision?: "allow" | "deny";
    readonly permissionDecisionReason?: string;
  };
}

/** Claude Code spills hook strings over 10,000 characters to a file; stay under that. */
export const CLAUDE_CODE_STRING_LIMIT = 9_500;

const bounded = (text: string) =>
  text.length > CLAUDE_CODE_STRING_LIMIT ? `${text.slice(0, CLAUDE_CODE_STRING_LIMIT - 1)}…` : text;

export function contextOutput(hookEventName: string, context: string, systemMessage?: string): ClaudeCodeHookOutput {
  return {
    ...(systemMessage ? { systemMessage: bounded(systemMessage) } : {}),
    hookSpecificOutput: { hookEventName, additionalContext: bounded(context) },
  };
}

export function denyToolOutput(reason: string, context?: string): ClaudeCodeHookOutput {
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: bounded(reason),
      ...(context ? { additionalContext: bounded(context) } : {}),
    },
  };
}

/** Lets goalpost's own goal tools run without a permission prompt. */
export function allowToolOutput(): ClaudeCodeHookOutput {
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } };
}

export function blockStopOutput(reason: string, systemMessage?: string): ClaudeCodeHookOutput {
  return { decision: "block", reason: bounded(reason), ...(systemMessage ? { systemMessage: bounded(systemMessage) } : {}) };
}

export function userNoteOutput(systemMessage: string): ClaudeCodeHookOutput {
  return { systemMessage: bounded(systemMessage) };
}
