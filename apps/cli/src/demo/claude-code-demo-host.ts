// Claude Code for the demo: its payloads are the adapter's samples (claude-code-samples.ts), in the
// shapes the real Claude Code sends.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { claudeCodeSamples } from "@goalpost/adapter-claude-code";
import { installedHookCommands } from "@goalpost/adapter-kit/testing";
import { call, callOrNone, type DemoHost, type DemoSession } from "./demo-host.js";

/** The adapter's samples for this demo session (its transcript where Claude Code keeps one). */
const samples = (session: DemoSession) =>
  claudeCodeSamples({
    sessionId: session.sessionId,
    cwd: session.project,
    transcriptPath: join(session.home, ".claude", "projects", `${session.sessionId}.jsonl`),
  });

export const claudeCodeDemoHost: DemoHost = {
  id: "claude-code",
  env: (home, project) => ({ HOME: home, CLAUDE_CONFIG_DIR: join(home, ".claude"), CLAUDE_PROJECT_DIR: project }),
  hookCommands: (env) =>
    installedHookCommands(
      JSON.parse(readFileSync(join(env["CLAUDE_CONFIG_DIR"]!, "settings.json"), "utf8")).hooks,
      "goalpost-claude-code",
    ),
  goalPrompt: (objective) => `goal: ${objective}`,
  sessionStart: (session, source) => call(samples(session).sessionStart(source)),
  prompt: (session, prompt) => call(samples(session).prompt(prompt)),
  shellBefore: (session, id, command) => call(samples(session).shellBefore(id, command)),
  shellAfter: (session, id, command, result) => call(samples(session).shellAfter(id, command, result)),
  goalToolBefore: (session, id, tool, input) => call(samples(session).goalToolBefore(id, tool, input)),
  goalToolMeta: (id) => ({ "claudecode/toolUseId": id }),
  preCompact: (session) => call(samples(session).preCompact()),
  afterCompact: (session) => claudeCodeDemoHost.sessionStart(session, "compact"),
  stop: (session) => call(samples(session).stop()),
  sessionEnd: (session) => callOrNone(samples(session).sessionEnd()),
};
