// The adapter package as a Claude Code plugin: `claude --plugin-dir <package>` with no install step.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { createClaudeHome, runClaude } from "./claude-code-home.js";
import { toolResults } from "./mock-anthropic.js";
import { readSession, useMockModel } from "./real-host.js";
import { verifies } from "./requirements.js";

const pluginDir = dirname(createRequire(import.meta.url).resolve("@goalpost/adapter-claude-code/package.json"));
const model = useMockModel();

describe("goalpost as a Claude Code plugin", () => {
  it("captures /goal and serves goalpost_status under the plugin's MCP name", async () => {
    verifies("CC-PLUGIN");
    const mock = await model.start({
      main: [{ text: "", toolUse: { name: "mcp__plugin_goalpost_goalpost__goalpost_status", input: {} } }],
    });
    const home = createClaudeHome({ mockUrl: mock.url });
    const id = randomUUID();
    const run = await runClaude(home, "/goal ship the plugin", { args: ["--session-id", id, "--plugin-dir", pluginDir] });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(mock.requests[0]?.tools?.map((tool) => tool.name)).toContain("mcp__plugin_goalpost_goalpost__goalpost_status");
    const [status] = toolResults(mock.requests);
    expect(status?.isError).toBe(false);
    expect(status?.text).toContain("Objective: ship the plugin");
    expect(readSession(home, id).goals[0]?.objective).toBe("ship the plugin");
  });
});
