// The adapter package as a Claude Code plugin: `claude --plugin-dir <plugin>` with no install step —
// from a copy of the package's shipped files with no node_modules, as a marketplace install gives it.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** Perl as the hooks find it on PATH ("" where there is none: the hooks then ask through Node). */
const PERL = spawnSync("/bin/sh", ["-c", "command -v perl"], { encoding: "utf8" }).stdout.trim();
if (PERL === "")
  console.warn("claude-code.plugin.test: no perl on PATH (Debian: apt-get install perl); the hook server's test skipped");

/** A `node` and a `perl` on PATH that log how each hook starts them. */
function loggingNode(root: string) {
  const bin = join(root, "bin");
  const log = join(root, "node.log");
  mkdirSync(bin);
  writeFileSync(join(bin, "node"), `#!/bin/sh\necho "node $*" >> "${log}"\nexec "${process.execPath}" "$@"\n`, { mode: 0o755 });
  writeFileSync(join(bin, "perl"), `#!/bin/sh\necho "perl $*" >> "${log}"\nexec "${PERL}" "$@"\n`, { mode: 0o755 });
  return { log, env: { PATH: `${bin}:${process.env["PATH"] ?? "/usr/bin:/bin"}` } };
}

/** The logged starts that ran a hook. */
const hookStarts = (log: string) =>
  readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => / hook \w+( |$)/.test(line));

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

  it.skipIf(PERL === "")(
    "sets itself up on first use: a later session's hooks go to the hook server its first session started",
    async () => {
      verifies("CC-PLUGIN");
      const mock = await model.start({ main: [{ text: "", toolUse: { name: "Bash", input: { command: "ls" } } }] });
      const home = createClaudeHome({ mockUrl: mock.url });
      const pluginDir = pluginCopy();
      expect((await runClaude(home, "look around", { args: ["--plugin-dir", pluginDir] })).exitCode).toBe(0);
      const fastPathDir = join(home.stateRoot, "fast-path");
      const socket = join(fastPathDir, "goalpost-claude-code-hooks.sock");
      for (let waited = 0; !existsSync(socket) && waited < 30_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
      expect(existsSync(socket)).toBe(true);
      // A hook that ran the bundle itself would make its code cache again; one the server answers does not.
      const caches = () => readdirSync(fastPathDir).filter((name) => name.endsWith(".code-cache"));
      for (const file of caches()) rmSync(join(fastPathDir, file));

      const { log, env } = loggingNode(home.root);
      const id = randomUUID();
      const run = await runClaude(home, "/goal ship the plugin fast", {
        args: ["--session-id", id, "--plugin-dir", pluginDir],
        env,
      });
      expect(run.exitCode, run.stderr).toBe(0);
      expect(readSession(home, id).goals[0]?.objective).toBe("ship the plugin fast");
      const hookRuns = hookStarts(log);
      expect(hookRuns.length).toBeGreaterThan(3);
      // Each through the Perl client, which hands it to the server: no Node, no bundle compiled.
      expect(hookRuns.every((line) => /^perl \S+goalpost-claude-code-hook\.pl hook \w+ \S+hooks\.sock /.test(line))).toBe(true);
      expect(caches()).toEqual([]);
      rmSync(socket); // the server ends with its socket
    },
  );
});
