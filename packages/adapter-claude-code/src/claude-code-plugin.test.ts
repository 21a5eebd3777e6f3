import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { claudeCodePluginHooks } from "./claude-code-plugin.js";

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));

describe("the plugin's generated files (run generate:plugin after changing the events or the version)", () => {
  it("hooks/hooks.json is what the event table generates", () => {
    expect(read("../hooks/hooks.json")).toEqual(claudeCodePluginHooks());
  });

  it("plugin.json says the package's version", () => {
    expect(read("../.claude-plugin/plugin.json").version).toBe(read("../package.json").version);
  });
});

/** A copy of the plugin's files alone (what a marketplace install gives), a Claude config dir, and a `node` that logs how it is run. */
function pluginSetup(more: Record<string, string> = {}) {
  const root = testdir({ config: {}, bin: {}, project: {} });
  const plugin = join(root, "plugin");
  for (const part of ["dist", "hooks", ".claude-plugin", "package.json"])
    cpSync(fileURLToPath(new URL(`../${part}`, import.meta.url)), join(plugin, part), { recursive: true });
  const log = join(root, "node.log");
  writeFileSync(join(root, "bin", "node"), `#!/bin/sh\necho "node $*" >> "${log}"\nexec "${process.execPath}" "$@"\n`, {
    mode: 0o755,
  });
  const env: Record<string, string> = {
    PATH: `${join(root, "bin")}:/usr/bin:/bin`,
    HOME: root,
    CLAUDE_CONFIG_DIR: join(root, "config"),
    CLAUDE_PLUGIN_ROOT: plugin,
    ...more,
  };
  const hooks = JSON.parse(readFileSync(join(plugin, "hooks", "hooks.json"), "utf8")).hooks;
  /** Runs the plugin's command for `event` as Claude Code does (through the shell, payload on stdin). */
  const exec = (event: string, fields: Record<string, unknown> = {}) => {
    writeFileSync(log, "");
    const payload = { session_id: "s1", transcript_path: null, cwd: join(root, "project"), hook_event_name: event, ...fields };
    return spawnSync("/bin/sh", ["-c", hooks[event][0].hooks[0].command], {
      env,
      input: JSON.stringify(payload),
      encoding: "utf8",
    });
  };
  /** The same, succeeding; the node runs it made. */
  const run = (event: string, fields: Record<string, unknown> = {}) => {
    const result = exec(event, fields);
    expect(result.status, result.stderr).toBe(0);
    return readFileSync(log, "utf8").trim().split("\n").filter(Boolean);
  };
  return { plugin, exec, run, stateRoot: join(root, "config", "goalpost") };
}

const waitFor = async (check: () => boolean) => {
  for (let waited = 0; !check(); waited += 200) {
    if (waited > 60_000) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe.skipIf(process.platform === "win32")("the plugin, with no install step", () => {
  afterEach(() => removeTestdirs());

  it("sets up the fast path on first use, off the hook's path: the hook server, and the no-goal markers", async () => {
    const { run, stateRoot } = pluginSetup();
    // First hook: the hook loader answers, then starts the hook server, which sets up the markers.
    expect(run("SessionStart", { source: "startup" })).toEqual([
      expect.stringMatching(/^node \S+goalpost-claude-code-hook\.cjs hook SessionStart$/),
    ]);
    const pidFile = join(stateRoot, "fast-path", "goalpost-claude-code-hooks.pid");
    await waitFor(() => existsSync(pidFile) && existsSync(join(stateRoot, "open")));
    const server = Number(readFileSync(pidFile, "utf8"));
    try {
      // Then: with no goal open, a tool call starts nothing at all; a prompt goes to the server, no Node started.
      const bash = { tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "t1" };
      expect(run("PreToolUse", bash)).toEqual([]);
      expect(run("UserPromptSubmit", { prompt: "/goal ship the plugin fast" })).toEqual([]);
      expect(existsSync(join(stateRoot, "open", "s1"))).toBe(true);
      // With a goal open, the tool call's hook goes to the server too.
      expect(run("PreToolUse", bash)).toEqual([]);
    } finally {
      process.kill(server, "SIGTERM");
    }
  }, 90_000);

  it("refuses a stop with a goal open when its session file was damaged, and tells the user in systemMessage", () => {
    const { exec, stateRoot } = pluginSetup({ GOALPOST_HOOK_SERVER: "0" });
    expect(exec("UserPromptSubmit", { prompt: "/goal ship the plugin fast" }).stdout).toContain("ship the plugin fast");
    writeFileSync(join(stateRoot, "by-session", "s1.json"), '{"schemaVersion":1,"goals":[{"id');
    const stop = exec("Stop", { stop_hook_active: false });
    expect(JSON.parse(stop.stdout)).toMatchObject({
      decision: "block",
      reason: expect.stringMatching(/should not stop/),
      systemMessage: expect.stringMatching(/open goal \S+ of session s1 was kept from its damaged file/),
    });
  });

  it("answers nothing, and never fails the host, from a copy that lost its hook bundle", () => {
    const { plugin, exec } = pluginSetup();
    rmSync(join(plugin, "dist", "goalpost-claude-code-hook-bundle.cjs"));
    const result = exec("UserPromptSubmit", { prompt: "/goal ship it" });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^goalpost: the hook did not run: .*goalpost-claude-code-hook-bundle\.cjs/);
  });
});
