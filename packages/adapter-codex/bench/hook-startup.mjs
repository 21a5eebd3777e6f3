// What a Codex hook costs the agent (see runHookBench in @goalpost/adapter-kit/testing): goalpost
// installed into a fake CODEX_HOME by its own `install`, each installed command run through /bin/sh
// (Codex runs `<login shell> -c`, which then runs /bin/sh) against a bare `node -e 0`, with no goal, a
// realistic goal open. PostToolUse of a shell call also reads the rollout. The payloads are the adapter's
// samples (codex-samples.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchProject, runHookBench } from "@goalpost/adapter-kit/testing";
import { codexSamples } from "../dist/index.js";

const project = benchProject();
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
const samples = codexSamples({ sessionId: "bench-session", cwd: project, transcriptPath: rollout });
const codexHome = (home) => join(home, ".codex");

runHookBench({
  bin: fileURLToPath(new URL("../dist/goalpost-codex.js", import.meta.url)),
  host: "codex",
  sessionId: "bench-session",
  project,
  env: (home) => ({ HOME: home, CODEX_HOME: codexHome(home) }),
  stateRoot: (home) => join(codexHome(home), "goalpost"),
  commands: (home) => {
    const { hooks } = JSON.parse(readFileSync(join(codexHome(home), "hooks.json"), "utf8"));
    return Object.fromEntries(Object.entries(hooks).map(([event, groups]) => [event, groups.at(-1).hooks[0].command]));
  },
  payloads: {
    SessionStart: samples.sessionStart("startup").payload,
    UserPromptSubmit: samples.prompt("keep going with the next remaining step").payload,
    PreToolUse: samples.shellBefore("call_1", "npm test").payload,
    PostToolUse: samples.shellAfter("call_1", "npm test", { exitCode: 0, output: "12 passed\n" }).payload,
    Stop: samples.stop().payload,
  },
  session: { start: "SessionStart", prompt: "UserPromptSubmit", before: "PreToolUse", after: "PostToolUse", stop: "Stop" },
});
