// The answer shape Claude Code set and Codex follows (and VS Code's agent hooks): model context in
// `hookSpecificOutput` with the event's name, a tool denial as `permissionDecision: "deny"`, a stop
// block as top-level `decision: "block"` with its reason, a note for the user as `systemMessage`.
// Every string is cut to the host's limit (beyond it the hosts spill to a file or drop the text).
// The strict schemas that check these answers stay with each adapter: they are where hosts differ.

/** `value`, cut to `limit` characters with an ellipsis. */
export function boundedText(value: string, limit: number): string {
  return value.length > limit ? `${value.slice(0, limit - 1)}…` : value;
}

export function hookSpecificAnswers(limit: number) {
  const bounded = (value: string) => boundedText(value, limit);
  const note = (systemMessage?: string) => (systemMessage ? { systemMessage: bounded(systemMessage) } : {});
  return {
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
    blockStopOutput: (reason: string, systemMessage?: string) => ({
      decision: "block",
      reason: bounded(reason),
      ...note(systemMessage),
    }),
    userNoteOutput: (systemMessage: string) => ({ systemMessage: bounded(systemMessage) }),
  };
}
