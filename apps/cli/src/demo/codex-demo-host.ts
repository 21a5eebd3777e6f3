// Codex's payloads for the demo, in the shapes Codex 0.169 sends (docs/hosts/codex.md). A shell result's exit
// status is in Codex's own rollout, not the hook payload: the demo, playing Codex, writes the two
// rollout records Codex writes — the call, then its completion — where Codex writes them.
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { installedHookCommands } from "@goalpost/adapter-kit/testing";
import type { DemoHost, DemoSession, Payload } from "./demo-host.js";

const rollout = (session: DemoSession) =>
  join(session.home, ".codex", "sessions", "2026", "11", "23", `rollout-2026-11-23T12-00-00-${session.sessionId}.jsonl`);

function record(session: DemoSession, line: Payload): void {
  mkdirSync(dirname(rollout(session)), { recursive: true });
  appendFileSync(rollout(session), `${JSON.stringify({ timestamp: new Date().toISOString(), ...line })}\n`);
}

const common = (session: DemoSession, event: string): Payload => ({
  session_id: session.sessionId,
  transcript_path: rollout(session),
  cwd: session.project,
  hook_event_name: event,
  model: "codex-demo",
});
const turn = (session: DemoSession, event: string): Payload => ({
  ...common(session, event),
  turn_id: `${session.sessionId}-turn`,
  permission_mode: "bypassPermissions",
});

export const codexDemoHost: DemoHost = {
  id: "codex",
  env: (home) => ({ HOME: home, CODEX_HOME: join(home, ".codex") }),
  hookCommands: (env) =>
    installedHookCommands(JSON.parse(readFileSync(join(env["CODEX_HOME"]!, "hooks.json"), "utf8")).hooks, "goalpost-codex"),
  // Codex keeps `/goal` for its own goal; goalpost reads "goal:" at the start of a prompt.
  goalPrompt: (objective) => `goal: ${objective}`,
  sessionStart: (session, source) => [
    "SessionStart",
    { ...common(session, "SessionStart"), permission_mode: "bypassPermissions", source },
  ],
  prompt: (session, prompt) => ["UserPromptSubmit", { ...turn(session, "UserPromptSubmit"), prompt }],
  shellBefore(session, id, command) {
    record(session, {
      type: "response_item",
      payload: { type: "function_call", name: "exec_command", arguments: JSON.stringify({ cmd: command }), call_id: id },
    });
    return ["PreToolUse", { ...turn(session, "PreToolUse"), tool_name: "Bash", tool_input: { command }, tool_use_id: id }];
  },
  shellAfter(session, id, command, result) {
    record(session, {
      type: "event_msg",
      payload: {
        type: "item_completed",
        thread_id: session.sessionId,
        item: {
          type: "CommandExecution",
          id,
          command: ["/bin/bash", "-lc", command],
          status: result.exitCode === 0 ? "completed" : "failed",
          aggregated_output: result.output,
          exit_code: result.exitCode,
        },
      },
    });
    return [
      "PostToolUse",
      {
        ...turn(session, "PostToolUse"),
        tool_name: "Bash",
        tool_input: { command },
        tool_response: result.output,
        tool_use_id: id,
      },
    ];
  },
  goalToolBefore: (session, id, tool, input) => [
    "PreToolUse",
    { ...turn(session, "PreToolUse"), tool_name: `mcp__goalpost__${tool}`, tool_input: input, tool_use_id: id },
  ],
  goalToolMeta: (id) => ({ callId: id }),
  preCompact: (session) => [
    "PreCompact",
    { ...common(session, "PreCompact"), turn_id: `${session.sessionId}-turn`, trigger: "manual" },
  ],
  afterCompact: (session) => codexDemoHost.sessionStart(session, "compact"),
  stop: (session) => ["Stop", { ...turn(session, "Stop"), stop_hook_active: false, last_assistant_message: "Done, I think." }],
  sessionEnd: (session) => ["SessionEnd", { ...common(session, "SessionEnd"), reason: "other" }],
};
