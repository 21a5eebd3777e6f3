// What a VS Code Copilot Chat hook costs the agent (see runHookBench in @goalpost/adapter-kit/testing):
// goalpost installed into a fake home by its own `install`, each installed command run through /bin/sh
// against a bare `node -e 0`. The payloads are the adapter's samples (vscode-chat-samples.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchProject, runHookBench } from "@goalpost/adapter-kit/testing";
import { vscodeChatSamples } from "../dist/index.js";

const project = benchProject();
const samples = vscodeChatSamples({ sessionId: "bench-session", cwd: project, transcriptPath: "/dev/null" });

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
    SessionStart: samples.sessionStart("startup").payload,
    UserPromptSubmit: samples.prompt("keep going with the next remaining step").payload,
    PreToolUse: samples.shellBefore("b1", "npm test").payload,
    PostToolUse: samples.shellAfter("b1", "npm test", { exitCode: 0, output: "Tests 12 passed (12)" }).payload,
    Stop: samples.stop().payload,
  },
  session: { start: "SessionStart", prompt: "UserPromptSubmit", before: "PreToolUse", after: "PostToolUse", stop: "Stop" },
});
