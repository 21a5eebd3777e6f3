// What core needs to know about VS Code Copilot Chat's tools (the names its tool hooks report,
// docs/hosts/vscode-chat.md §3) and how the model reaches goalpost's tools there. No MCP name pattern: VS Code joins
// `mcp_`, the server label and the tool with underscores that names may also hold, so the bare name
// cannot be cut out reliably; goalpost's own tools are known by their ending, whatever the prefix.
import { defineHostProfile } from "@goalpost/core";
import { DEFAULT_TOOL_HINT } from "@goalpost/core/internal";
import { descriptor } from "./vscode-chat-descriptor.js";

/** As the descriptor says it: the names are written once. */
export const VSCODE_CHAT_HOST = descriptor.id;

export const vscodeChatProfile = defineHostProfile({
  host: VSCODE_CHAT_HOST,
  // goalpost's install gives the stop hook five minutes (the host's limit for it): a stop waits for
  // goalpost's run of the checks nearly that long.
  stopHookSeconds: 300,
  tools: {
    shell: ["run_in_terminal"],
    read: [
      "read_file",
      "grep_search",
      "file_search",
      "list_dir",
      "semantic_search",
      "get_errors",
      "fetch_webpage",
      "test_failure",
    ],
    edit: [
      "create_file",
      "replace_string_in_file",
      "multi_replace_string_in_file",
      "apply_patch",
      "insert_edit_into_file",
      "edit_notebook_file",
      "create_directory",
    ],
    test: ["runTests"],
    task: ["manage_todo_list"],
  },
  toolHint: `${DEFAULT_TOOL_HINT} If the goalpost tools are unavailable, run the same in the terminal: goalpost-vscode-chat update '<json>' --session <sessionId> (also status, open, close).`,
  // Tool calls inside a subagent carry the parent's session id and no marker (docs/hosts/vscode-chat.md §3).
  marksSubagents: false,
  // An MCP call says nothing of its chat: the tools take sessionId and cwd, which the hooks tell the model.
  sessionArguments: true,
  // No SessionStart after compaction or on a reopened chat: the goal comes back in full on the next prompt.
  fullOnResume: true,
  // Each turn's rendered user message, hook context included, is kept in the history, and PreCompact
  // fires before every summarization (docs/hosts/vscode-chat.md §5): an unchanged goal is named, not sent again.
  keepsPromptContext: true,
});
