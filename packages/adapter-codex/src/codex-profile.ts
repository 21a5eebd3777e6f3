// What core needs to know about Codex's tools: the names its tool hooks report (docs/hosts/codex.md §3, the
// tools of a 0.169 model request), and how the model reaches goalpost's tools there.
import { defineHostProfile } from "@goalpost/core";
import { DEFAULT_TOOL_HINT } from "@goalpost/core/internal";
import { descriptor } from "./codex-descriptor.js";

/** As the descriptor says it: the names are written once. */
export const CODEX_HOST = descriptor.id;

export const codexProfile = defineHostProfile({
  host: CODEX_HOST,
  // goalpost's install gives the stop hook five minutes (the host's limit for it): a stop waits for
  // goalpost's run of the checks nearly that long.
  stopHookSeconds: 300,
  tools: {
    // exec_command is reported to hooks as "Bash" with tool_input.command.
    shell: ["Bash"],
    read: ["view_image", "web_search", "list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource", "get_goal"],
    edit: ["apply_patch"],
    test: [],
    task: ["update_plan"],
  },
  // mcp__<server>__<tool>: the namespace Codex gives an MCP server's tools (docs/hosts/codex.md §7).
  mcpToolName: "^mcp__[^_]+(?:_[^_]+)*?__(.+)$",
  toolHint: `${DEFAULT_TOOL_HINT} If the goalpost tools are unavailable, run the same from the shell: goalpost-codex update '<json>' (also status, open, close).`,
  marksSubagents: true,
  // Codex's /goal is handled by its terminal UI and never reaches a hook; `codex exec "/goal …"` is
  // plain text, so a /goal prompt is goalpost's own. Codex's goal is mirrored from its tools instead.
  nativeGoal: false,
  // Codex's own goal changes mid-turn: the model's create_goal and update_goal, Codex's own limits.
  hostGoalChanges: "any-time",
  // A prompt hook's context lands as a developer message that stays; a compaction fires SessionStart(compact) (docs/hosts/codex.md §4, §5).
  keepsPromptContext: true,
  nativeGoalCompletion: { tool: "update_goal", field: "status", value: "complete" },
  // Only the user pauses a goal; a pause in Codex's goal store is then known to be theirs (codex-native-goal.ts).
  nativeGoalPause: { tool: "update_goal", field: "status", value: "paused" },
});
