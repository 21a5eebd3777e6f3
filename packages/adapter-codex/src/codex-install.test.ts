import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "@decimalturn/toml-patch";
import type { JsonObject } from "@goalpost/adapter-kit";
import { applyChanges, installTargets, planInstall, planUninstall } from "@goalpost/adapter-kit/install";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { codexAdapter } from "./codex-adapter.js";
import { handlerSlots, trustedHash } from "./codex-hook-trust.js";
import { INSTALLED_HOOK_EVENTS, skippedHooks } from "./codex-install.js";

afterEach(removeTestdirs);

const cliPath = "/opt/goalpost/dist/goalpost-codex.js";

/** The parts of config.toml these tests read (what the TOML parser gives, typed for them). */
type CodexToml = JsonObject & {
  hooks: { state: Record<string, Record<string, unknown>> };
  mcp_servers: Record<string, unknown>;
};

function fakeHome(files: { config?: string; hooks?: unknown } = {}) {
  const home = join(testdir({ home: {} }), "home");
  if (files.config !== undefined) writeFileSync(join(home, "config.toml"), files.config);
  if (files.hooks !== undefined) writeFileSync(join(home, "hooks.json"), JSON.stringify(files.hooks, null, 2));
  const env = { HOME: home, CODEX_HOME: home };
  const targets = () => installTargets(codexAdapter, { scope: "user", projectDir: home, cliPath, env });
  return {
    home,
    install: () => applyChanges(planInstall(targets())),
    uninstall: () => applyChanges(planUninstall(targets())),
    planInstall: () => planInstall(targets()),
    text: (file: string) => readFileSync(join(home, file), "utf8"),
    hooks: () => JSON.parse(readFileSync(join(home, "hooks.json"), "utf8")),
    config: () => parse(readFileSync(join(home, "config.toml"), "utf8")) as CodexToml,
  };
}

const userConfig = `# my Codex settings
model = "gpt-5.5" # the one I pay for
approval_policy = "on-request"

[projects."/home/me/app"]
trust_level = "trusted"

# my own hook, which I trusted in Codex
[hooks.state."HOOKS:stop:0:0"]
trusted_hash = "sha256:mine"
`;
const userHooks = { hooks: { Stop: [{ hooks: [{ type: "command", command: "notify-me", timeout: 5 }] }] } };

function withUserFiles() {
  const home = fakeHome();
  const config = userConfig.replace("HOOKS", join(home.home, "hooks.json"));
  writeFileSync(join(home.home, "config.toml"), config);
  writeFileSync(join(home.home, "hooks.json"), `${JSON.stringify(userHooks, null, 2)}\n`);
  return { ...home, originalConfig: config };
}

describe("install into CODEX_HOME", () => {
  it("adds a hook group per event, a trust entry Codex accepts for each, and the MCP server; the user's lines stay", () => {
    const home = withUserFiles();
    home.install();
    const hooks = home.hooks();
    expect(hooks.hooks.Stop[0]).toEqual(userHooks.hooks.Stop[0]);
    for (const event of INSTALLED_HOOK_EVENTS)
      expect(hooks.hooks[event].at(-1).hooks[0].command).toMatch(
        new RegExp(
          `^/bin/sh /opt/goalpost/dist/goalpost-codex-hook\\.sh ${event} \\S+goalpost( fast create_goal update_goal${event === "PostToolUse" ? " update_plan" : ""})?$`,
        ),
      );
    const text = home.text("config.toml");
    for (const line of home.originalConfig.split("\n")) expect(text).toContain(line);
    const state = home.config().hooks.state;
    const hooksPath = join(home.home, "hooks.json");
    const own = handlerSlots(hooksPath, hooks.hooks).filter((slot) => slot.handler.command !== "notify-me");
    expect(own).toHaveLength(INSTALLED_HOOK_EVENTS.length);
    for (const slot of own) expect(state[slot.key]).toEqual({ trusted_hash: trustedHash(slot.event, slot.group, slot.handler) });
    expect(state[`${hooksPath}:stop:0:0`]).toEqual({ trusted_hash: "sha256:mine" });
    expect(home.config().mcp_servers.goalpost).toEqual({
      command: "node",
      args: [cliPath, "mcp"],
      env: { CODEX_HOME: home.home },
      // Its tools answer without an approval in Codex's sandbox modes (refused there otherwise under `codex exec`).
      default_tools_approval_mode: "approve",
    });
    expect(skippedHooks(home.config(), hooksPath, hooks.hooks)).toEqual([]);
  });

  it("installing twice changes nothing; uninstall gives back both files to the byte", () => {
    const home = withUserFiles();
    const hooksBefore = home.text("hooks.json");
    home.install();
    expect(home.planInstall()).toEqual([]);
    home.uninstall();
    expect(home.text("config.toml")).toBe(home.originalConfig);
    expect(JSON.parse(home.text("hooks.json"))).toEqual(JSON.parse(hooksBefore));
  });

  it("a fresh CODEX_HOME gets both files, and uninstall removes them again", () => {
    const home = fakeHome();
    home.install();
    expect(Object.keys(home.config().hooks.state)).toHaveLength(INSTALLED_HOOK_EVENTS.length);
    home.uninstall();
    expect(() => home.text("config.toml")).toThrow(/ENOENT/);
    expect(() => home.text("hooks.json")).toThrow(/ENOENT/);
  });

  it("keeps the user's own hooks trusted when goalpost's removal shifts their place", () => {
    const home = withUserFiles();
    home.install();
    const hooksPath = join(home.home, "hooks.json");
    // The user adds a second Stop hook after goalpost's and trusts it in Codex (index 2).
    const hooks = home.hooks();
    hooks.hooks.Stop.push({ hooks: [{ type: "command", command: "log-stop" }] });
    writeFileSync(hooksPath, JSON.stringify(hooks));
    writeFileSync(
      join(home.home, "config.toml"),
      `${home.text("config.toml")}\n[hooks.state."${hooksPath}:stop:2:0"]\ntrusted_hash = "sha256:log"\n`,
    );
    home.uninstall();
    // Now at index 1: its trust moved with it, and nothing of goalpost's is left.
    expect(home.config().hooks.state).toEqual({
      [`${hooksPath}:stop:0:0`]: { trusted_hash: "sha256:mine" },
      [`${hooksPath}:stop:1:0`]: { trusted_hash: "sha256:log" },
    });
    expect(home.hooks().hooks.Stop).toHaveLength(2);
  });

  it("doctor's view: a goalpost hook edited by hand, or never trusted, is one Codex skips", () => {
    const home = withUserFiles();
    home.install();
    const hooksPath = join(home.home, "hooks.json");
    const hooks = home.hooks();
    hooks.hooks.Stop[1].hooks[0].timeout = 99;
    expect(skippedHooks(home.config(), hooksPath, hooks.hooks)).toEqual([
      { event: "Stop", key: `${hooksPath}:stop:1:0`, status: "modified" },
    ]);
    const config = home.config();
    delete config.hooks.state[`${hooksPath}:session_start:0:0`];
    expect(skippedHooks(config, hooksPath, home.hooks().hooks)).toEqual([
      { event: "SessionStart", key: `${hooksPath}:session_start:0:0`, status: "untrusted" },
    ]);
  });

  it("refuses a config.toml that is not TOML, and writes nothing", () => {
    const home = fakeHome({ config: 'model = "a"\nmodel = "b"\n' });
    expect(() => home.install()).toThrow(/config.toml is not valid TOML/);
    expect(home.text("config.toml")).toBe('model = "a"\nmodel = "b"\n');
    expect(() => home.text("hooks.json")).toThrow(/ENOENT/);
  });
});

describe("trust hashes, as Codex computes them", () => {
  // Recorded from Codex 0.169.0's app-server (`hooks/list` → currentHash) for this hooks.json.
  const hooks = {
    Stop: [{ hooks: [{ type: "command", command: "goalpost-codex hook Stop", timeout: 15 }] }],
    SessionEnd: [{ hooks: [{ type: "command", command: "goalpost-codex hook SessionEnd", timeout: 15 }] }],
    PreToolUse: [
      {
        matcher: "^Bash$",
        hooks: [
          { type: "command", command: 'my-linter "ü"' },
          { type: "command", command: "goalpost-codex hook PreToolUse", timeout: 15, statusMessage: "checking the goal" },
        ],
      },
    ],
  };
  it.each([
    ["stop:0:0", "sha256:3514718e25cb5553579695779ee30fbc86f5ad5f6613cc1b33fde3ddbf68d7fd"],
    ["session_end:0:0", "sha256:c29cd31440f6ad10c4f1a0131498d1ba78a2ad5caabeb15d5932d4aea2976aae"],
    ["pre_tool_use:0:0", "sha256:91fdfa1ad62742d7d15a4e9af313e28a617312f87e3bf63f2f12ed27e087d66a"],
    ["pre_tool_use:0:1", "sha256:e1e81657b125c01da8ae2e29e1cd9a43883fbb0a38c6f7e25eeac543819aff68"],
  ])("%s", (key, hash) => {
    const slot = handlerSlots("/h/hooks.json", hooks).find((candidate) => candidate.key === `/h/hooks.json:${key}`)!;
    expect(trustedHash(slot.event, slot.group, slot.handler)).toBe(hash);
  });
});

describe("strict mode: Codex's workspace-write sandbox whatever the user's mode", () => {
  it("sets sandbox_mode with --strict, keeps it on a plain install, and gives the user's own mode back, comments kept", () => {
    // A top-level key, before the first table.
    const home = fakeHome({ config: `sandbox_mode = "danger-full-access" # fast and loose\n${userConfig}` });
    const env = { HOME: home.home, CODEX_HOME: home.home };
    const targets = (strict?: boolean) =>
      installTargets(codexAdapter, {
        scope: "user",
        projectDir: home.home,
        cliPath,
        env,
        ...(strict === undefined ? {} : { strict }),
      });
    applyChanges(planInstall(targets(true)));
    expect(home.config()["sandbox_mode"]).toBe("workspace-write");
    expect(home.text("config.toml")).toContain("# my Codex settings");
    expect(JSON.parse(home.text("goalpost/strict.json"))).toEqual({
      [join(home.home, "config.toml")]: { sandbox_mode: "danger-full-access" },
    });
    // A plain install (an upgrade) keeps the mode; the watch's view of the file names the piece.
    expect(planInstall(targets())).toEqual([]);
    const config = targets().find((target) => target.path.endsWith("config.toml") && target.label !== "strict record")!;
    expect(config.parts?.(home.config())).toContain("strict mode (Codex's workspace-write sandbox)");
    expect(config.problems?.({ ...home.config(), sandbox_mode: "danger-full-access" })).toContainEqual(
      expect.stringMatching(/^strict mode is off in it/),
    );
    applyChanges(planUninstall(targets()));
    expect(home.config()["sandbox_mode"]).toBe("danger-full-access");
  });
});
