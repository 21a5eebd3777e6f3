// What a Copilot CLI hook costs the agent (see runHookBench in @goalpost/adapter-kit/testing): goalpost
// installed into a fake COPILOT_HOME by its own `install`, each installed command run through /bin/sh
// against a bare `node -e 0`, with no goal, a realistic goal open, and without the snapshot.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runHookBench } from "@goalpost/adapter-kit/testing";

const project = "/work/project";
const base = { sessionId: "bench-session", timestamp: 1795305386552, cwd: project };
const bash = { toolName: "bash", toolArgs: { command: "npm test", description: "run the tests" } };
const copilotHome = (home) => join(home, ".copilot");

runHookBench({
  bin: fileURLToPath(new URL("../dist/goalpost-copilot-cli.js", import.meta.url)),
  host: "copilot-cli",
  sessionId: base.sessionId,
  project,
  env: (home) => ({ HOME: home, COPILOT_HOME: copilotHome(home), COPILOT_PROJECT_DIR: project }),
  stateRoot: (home) => join(copilotHome(home), "goalpost"),
  commands: (home) => {
    const { hooks } = JSON.parse(readFileSync(join(copilotHome(home), "hooks", "goalpost.json"), "utf8"));
    return Object.fromEntries(Object.entries(hooks).map(([event, handlers]) => [event, handlers[0].bash]));
  },
  payloads: {
    sessionStart: { ...base, source: "new", initialPrompt: "keep going" },
    userPromptSubmitted: { ...base, prompt: "keep going with the next remaining step" },
    preToolUse: { ...base, ...bash },
    postToolUse: {
      ...base,
      ...bash,
      toolResult: { resultType: "success", textResultForLlm: "12 passed\n<shellId: 0 completed with exit code 0>" },
    },
    agentStop: { ...base, stopReason: "end_turn", stop_hook_active: false },
  },
});
