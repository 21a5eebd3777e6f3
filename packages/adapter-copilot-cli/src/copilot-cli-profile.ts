// What core needs to know about Copilot CLI's tools: the names its tool hooks report (docs/hosts/copilot-cli.md §3,
// the tools of a 1.0.102 model request), and how the model reaches goalpost's tools there.
import { defineHostProfile } from "@goalpost/core";
import { DEFAULT_TOOL_HINT } from "@goalpost/core/internal";
import { descriptor } from "./copilot-cli-descriptor.js";

/** As the descriptor says it: the names are written once. */
export const COPILOT_CLI_HOST = descriptor.id;

export const copilotCliProfile = defineHostProfile({
  host: COPILOT_CLI_HOST,
  // goalpost's install gives the stop hook five minutes (the host's limit for it): a stop waits for
  // goalpost's run of the checks nearly that long.
  stopHookSeconds: 300,
  tools: {
    shell: ["bash", "powershell"],
    read: [
      "view",
      "grep",
      "glob",
      "read_bash",
      "list_bash",
      "list_agents",
      "read_agent",
      "fetch_copilot_cli_documentation",
      "skill",
    ],
    edit: ["create", "edit"],
    test: [],
    task: ["update_todo"],
    // ask_user, sql, task (subagents) and task_complete are "other": never evidence.
  },
  // MCP tools are reported as <server>-<tool> (docs/hosts/copilot-cli.md §7): goalpost's own as goalpost-goalpost_status.
  mcpToolName: "^[A-Za-z0-9_]+-(goalpost_\\w+)$",
  toolHint: `${DEFAULT_TOOL_HINT} The goalpost_* tools come from goalpost's Copilot extension (or its MCP server); the goal skill explains the protocol.`,
  marksSubagents: true,
  // A resumed session starts from a summary, without the earlier hook context (docs/hosts/copilot-cli.md §5).
  fullOnResume: true,
  // A prompt's context is appended to the prompt and stays in the conversation; preCompact fires before
  // every compaction (docs/hosts/copilot-cli.md §5): an unchanged goal is named, not sent again.
  keepsPromptContext: true,
  // `/goal` is Copilot's own autopilot (1.0.102): goalpost mirrors it (source native) and runs beside it.
  nativeGoal: true,
  // Autopilot ends when the model calls task_complete: refused while goalpost's goal is open.
  nativeGoalCompletion: { tool: "task_complete" },
});
