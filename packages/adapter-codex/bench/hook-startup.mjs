// What a Codex hook costs the agent (see runHookBench in @goalpost/adapter-kit/testing): goalpost
// installed into a fake CODEX_HOME by its own `install`, each installed command run through /bin/sh
// (Codex runs `<login shell> -c`, which then runs /bin/sh) against a bare `node -e 0`, with no goal, a
// realistic goal open, and without the snapshot. PostToolUse of a shell call also reads the rollout.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runHookBench } from "@goalpost/adapter-kit/testing";

const project = "/work/project";
// A rollout as Codex writes it, with the shell call's result at its end (what PostToolUse reads).
const rollout = join(tmpdir(), `goalpost-bench-rollout-${process.pid}.jsonl`);
mkdirSync(tmpdir(), { recursive: true });
writeFileSync(
  rollout,
  [
    ...Array.from({ length: 200 }, (_, i) =>
      JSON.stringify({ type: "event_msg", payload: { type: "token_count", n: i, pad: "x".repeat(400) } }),
    ),
    JSON.stringify({ type: "response_item", payload: { type: "function_call", name: "exec_command", call_id: "call_1" } }),
    JSON.stringify({
      type: "event_msg",
      payload: { type: "item_completed", item: { type: "CommandExecution", id: "call_1", exit_code: 0 } },
    }),
  ].join("\n"),
);
const base = {
  session_id: "bench-session",
  turn_id: "t1",
  transcript_path: rollout,
  cwd: project,
  model: "gpt-5.5",
  permission_mode: "default",
};
const bash = (command) => ({ tool_name: "Bash", tool_input: { command }, tool_use_id: "call_1" });
const codexHome = (home) => join(home, ".codex");

runHookBench({
  bin: fileURLToPath(new URL("../dist/goalpost-codex.js", import.meta.url)),
  host: "codex",
  sessionId: base.session_id,
  project,
  env: (home) => ({ HOME: home, CODEX_HOME: codexHome(home) }),
  stateRoot: (home) => join(codexHome(home), "goalpost"),
  commands: (home) => {
    const { hooks } = JSON.parse(readFileSync(join(codexHome(home), "hooks.json"), "utf8"));
    return Object.fromEntries(Object.entries(hooks).map(([event, groups]) => [event, groups.at(-1).hooks[0].command]));
  },
  payloads: {
    SessionStart: { ...base, hook_event_name: "SessionStart", source: "startup" },
    UserPromptSubmit: { ...base, hook_event_name: "UserPromptSubmit", prompt: "keep going with the next remaining step" },
    PreToolUse: { ...base, hook_event_name: "PreToolUse", ...bash("npm test") },
    PostToolUse: { ...base, hook_event_name: "PostToolUse", ...bash("npm test"), tool_response: "12 passed\n" },
    Stop: { ...base, hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "done" },
  },
});
