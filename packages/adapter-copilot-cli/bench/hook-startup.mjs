// What a Copilot CLI hook costs the agent (see runHookBench in @goalpost/adapter-kit/testing): goalpost
// installed into a fake COPILOT_HOME by its own `install`, each installed command run through /bin/sh
// against a bare `node -e 0`. The payloads are the adapter's samples (copilot-cli-samples.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchProject, runHookBench } from "@goalpost/adapter-kit/testing";
import { copilotCliSamples } from "../dist/index.js";

const project = benchProject();
const samples = copilotCliSamples({ sessionId: "bench-session", cwd: project, transcriptPath: null });
const copilotHome = (home) => join(home, ".copilot");

runHookBench({
  bin: fileURLToPath(new URL("../dist/goalpost-copilot-cli.js", import.meta.url)),
  host: "copilot-cli",
  sessionId: "bench-session",
  project,
  env: (home) => ({ HOME: home, COPILOT_HOME: copilotHome(home), COPILOT_PROJECT_DIR: project }),
  stateRoot: (home) => join(copilotHome(home), "goalpost"),
  commands: (home) => {
    const { hooks } = JSON.parse(readFileSync(join(copilotHome(home), "hooks", "goalpost.json"), "utf8"));
    return Object.fromEntries(Object.entries(hooks).map(([event, handlers]) => [event, handlers[0].bash]));
  },
  payloads: {
    sessionStart: samples.sessionStart("startup").payload,
    userPromptSubmitted: samples.prompt("keep going with the next remaining step").payload,
    preToolUse: samples.shellBefore("b1", "npm test").payload,
    postToolUse: samples.shellAfter("b1", "npm test", { exitCode: 0, output: "12 passed" }).payload,
    agentStop: samples.stop().payload,
  },
  session: {
    start: "sessionStart",
    prompt: "userPromptSubmitted",
    before: "preToolUse",
    after: "postToolUse",
    stop: "agentStop",
  },
});
