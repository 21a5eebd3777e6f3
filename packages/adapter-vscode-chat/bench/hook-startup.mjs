// What a VS Code Copilot Chat hook costs the agent (see runHookBench in @goalpost/adapter-kit/testing):
// goalpost installed into a fake home by its own `install`, each installed command run through /bin/sh
// against a bare `node -e 0`, with no goal, a realistic goal open, and without the snapshot.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runHookBench } from "@goalpost/adapter-kit/testing";

const project = "/work/project";
const base = (event) => ({
  timestamp: "2026-07-20T09:14:21.007Z",
  hook_event_name: event,
  session_id: "bench-session",
  transcript_path: "/dev/null",
});
const terminal = {
  tool_name: "run_in_terminal",
  tool_input: { command: "npm test", explanation: "tests", isBackground: false },
  tool_use_id: "b1",
};
const with_ = (event, fields) => ({ ...base(event), ...fields, cwd: project });

runHookBench({
  bin: fileURLToPath(new URL("../dist/goalpost-vscode-chat.js", import.meta.url)),
  host: "vscode-chat",
  sessionId: "bench-session",
  project,
  env: (home) => ({ HOME: home }),
  stateRoot: (home) => join(home, ".config", "Code", "User", "goalpost"),
  commands: (home) => {
    const { hooks } = JSON.parse(readFileSync(join(home, ".copilot", "hooks", "goalpost-vscode.json"), "utf8"));
    return Object.fromEntries(Object.entries(hooks).map(([event, handlers]) => [event, handlers[0].command]));
  },
  payloads: {
    SessionStart: with_("SessionStart", { source: "new" }),
    UserPromptSubmit: with_("UserPromptSubmit", { prompt: "keep going with the next remaining step" }),
    PreToolUse: with_("PreToolUse", terminal),
    PostToolUse: with_("PostToolUse", { ...terminal, tool_response: "Tests 12 passed (12)" }),
    Stop: with_("Stop", { stop_hook_active: false }),
  },
});
