// Claude Code's payloads for the demo, in the shapes the real Claude Code sends (its recorded fixtures).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { installedHookCommands } from "@goalpost/adapter-kit/testing";
import type { DemoHost, DemoSession, Payload } from "./demo-host.js";

const common = (session: DemoSession, event: string): Payload => ({
  session_id: session.sessionId,
  transcript_path: join(session.home, ".claude", "projects", `${session.sessionId}.jsonl`),
  cwd: session.project,
  permission_mode: "default",
  hook_event_name: event,
});

export const claudeCodeDemoHost: DemoHost = {
  id: "claude-code",
  env: (home, project) => ({ HOME: home, CLAUDE_CONFIG_DIR: join(home, ".claude"), CLAUDE_PROJECT_DIR: project }),
  hookCommands: (env) =>
    installedHookCommands(
      JSON.parse(readFileSync(join(env["CLAUDE_CONFIG_DIR"]!, "settings.json"), "utf8")).hooks,
      "goalpost-claude-code",
    ),
  goalPrompt: (objective) => `/goal ${objective}`,
  sessionStart: (session, source) => ["SessionStart", { ...common(session, "SessionStart"), source, model: "claude-demo" }],
  prompt: (session, prompt) => ["UserPromptSubmit", { ...common(session, "UserPromptSubmit"), prompt }],
  shellBefore: (session, id, command) => [
    "PreToolUse",
    { ...common(session, "PreToolUse"), tool_name: "Bash", tool_input: { command, description: "demo step" }, tool_use_id: id },
  ],
  shellAfter: (session, id, command, result) =>
    result.exitCode === 0
      ? [
          "PostToolUse",
          {
            ...common(session, "PostToolUse"),
            tool_name: "Bash",
            tool_input: { command, description: "demo step" },
            tool_response: { stdout: result.output, stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
            tool_use_id: id,
          },
        ]
      : [
          "PostToolUseFailure",
          {
            ...common(session, "PostToolUseFailure"),
            tool_name: "Bash",
            tool_input: { command, description: "demo step" },
            tool_use_id: id,
            error: `Exit code ${result.exitCode}\n${result.output}`,
            is_interrupt: false,
          },
        ],
  goalToolBefore: (session, id, tool, input) => [
    "PreToolUse",
    {
      ...common(session, "PreToolUse"),
      tool_name: `mcp__goalpost__${tool}`,
      tool_input: input,
      tool_use_id: id,
      mcp_server: { name: "goalpost", source: "user" },
    },
  ],
  goalToolMeta: (id) => ({ "claudecode/toolUseId": id }),
  preCompact: (session) => ["PreCompact", { ...common(session, "PreCompact"), trigger: "manual", custom_instructions: null }],
  afterCompact: (session) => claudeCodeDemoHost.sessionStart(session, "compact"),
  stop: (session) => ["Stop", { ...common(session, "Stop"), stop_hook_active: false, last_assistant_message: "Done, I think." }],
  sessionEnd: (session) => ["SessionEnd", { ...common(session, "SessionEnd"), reason: "other" }],
};
