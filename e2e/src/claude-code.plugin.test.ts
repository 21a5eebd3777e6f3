// The adapter package as a Claude Code plugin: `claude --plugin-dir <plugin>` with no install step —
// from a copy of the package's shipped files with no node_modules, as a marketplace install gives it.
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
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

  it("sets itself up on first use: a later session's hooks all start from the snapshot it built", async () => {
    verifies("CC-PLUGIN");
    const mock = await model.start({ main: [{ text: "", toolUse: { name: "Bash", input: { command: "ls" } } }] });
    const home = createClaudeHome({ mockUrl: mock.url });
    const pluginDir = pluginCopy();
    expect((await runClaude(home, "look around", { args: ["--plugin-dir", pluginDir] })).exitCode).toBe(0);
    const built = join(home.stateRoot, "snapshot", "plugin-hook.blob.json");
    for (let waited = 0; !existsSync(built) && waited < 60_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    expect(JSON.parse(readFileSync(built, "utf8"))).not.toHaveProperty("problem");

    // A `node` on PATH that logs how each hook starts it.
    const bin = join(home.root, "bin");
    const log = join(home.root, "node.log");
    mkdirSync(bin);
    writeFileSync(join(bin, "node"), `#!/bin/sh\necho "node $*" >> "${log}"\nexec "${process.execPath}" "$@"\n`, { mode: 0o755 });
    const id = randomUUID();
    const env = { PATH: `${bin}:${process.env["PATH"] ?? "/usr/bin:/bin"}` };
    const run = await runClaude(home, "/goal ship the plugin fast", {
      args: ["--session-id", id, "--plugin-dir", pluginDir],
      env,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(readSession(home, id).goals[0]?.objective).toBe("ship the plugin fast");
    const hookRuns = readFileSync(log, "utf8")
      .split("\n")
      .filter((line) => / hook \w+$/.test(line));
    expect(hookRuns.length).toBeGreaterThan(3);
    // Each from the snapshot: none fell back to the plain bin.
    expect(hookRuns.every((line) => line.startsWith("node --snapshot-blob "))).toBe(true);
  });
});
