// Captures what the real Claude Code sends to hooks, for the adapter's fixtures. Runs the pinned
// `claude` through scenarios against the scripted local model with goalpost installed, logs every hook
// payload, and writes:
//   packages/adapter-claude-code/src/__fixtures__/claude-code-<Event>-<case>.json   first payload of each kind
//   packages/adapter-claude-code/src/__fixtures__/claude-code-session-<scenario>.jsonl  whole sequences
//   packages/adapter-claude-code/src/__fixtures__/claude-code-host-version.json     which claude produced them
// Temporary paths are rewritten consistently (/home/user, /home/user/proj); nothing else is changed.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { INSTALLED_HOOK_EVENTS } from "@goalpost/adapter-claude-code";
import { removeTestdirs } from "@goalpost/adapter-kit/testing";
import { it } from "vitest";
import { CLAUDE_VERSION, type ClaudeHome, createClaudeHome, goalpostCli, runClaude } from "../src/claude-code-home.js";
import { type MockReply, scriptedResponder, startMockAnthropic } from "../src/mock-anthropic.js";

const fixtures = fileURLToPath(new URL("../../packages/adapter-claude-code/src/__fixtures__/", import.meta.url));
const logHook = fileURLToPath(new URL("../scripts/log-hook.mjs", import.meta.url));
const EVENTS = INSTALLED_HOOK_EVENTS;

interface Logged {
  event: string;
  payload: Record<string, unknown>;
}

function addLogHooks(home: ClaudeHome): void {
  const path = join(home.configDir, "settings.json");
  const settings = JSON.parse(readFileSync(path, "utf8")) as { hooks: Record<string, unknown[]> };
  for (const event of EVENTS)
    settings.hooks[event]?.push({ matcher: "", hooks: [{ type: "command", command: `node ${logHook} ${event}`, timeout: 15 }] });
  writeFileSync(path, JSON.stringify(settings, null, 2));
}

function rewrite(home: ClaudeHome, text: string): string {
  const encoded = (path: string) => path.replace(/[/.]/g, "-");
  return text
    .replaceAll(encoded(home.project), "-home-user-proj")
    .replaceAll(home.project, "/home/user/proj")
    .replaceAll(home.home, "/home/user");
}

function variant(entry: Logged): string {
  const p = entry.payload;
  const subagent = p["agent_id"] ? "-subagent" : "";
  const tool = String(p["tool_name"] ?? "").replace(/^mcp__goalpost__.*/, "mcp-goalpost");
  switch (entry.event) {
    case "SessionStart":
      return String(p["source"]);
    case "UserPromptSubmit": {
      const prompt = String(p["prompt"]);
      return prompt.startsWith("/goal") ? "goal" : prompt.startsWith("<task-notification>") ? "task-notification" : "plain";
    }
    case "PreToolUse":
    case "PostToolUse":
    case "PostToolUseFailure":
      return `${tool}${subagent}`;
    case "Stop":
      return p["stop_hook_active"] ? "reentry" : "first";
    case "SubagentStart":
    case "SubagentStop":
      return p["agent_type"] === "" ? "compaction" : String(p["agent_type"]);
    case "PreCompact":
      return String(p["trigger"]);
    case "SessionEnd":
      return String(p["reason"]);
    default:
      return "default";
  }
}

const bash = (command: string): MockReply => ({
  text: "",
  toolUse: { name: "Bash", input: { command, description: "recorded step" } },
});
const written = new Set<string>();

async function scenario(
  name: string,
  script: Parameters<typeof scriptedResponder>[0],
  prompts: readonly { prompt: string; args?: string[] }[],
  project?: Record<string, string>,
) {
  const mock = await startMockAnthropic(scriptedResponder(script));
  const home = createClaudeHome({ mockUrl: mock.url, ...(project ? { project } : {}) });
  await goalpostCli(home, ["install", "--scope", "user"]);
  addLogHooks(home);
  const log = join(home.root, "hooks.jsonl");
  const id = randomUUID();
  for (const [index, step] of prompts.entries()) {
    const args = [
      ...(index === 0 ? ["--session-id", id] : ["--resume", id]),
      "--allowedTools",
      "Bash",
      "Read",
      "Write",
      "Agent",
      ...(step.args ?? []),
    ];
    await runClaude(home, step.prompt, { args, env: { GOALPOST_RECORD_LOG: log, npm_config_update_notifier: "false" } });
  }
  await mock.close();
  const entries = existsSync(log)
    ? (JSON.parse(`[${rewrite(home, readFileSync(log, "utf8")).trim().split("\n").join(",")}]`) as Logged[])
    : [];
  mkdirSync(fixtures, { recursive: true });
  writeFileSync(
    join(fixtures, `claude-code-session-${name}.jsonl`),
    `${entries.map((entry) => JSON.stringify(entry)).join("\n")}\n`,
  );
  for (const entry of entries) {
    const file = `claude-code-${entry.event}-${variant(entry)}.json`;
    if (written.has(file)) continue;
    written.add(file);
    writeFileSync(join(fixtures, file), `${JSON.stringify(entry.payload, null, 2)}\n`);
  }
  console.log(`${name}: ${entries.length} hook payloads`);
}

it("records Claude Code hook payloads", async () => {
  await scenario("goal-tool-stop", { main: [bash("echo hello"), bash("echo 'failing'; exit 3")] }, [
    { prompt: "/goal make the demo print hello" },
  ]);
  await scenario("drift", { main: Array.from({ length: 6 }, (_, index) => bash(`echo step-${index + 1}`)) }, [
    { prompt: "/goal tidy the scripts" },
  ]);
  await scenario(
    "subagent",
    {
      main: [
        {
          text: "",
          toolUse: {
            name: "Agent",
            input: { description: "run checks", prompt: "SUBAGENT_TASK run the checks", subagent_type: "general-purpose" },
          },
        },
      ],
      subagent: [bash("echo sub-1")],
      subagentMarker: "SUBAGENT_TASK",
    },
    [{ prompt: "/goal check the build" }],
  );
  await scenario("compact-resume", { main: [] }, [
    { prompt: "/goal make the importer stream large files" },
    { prompt: "/compact" },
    { prompt: "what is next?" },
  ]);
  const mcp = (tool: string, input: Record<string, unknown>): MockReply => ({
    text: "",
    toolUse: { name: `mcp__goalpost__${tool}`, input },
  });
  await scenario(
    "mcp-close",
    {
      main: [
        mcp("goalpost_open", { objective: "Make hello.js print hello", requirements: ["node hello.js prints hello"] }),
        mcp("goalpost_close", { status: "complete" }),
        { text: "", toolUse: { name: "Write", input: { file_path: "hello.js", content: "console.log('hello');\n" } } },
        bash("npm test"),
      ],
    },
    [{ prompt: "start the work" }],
    { "package.json": JSON.stringify({ name: "demo", private: true, scripts: { test: "node hello.js" } }) },
  );
  writeFileSync(
    join(fixtures, "claude-code-host-version.json"),
    `${JSON.stringify({ host: "@anthropic-ai/claude-code", version: CLAUDE_VERSION, recordedAt: new Date().toISOString().slice(0, 10) }, null, 2)}\n`,
  );
  removeTestdirs();
});
