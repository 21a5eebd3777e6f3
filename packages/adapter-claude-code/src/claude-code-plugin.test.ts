import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  const snapshot = join(root, "config", "goalpost", "snapshot");
  return { plugin, exec, run, snapshot };
}

const waitFor = async (check: () => boolean) => {
  for (let waited = 0; !check(); waited += 200) {
    if (waited > 60_000) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe.skipIf(process.platform === "win32")("the plugin, with no install step", () => {
  afterEach(() => removeTestdirs());

  it("builds its start-up snapshot and fast-path markers on first use, off the hook's path, and uses them after", async () => {
    // The snapshot's path: without the hook server, which the shell prefers while it listens (below).
    const { run, snapshot } = pluginSetup({ GOALPOST_HOOK_SERVER: "0" });
    // First hook: the hook loader answers, then starts the build in the background.
    expect(run("SessionStart", { source: "startup" })).toEqual([
      expect.stringMatching(/^node \S+goalpost-claude-code-hook\.cjs hook SessionStart$/),
    ]);
    await waitFor(() => existsSync(join(snapshot, "plugin-hook.blob.json")));
    expect(JSON.parse(readFileSync(join(snapshot, "plugin-hook.blob.json"), "utf8"))).toEqual({
      node: `${process.version}-${process.platform}-${process.arch}`,
      bundle: expect.any(String),
    });
    expect(existsSync(join(snapshot, "plugin-hook.blob.building"))).toBe(false);
    // Then: a prompt starts from the snapshot; with no goal open, a tool call starts no Node at all.
    expect(run("UserPromptSubmit", { prompt: "look around" })).toEqual([
      expect.stringMatching(/^node --snapshot-blob \S+plugin-hook\.blob /),
    ]);
    const bash = { tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "t1" };
    expect(run("PreToolUse", bash)).toEqual([]);
    // With a goal open, the tool call's hook runs from the snapshot too.
    run("UserPromptSubmit", { prompt: "/goal ship the plugin fast" });
    expect(run("PreToolUse", bash)).toEqual([expect.stringMatching(/^node --snapshot-blob /)]);
  }, 90_000);

  it("records a build that cannot succeed and does not try again until the bundle or Node changes", async () => {
    const { plugin, run, snapshot } = pluginSetup({ GOALPOST_HOOK_SERVER: "0" });
    // A bundle that runs plainly but not inside a snapshot build (as on a Node that cannot build one).
    appendFileSync(
      join(plugin, "dist", "goalpost-claude-code-snapshot.cjs"),
      '\nif (process.execArgv.includes("--build-snapshot")) throw new Error("no snapshot on this Node");\n',
    );
    run("SessionStart", { source: "startup" });
    await waitFor(() => existsSync(join(snapshot, "plugin-hook.blob.json")));
    expect(JSON.parse(readFileSync(join(snapshot, "plugin-hook.blob.json"), "utf8"))).toMatchObject({
      problem: expect.stringMatching(/--build-snapshot/),
    });
    // The next hooks answer from the hook loader and start no build.
    expect(run("UserPromptSubmit", { prompt: "look around" })).toEqual([
      expect.stringMatching(/-hook\.cjs hook UserPromptSubmit$/),
    ]);
    expect(existsSync(join(snapshot, "plugin-hook.blob.building"))).toBe(false);
    expect(existsSync(join(snapshot, "plugin-hook.blob"))).toBe(false);
  }, 90_000);

  it("answers nothing, and never fails the host, from a copy that lost its hook bundle", () => {
    const { plugin, exec } = pluginSetup();
    rmSync(join(plugin, "dist", "goalpost-claude-code-snapshot.cjs"));
    const result = exec("UserPromptSubmit", { prompt: "/goal ship it" });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^goalpost: the hook did not run: .*goalpost-claude-code-snapshot\.cjs/);
  });
});
