// The answers VS Code Copilot Chat accepts (docs/hosts/vscode-chat.md §4), as strict schemas the kit checks every
// answer against: model context in `hookSpecificOutput` with the event's own name (a mismatched name
// strips it), a tool denial as `permissionDecision: "deny"`, and a stop block inside
// `hookSpecificOutput` — VS Code does not read a top-level `decision` on Stop. `systemMessage` reaches
// only the user. Never `continue: false`, never exit 2: on most events either aborts the user's request.
import { hookSpecificOutput } from "@goalpost/adapter-kit";
import type { VscodeChatHookEvent } from "./vscode-chat-hook-payload.js";

/** No limit is documented; stay where the other hosts keep hook text whole. */
const VSCODE_CHAT_STRING_LIMIT = 9_500;

/** Events whose answer may carry model context (docs/hosts/vscode-chat.md §4; SubagentStart's goes to the subagent: the boundary notice). */
const CONTEXT_EVENTS = ["SessionStart", "UserPromptSubmit", "PostToolUse", "SubagentStart"] as const;

/** The family's schemas, builders and answers in VS Code's shape (see the kit's hook-specific-output.ts): the stop block inside hookSpecificOutput. */
export const vscodeChatAnswers = hookSpecificOutput<VscodeChatHookEvent>({
  limit: VSCODE_CHAT_STRING_LIMIT,
  permissionDecisions: ["allow", "deny"],
  stopBlock: "hook-specific",
  contextEvents: CONTEXT_EVENTS,
  stopEvents: ["Stop"],
});
