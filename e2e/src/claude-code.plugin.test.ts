// The adapter package as a Claude Code plugin: `claude --plugin-dir <plugin>` with no install step —
// from a copy of the package's shipped files with no node_modules, as a marketplace install gives it.
import { randomUUID } from "node:crypto";
import { cpSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { testdir } from "@goalpost/adapter-kit/testing";
import { describe, expect, it } from "vitest";
import { createClaudeHome, runClaude } from "./claude-code-home.js";
import { toolResults } from "./mock-anthropic.js";
import { readSession, useMockModel } from "./real-host.js";
import { verifies } from "./requirements.js";

const packageDir = dirname(createRequire(import.meta.url).resolve("@goalpost/adapter-claude-code/package.json"));

/** The plugin's files alone: no node_modules beside them. */
function pluginCopy(): string {
  const dir = join(testdir({}), "goalpost-plugin");
  for (const part of ["dist", ".claude-plugin", "hooks", ".mcp.json", "package.json"])
    cpSync(join(packageDir, part), join(dir, part), { recursive: true });
  return dir;
}
const model = useMockModel();

describe("goalpost as a Claude Code plugin", () => {
  it("captures /goal and serves goalpost_status under the plugin's MCP name", async () => {
    verifies("CC-PLUGIN");
    const mock = await model.start({
      main: [{ text: "", toolUse: { name: "mcp__plugin_goalpost_goalpost__goalpost_status", input: {} } }],
    });
    const home = createClaudeHome({ mockUrl: mock.url });
    const pluginDir = pluginCopy();
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
