// What core needs to know about Claude Code's tools (the names its tool hooks report, docs/hosts/claude-code.md §3
// and the package's sdk-tools.d.ts), and how the model reaches goalpost's tools there.
import { defineHostProfile } from "@goalpost/core";
import { DEFAULT_TOOL_HINT } from "@goalpost/core/internal";
import { descriptor } from "./claude-code-descriptor.js";

/** As the descriptor says it: the names are written once. */
export const CLAUDE_CODE_HOST = descriptor.id;

export const claudeCodeProfile = defineHostProfile({
  host: CLAUDE_CODE_HOST,
  // goalpost's install gives the stop hook five minutes (the host's limit for it): a stop waits for
  // goalpost's run of the checks nearly that long.
  stopHookSeconds: 300,
  tools: {
    shell: ["Bash", "PowerShell"],
    read: ["Read", "Grep", "Glob", "LS", "NotebookRead", "WebFetch", "WebSearch", "LSP"],
    edit: ["Edit", "Write", "MultiEdit", "NotebookEdit"],
    test: [],
    task: ["TodoWrite", "TaskCreate", "TaskUpdate"],
  },
  // mcp__<server>__<tool>, and mcp__plugin_<plugin>_<server>__<tool> for plugin servers (docs/hosts/claude-code.md §7).
  mcpToolName: "^mcp__(?:plugin_[^_]+_)?[^_]+(?:_[^_]+)*?__(.+)$",
  toolHint: `${DEFAULT_TOOL_HINT} If the goalpost tools are unavailable, run the same from the shell: goalpost-claude-code update '<json>' (also status, open, close).`,
  marksSubagents: true,
  nativeGoal: true,
  // Only the user changes Claude Code's own goal, by typing /goal between turns (no hook sees a clear).
  hostGoalChanges: "between-turns",
  // A prompt hook's context stays in the conversation; a compaction fires SessionStart(compact) (docs/hosts/claude-code.md §5).
  keepsPromptContext: true,
});
