// VS Code Copilot Chat's payloads for the demo, in the spelling its extension's code writes (docs/hosts/
// §4.3; constructed — VS Code cannot run headless). The goal tools take the session as arguments; a
// terminal run's exit status is in the tool's text; no SessionStart follows compaction, so the goal
// comes back with the next tool call.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DemoHost, DemoSession, Payload } from "./demo-host.js";

const common = (session: DemoSession, event: string): Payload => ({
  timestamp: new Date().toISOString(),
  hook_event_name: event,
  session_id: session.sessionId,
  transcript_path: join(session.home, ".config", "Code", "User", "workspaceStorage", "demo", `${session.sessionId}.jsonl`),
});
const withCwd = (session: DemoSession, payload: Payload): Payload => ({ ...payload, cwd: session.project });
const terminal = (command: string) => ({
  tool_name: "run_in_terminal",
  tool_input: { command, explanation: "demo step", isBackground: false },
});

export const vscodeChatDemoHost: DemoHost = {
  id: "vscode-chat",
  env: (home) => ({ HOME: home }),
  hookCommands(env) {
    const file = JSON.parse(readFileSync(join(env["HOME"]!, ".copilot", "hooks", "goalpost-vscode.json"), "utf8")) as {
      hooks: Record<string, { command?: string }[]>;
    };
    return Object.fromEntries(Object.entries(file.hooks).map(([event, handlers]) => [event, handlers[0]?.command ?? ""]));
  },
  goalPrompt: (objective) => `/goal ${objective}`,
  sessionStart: (session) => ["SessionStart", withCwd(session, { ...common(session, "SessionStart"), source: "new" })],
  prompt: (session, prompt) => ["UserPromptSubmit", withCwd(session, { ...common(session, "UserPromptSubmit"), prompt })],
  shellBefore: (session, id, command) => [
    "PreToolUse",
    withCwd(session, { ...common(session, "PreToolUse"), ...terminal(command), tool_use_id: id }),
  ],
  shellAfter: (session, id, command, result) => [
    "PostToolUse",
    withCwd(session, {
      ...common(session, "PostToolUse"),
      ...terminal(command),
      tool_use_id: id,
      tool_response: `${result.output}\nCommand exited with exit code ${result.exitCode}`,
    }),
  ],
  goalToolBefore: (session, id, tool, input) => [
    "PreToolUse",
    withCwd(session, { ...common(session, "PreToolUse"), tool_name: `mcp_goalpost_${tool}`, tool_input: input, tool_use_id: id }),
  ],
  goalToolMeta: () => ({}),
  goalToolArgs: (session) => ({ sessionId: session.sessionId, cwd: session.project }),
  preCompact: (session) => ["PreCompact", withCwd(session, { ...common(session, "PreCompact"), trigger: "auto" })],
  afterCompact: () => null,
  stop: (session) => ["Stop", withCwd(session, { ...common(session, "Stop"), stop_hook_active: false })],
  sessionEnd: () => null,
};
