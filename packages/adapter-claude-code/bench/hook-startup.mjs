// What a Claude Code hook costs the agent (see runHookBench in @goalpost/adapter-kit/testing): goalpost
// installed into a fake CLAUDE_CONFIG_DIR by its own `install`, each installed command run through
// /bin/sh against a bare `node -e 0`, with no goal, a realistic goal open, and without the snapshot.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runHookBench } from "@goalpost/adapter-kit/testing";

const project = "/work/project";
const base = { session_id: "bench-session", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default" };
const bash = (command) => ({ tool_name: "Bash", tool_input: { command, description: "run" }, tool_use_id: "toolu_1" });
const big = "x".repeat(500_000);
const configDir = (home) => join(home, ".claude");

runHookBench({
  bin: fileURLToPath(new URL("../dist/goalpost-claude-code.js", import.meta.url)),
  host: "claude-code",
  sessionId: base.session_id,
  project,
  env: (home) => ({ HOME: home, CLAUDE_CONFIG_DIR: configDir(home), CLAUDE_PROJECT_DIR: project }),
  stateRoot: (home) => join(configDir(home), "goalpost"),
  commands: (home) => {
    const { hooks } = JSON.parse(readFileSync(join(configDir(home), "settings.json"), "utf8"));
    return Object.fromEntries(Object.entries(hooks).map(([event, groups]) => [event, groups.at(-1).hooks[0].command]));
  },
  payloads: {
    SessionStart: { ...base, hook_event_name: "SessionStart", source: "startup" },
    UserPromptSubmit: { ...base, hook_event_name: "UserPromptSubmit", prompt: "keep going with the next remaining step" },
    PreToolUse: { ...base, hook_event_name: "PreToolUse", ...bash("npm test") },
    PostToolUse: {
      ...base,
      hook_event_name: "PostToolUse",
      ...bash("npm test"),
      tool_response: { stdout: "12 passed", stderr: "" },
    },
    "PostToolUse (500 KB)": {
      ...base,
      hook_event_name: "PostToolUse",
      ...bash(`cat > big.txt <<'EOF'\n${big}\nEOF`),
      tool_response: { stdout: big, stderr: "" },
    },
    Stop: { ...base, hook_event_name: "Stop", stop_hook_active: false },
  },
});
