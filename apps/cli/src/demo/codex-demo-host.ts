// Codex for the demo: its payloads are the adapter's samples (codex-samples.ts). A shell result's exit
// status is in Codex's own rollout, not the hook payload: the demo, playing Codex, writes the two
// rollout records Codex writes — the call, then its completion — where Codex writes them.
import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { codexSamples } from "@goalpost/adapter-codex";
import { installedHookCommands } from "@goalpost/adapter-kit/testing";
import { call, callOrNone, type DemoHost, type DemoSession, type Payload } from "./demo-host.js";

const rollout = (session: DemoSession) =>
  join(session.home, ".codex", "sessions", "2026", "11", "23", `rollout-2026-11-23T12-00-00-${session.sessionId}.jsonl`);

function record(session: DemoSession, line: Payload): void {
  mkdirSync(dirname(rollout(session)), { recursive: true });
  appendFileSync(rollout(session), `${JSON.stringify({ timestamp: new Date().toISOString(), ...line })}\n`);
}

/** The adapter's samples for this demo session (its rollout, which the demo writes as Codex does). */
const samples = (session: DemoSession) =>
  codexSamples({ sessionId: session.sessionId, cwd: session.project, transcriptPath: rollout(session) });

export const codexDemoHost: DemoHost = {
  id: "codex",
  env: (home) => ({ HOME: home, CODEX_HOME: join(home, ".codex") }),
  hookCommands: (env) =>
    installedHookCommands(JSON.parse(readFileSync(join(env["CODEX_HOME"]!, "hooks.json"), "utf8")).hooks, "goalpost-codex"),
  // Codex keeps `/goal` for its own goal; goalpost reads "goal:" at the start of a prompt.
  goalPrompt: (objective) => `goal: ${objective}`,
  sessionStart: (session, source) => call(samples(session).sessionStart(source)),
  prompt: (session, prompt) => call(samples(session).prompt(prompt)),
  shellBefore(session, id, command) {
    record(session, {
      type: "response_item",
      payload: { type: "function_call", name: "exec_command", arguments: JSON.stringify({ cmd: command }), call_id: id },
    });
    return call(samples(session).shellBefore(id, command));
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
    return call(samples(session).shellAfter(id, command, result));
  },
  goalToolBefore: (session, id, tool, input) => call(samples(session).goalToolBefore(id, tool, input)),
  goalToolMeta: (id) => ({ callId: id }),
  preCompact: (session) => call(samples(session).preCompact()),
  afterCompact: (session) => codexDemoHost.sessionStart(session, "compact"),
  stop: (session) => call(samples(session).stop()),
  sessionEnd: (session) => callOrNone(samples(session).sessionEnd()),
};
