// Copilot CLI's payloads for the demo, in the shapes Copilot CLI 1.0.102 sends (docs/hosts/copilot-cli.md): flat
// camelCase; `/goal` arrives as its autopilot wrapper; a shell result ends in Copilot's own
// `<shellId: N completed with exit code C>` line; the goal tools' MCP calls are announced by
// preMcpToolCall. Copilot has no hook after compaction: the goal comes back with the next tool result.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DemoHost, DemoSession, Payload } from "./demo-host.js";

const common = (session: DemoSession): Payload => ({ sessionId: session.sessionId, timestamp: Date.now(), cwd: session.project });

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
  sessionStart: (session) => ["sessionStart", { ...common(session), source: "new" }],
  prompt: (session, prompt) => ["userPromptSubmitted", { ...common(session), prompt }],
  shellBefore: (session, _id, command) => [
    "preToolUse",
    { ...common(session), toolName: "bash", toolArgs: { command, description: "demo step" } },
  ],
  shellAfter: (session, _id, command, result) => [
    "postToolUse",
    {
      ...common(session),
      toolName: "bash",
      toolArgs: { command, description: "demo step" },
      toolResult: {
        resultType: "success",
        textResultForLlm: `${result.output}\n<shellId: 0 completed with exit code ${result.exitCode}>`,
      },
    },
  ],
  goalToolBefore: (session, id, tool, input) => [
    "preMcpToolCall",
    { ...common(session), toolCallId: id, serverName: "goalpost", toolName: tool, arguments: input },
  ],
  goalToolMeta: (id) => ({ "goalpost/toolCallId": id }),
  preCompact: (session) => ["preCompact", { ...common(session), trigger: "manual" }],
  afterCompact: () => null,
  stop: (session) => [
    "agentStop",
    {
      ...common(session),
      transcriptPath: join(session.home, ".copilot", "session-state", session.sessionId, "events.jsonl"),
      stopReason: "end_turn",
      stop_hook_active: false,
    },
  ],
  sessionEnd: (session) => ["sessionEnd", { ...common(session), reason: "complete" }],
};
