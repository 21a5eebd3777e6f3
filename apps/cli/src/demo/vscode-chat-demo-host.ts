// VS Code Copilot Chat for the demo: its payloads are the adapter's samples (vscode-chat-samples.ts), in the
// spelling its extension's code writes (docs/hosts/
// §4.3; constructed — VS Code cannot run headless). The goal tools take the session as arguments; a
// terminal run's exit status is in the tool's text; no SessionStart follows compaction, so the goal
// comes back with the next tool call.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { vscodeChatSamples } from "@goalpost/adapter-vscode-chat";
import { call, callOrNone, type DemoHost, type DemoSession } from "./demo-host.js";

/** The adapter's samples for this demo session. */
const samples = (session: DemoSession) =>
  vscodeChatSamples({
    sessionId: session.sessionId,
    cwd: session.project,
    transcriptPath: join(session.home, ".config", "Code", "User", "workspaceStorage", "demo", `${session.sessionId}.jsonl`),
  });

export const vscodeChatDemoHost: DemoHost = {
  id: "vscode-chat",
  env: (home) => ({ HOME: home }),
  hookCommands(env) {
    const file = JSON.parse(readFileSync(join(env["HOME"]!, ".copilot", "hooks", "goalpost-vscode.json"), "utf8")) as {
      hooks: Record<string, { command?: string }[]>;
    };
    return Object.fromEntries(Object.entries(file.hooks).map(([event, handlers]) => [event, handlers[0]?.command ?? ""]));
  },
  goalPrompt: (objective) => `goal: ${objective}`,
  sessionStart: (session, source) => call(samples(session).sessionStart(source)),
  prompt: (session, prompt) => call(samples(session).prompt(prompt)),
  shellBefore: (session, id, command) => call(samples(session).shellBefore(id, command)),
  shellAfter: (session, id, command, result) => call(samples(session).shellAfter(id, command, result)),
  goalToolBefore: (session, id, tool, input) => call(samples(session).goalToolBefore(id, tool, input)),
  goalToolMeta: () => ({}),
  goalToolArgs: (session) => ({ sessionId: session.sessionId, cwd: session.project }),
  preCompact: (session) => call(samples(session).preCompact()),
  afterCompact: () => null,
  stop: (session) => call(samples(session).stop()),
  sessionEnd: (session) => callOrNone(samples(session).sessionEnd()),
};
