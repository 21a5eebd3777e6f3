// What a Claude Code hook costs the agent (see runHookBench in @goalpost/adapter-kit/testing): goalpost
// installed into a fake CLAUDE_CONFIG_DIR by its own `install`, each installed command run through
// /bin/sh against a bare `node -e 0`. The payloads are the adapter's samples (claude-code-samples.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchProject, runHookBench } from "@goalpost/adapter-kit/testing";
import { claudeCodeSamples } from "../dist/index.js";

const project = benchProject();
const session = { sessionId: "bench-session", cwd: project, transcriptPath: "/tmp/t.jsonl" };
const samples = claudeCodeSamples(session);
const big = "x".repeat(500_000);
const configDir = (home) => join(home, ".claude");

runHookBench({
  bin: fileURLToPath(new URL("../dist/goalpost-claude-code.js", import.meta.url)),
  host: "claude-code",
  sessionId: session.sessionId,
  project,
  env: (home) => ({ HOME: home, CLAUDE_CONFIG_DIR: configDir(home), CLAUDE_PROJECT_DIR: project }),
  stateRoot: (home) => join(configDir(home), "goalpost"),
  commands: (home) => {
    const { hooks, statusLine } = JSON.parse(readFileSync(join(configDir(home), "settings.json"), "utf8"));
    const commands = Object.fromEntries(Object.entries(hooks).map(([event, groups]) => [event, groups.at(-1).hooks[0].command]));
    // The status line command install wrote (a committed settings file's has none: the bin's `hook StatusLine`).
    return { ...commands, StatusLine: statusLine?.command ?? commands.Stop.replace(/Stop$/, "StatusLine") };
  },
  payloads: {
    SessionStart: samples.sessionStart("startup").payload,
    UserPromptSubmit: samples.prompt("keep going with the next remaining step").payload,
    PreToolUse: samples.shellBefore("toolu_1", "npm test").payload,
    PostToolUse: samples.shellAfter("toolu_1", "npm test", { exitCode: 0, output: "12 passed" }).payload,
    "PostToolUse (500 KB)": samples.shellAfter("toolu_2", "cat big.txt", { exitCode: 0, output: big }).payload,
    Stop: samples.stop().payload,
    // What Claude Code pipes to its status line command (docs/hosts/claude-code.md §12).
    StatusLine: { session_id: session.sessionId, cwd: project, model: { id: "claude-opus", display_name: "Opus" } },
  },
  session: { start: "SessionStart", prompt: "UserPromptSubmit", before: "PreToolUse", after: "PostToolUse", stop: "Stop" },
});
