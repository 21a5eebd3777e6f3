// Copilot CLI for the demo: its payloads are the adapter's samples (copilot-cli-samples.ts): flat
// camelCase; `/goal` arrives as its autopilot wrapper; a shell result ends in Copilot's own
// `<shellId: N completed with exit code C>` line; the goal tools' MCP calls are announced by
// preMcpToolCall. Copilot has no hook after compaction: the goal comes back with the next tool result.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { copilotCliSamples } from "@goalpost/adapter-copilot-cli";
import { call, callOrNone, type DemoHost, type DemoSession } from "./demo-host.js";

/** The adapter's samples for this demo session. */
const samples = (session: DemoSession) =>
  copilotCliSamples({
    sessionId: session.sessionId,
    cwd: session.project,
    transcriptPath: join(session.home, ".copilot", "session-state", session.sessionId, "events.jsonl"),
  });

const AUTOPILOT = (objective: string) =>
  `The user set this explicit autopilot objective with /autopilot:\n\n${objective}\n\nWork autonomously toward this objective in clear checkpoints.\nOnly call task_complete when the objective is fully achieved and verified.`;

export const copilotCliDemoHost: DemoHost = {
  id: "copilot-cli",
  env: (home) => ({ HOME: home, COPILOT_HOME: join(home, ".copilot") }),
  hookCommands(env) {
    const file = JSON.parse(readFileSync(join(env["COPILOT_HOME"]!, "hooks", "goalpost.json"), "utf8")) as {
      hooks: Record<string, { bash?: string }[]>;
    };
    return Object.fromEntries(Object.entries(file.hooks).map(([event, handlers]) => [event, handlers[0]?.bash ?? ""]));
  },
  // What the user types is `/goal <objective>`; what the hook sees is Copilot's autopilot prompt.
  goalPrompt: (objective) => AUTOPILOT(objective),
  typedGoal: (objective) => `/goal ${objective}`,
  sessionStart: (session, source) => call(samples(session).sessionStart(source)),
  prompt: (session, prompt) => call(samples(session).prompt(prompt)),
  shellBefore: (session, id, command) => call(samples(session).shellBefore(id, command)),
  shellAfter: (session, id, command, result) => call(samples(session).shellAfter(id, command, result)),
  goalToolBefore: (session, id, tool, input) => call(samples(session).goalToolBefore(id, tool, input)),
  goalToolMeta: (id) => ({ "goalpost/toolCallId": id }),
  preCompact: (session) => call(samples(session).preCompact()),
  afterCompact: () => null,
  stop: (session) => call(samples(session).stop()),
  sessionEnd: (session) => callOrNone(samples(session).sessionEnd()),
};
