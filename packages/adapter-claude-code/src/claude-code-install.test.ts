import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { hookCommand, plainHookCommand } from "@goalpost/adapter-kit";
import {
  applyChanges,
  ConfigFileError,
  installTargets,
  planInstall as planInstallFor,
  planUninstall as planUninstallFor,
  targetsPresent,
} from "@goalpost/adapter-kit/install";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { claudeCodeAdapter } from "./claude-code-adapter.js";
import { claudeCodeInstall, INSTALLED_HOOK_EVENTS } from "./claude-code-install.js";

interface PlanOptions {
  scope: string;
  projectDir: string;
  cliPath?: string;
  env: NodeJS.ProcessEnv;
  strict?: boolean;
}
const targets = (options: PlanOptions) =>
  installTargets(claudeCodeAdapter, { cliPath: "/opt/goalpost/dist/goalpost-claude-code.js", ...options });
const planInstall = (options: PlanOptions) => planInstallFor(targets(options));
const planUninstall = (options: PlanOptions) => planUninstallFor(targets(options));
const scopeHasOwnHooks = (scope: string, projectDir: string, env: NodeJS.ProcessEnv) =>
  targetsPresent(targets({ scope, projectDir, env }));

afterEach(removeTestdirs);

function fakeHome() {
  const root = testdir({ home: { ".claude": {} }, project: {} });
  const configDir = join(root, "home", ".claude");
  const project = join(root, "project");
  return {
    root,
    configDir,
    project,
    env: { HOME: join(root, "home"), CLAUDE_CONFIG_DIR: configDir },
    cliPath: "/opt/goalpost/dist/goalpost-claude-code.js",
  };
}

const userSettings = {
  model: "opus",
  permissions: { allow: ["Bash(npm test)"] },
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "my-linter-hook" }] }] },
};
const read = (path: string) => JSON.parse(readFileSync(path, "utf8"));

describe("install", () => {
  it("adds goalpost's hooks and MCP server, keeping every existing key and hook", () => {
    const home = fakeHome();
    writeFileSync(join(home.configDir, "settings.json"), JSON.stringify(userSettings));
    writeFileSync(
      join(home.configDir, ".claude.json"),
      JSON.stringify({ numStartups: 3, mcpServers: { other: { command: "x" } } }),
    );
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    const settings = read(join(home.configDir, "settings.json"));
    expect(settings.model).toBe("opus");
    // The user's permissions stay; goalpost's walls are added beside them (claude-code-walls.ts).
    expect(settings.permissions.allow).toEqual(userSettings.permissions.allow);
    expect(settings.hooks.PreToolUse[0]).toEqual(userSettings.hooks.PreToolUse[0]);
    const stateRoot = join(home.configDir, "goalpost");
    for (const event of INSTALLED_HOOK_EVENTS) {
      const fast = claudeCodeInstall.fastEvents?.includes(event);
      expect(settings.hooks[event].at(-1)).toEqual({
        matcher: "",
        hooks: [
          {
            type: "command",
            command: hookCommand(dirname(home.cliPath), "goalpost-claude-code", event, stateRoot, {
              fast,
              wakeWords: event === "PostToolUse" ? ["TodoWrite", "TaskCreate", "TaskUpdate"] : [],
            }),
            // The stop waits for goalpost's run of the checks: install gives it longer.
            timeout: event === "Stop" ? 300 : 15,
            // …and the spinner says who the user is waiting on meanwhile.
            ...(event === "Stop" ? { statusMessage: "goalpost: checking the goal" } : {}),
          },
        ],
      });
    }
    // A command a person can read; capture and session start are never answered by the shell alone.
    const dist = dirname(home.cliPath);
    expect(settings.hooks.UserPromptSubmit[0].hooks[0].command).toBe(
      `h=${dist}; set -- UserPromptSubmit ${stateRoot}; . "$h/goalpost-claude-code-hook.sh"`,
    );
    expect(settings.hooks.PreToolUse.at(-1).hooks[0].command).toBe(
      `h=${dist}; set -- PreToolUse ${stateRoot} fast; . "$h/goalpost-claude-code-hook.sh"`,
    );
    const state = read(join(home.configDir, ".claude.json"));
    expect(state.numStartups).toBe(3);
    expect(state.mcpServers.other).toEqual({ command: "x" });
    expect(state.mcpServers.goalpost).toEqual({ type: "stdio", command: "node", args: [home.cliPath, "mcp"], env: {} });
  });

  it("is idempotent: a second install plans nothing", () => {
    const home = fakeHome();
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env })).toEqual([]);
  });

  it("replaces its own entries when the bin moved, never duplicating them", () => {
    const home = fakeHome();
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    applyChanges(
      planInstall({ scope: "user", projectDir: home.project, cliPath: "/new place/goalpost-claude-code.js", env: home.env }),
    );
    const settings = read(join(home.configDir, "settings.json"));
    expect(settings.hooks.Stop).toHaveLength(1);
    expect(settings.hooks.Stop[0].hooks[0].command).toMatch(
      /^h='\/new place'; set -- Stop \S+; \. "\$h\/goalpost-claude-code-hook\.sh"$/,
    );
  });

  it("backs up every file it changes", () => {
    const home = fakeHome();
    writeFileSync(join(home.configDir, "settings.json"), JSON.stringify(userSettings));
    const backups = applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(backups).toContain(join(home.configDir, "settings.json.goalpost-backup"));
    expect(read(join(home.configDir, "settings.json.goalpost-backup"))).toEqual(userSettings);
  });

  it("reports a corrupt settings file and leaves it untouched", () => {
    const home = fakeHome();
    writeFileSync(join(home.configDir, "settings.json"), "{ broken");
    expect(() => planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env })).toThrow(
      ConfigFileError,
    );
    expect(() => planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env })).toThrow(
      /is not valid JSON.*left it untouched/,
    );
    expect(readFileSync(join(home.configDir, "settings.json"), "utf8")).toBe("{ broken");
  });

  it("puts project scope in .claude/settings.json and .mcp.json, local scope in settings.local.json and the project entry of .claude.json", () => {
    const home = fakeHome();
    applyChanges(planInstall({ scope: "project", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(read(join(home.project, ".claude", "settings.json")).hooks.SessionStart).toHaveLength(1);
    // Committed files name the bin, never this machine's paths, and say so where it is missing.
    const projectFiles = `${JSON.stringify(read(join(home.project, ".claude", "settings.json")))}${JSON.stringify(read(join(home.project, ".mcp.json")))}`;
    expect(projectFiles).not.toContain(home.cliPath);
    expect(projectFiles).not.toContain(home.root);
    expect(read(join(home.project, ".mcp.json")).mcpServers.goalpost).toEqual({
      type: "stdio",
      command: "goalpost-claude-code",
      args: ["mcp"],
      env: {},
    });
    expect(read(join(home.project, ".claude", "settings.json")).hooks.Stop[0].hooks[0].command).toMatch(
      /^command -v goalpost-claude-code >\/dev\/null 2>&1 \|\| \{ cat >\/dev\/null; echo "goalpost: this project's settings run goalpost-claude-code, which is not installed here: npm install -g .*" >&2; exit 0; \}; goalpost-claude-code hook Stop$/,
    );
    applyChanges(planInstall({ scope: "local", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(read(join(home.project, ".claude", "settings.local.json")).hooks.Stop).toHaveLength(1);
    expect(read(join(home.configDir, ".claude.json")).projects[home.project].mcpServers.goalpost).toEqual({
      type: "stdio",
      command: "node",
      args: [home.cliPath, "mcp"],
      env: {},
    });
  });
});

describe("hook commands", () => {
  it("quote what a shell would split, and run the hook loader itself where there is no /bin/sh (Windows)", () => {
    expect(hookCommand("'/my dir'", "goalpost-claude-code", "Stop", "/home/u/.claude/goalpost")).toBe(
      `h='/my dir'; set -- Stop /home/u/.claude/goalpost; . "$h/goalpost-claude-code-hook.sh"`,
    );
    expect(plainHookCommand("/my dir/goalpost-claude-code-hook.cjs", "Stop")).toBe(
      'node "/my dir/goalpost-claude-code-hook.cjs" hook Stop',
    );
  });
});

describe("the walls: Claude Code's own permission rules around goalpost's files", () => {
  it("deny the file tools goalpost's state, installed files, the settings and the transcripts, beside the user's rules, once", () => {
    const home = fakeHome();
    const settingsPath = join(home.configDir, "settings.json");
    writeFileSync(settingsPath, JSON.stringify({ permissions: { deny: ["Read(./.env)"], allow: ["Bash(npm test)"] } }));
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(read(settingsPath).permissions).toEqual({
      deny: [
        "Read(./.env)",
        `Edit(/${join(home.configDir, "goalpost")}/**)`,
        "Edit(//opt/goalpost/dist/**)",
        `Edit(/${settingsPath})`,
        `Edit(/${join(home.configDir, "projects")}/**)`,
      ],
      allow: ["Bash(npm test)"],
    });
    expect(
      read(settingsPath).permissions.deny.every((rule: string) => rule === "Read(./.env)" || rule.startsWith("Edit(//")),
    ).toBe(true);
    // Once: installing again changes nothing; uninstall takes out exactly them.
    expect(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env })).toEqual([]);
    applyChanges(planUninstall({ scope: "user", projectDir: home.project, env: home.env }));
    expect(read(settingsPath)).toEqual({ permissions: { deny: ["Read(./.env)"], allow: ["Bash(npm test)"] } });
  });

  it("are not written into a committed scope (their paths are this machine's), and doctor says which stand", async () => {
    const home = fakeHome();
    applyChanges(planInstall({ scope: "project", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(read(join(home.project, ".claude", "settings.json")).permissions).toBeUndefined();
    const { wallsDoctorChecks } = await import("./claude-code-walls.js");
    const context = { adapter: claudeCodeAdapter, projectDir: home.project, cliPath: home.cliPath, env: home.env };
    expect(wallsDoctorChecks(context)).toEqual([]);
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(wallsDoctorChecks(context)).toEqual([
      {
        ok: true,
        label: "walls (user scope)",
        detail: expect.stringMatching(/^Claude Code denies its file tools writes to goalpost's state/),
      },
    ]);
    const settingsPath = join(home.configDir, "settings.json");
    const settings = read(settingsPath);
    writeFileSync(settingsPath, JSON.stringify({ ...settings, permissions: { deny: settings.permissions.deny.slice(1) } }));
    expect(wallsDoctorChecks(context)).toEqual([
      { ok: false, label: "walls (user scope)", detail: expect.stringMatching(/^1 of goalpost's 4 permission rules are not in/) },
    ]);
  });
});

/** doctor's checks, as `goalpost-claude-code doctor` runs them, in the fake home. */
async function doctor(home: ReturnType<typeof fakeHome>) {
  const { runDoctor } = await import("@goalpost/adapter-kit/install");
  return runDoctor({ adapter: claudeCodeAdapter, projectDir: home.project, cliPath: home.cliPath, env: home.env });
}

describe("strict mode: Claude Code's sandbox around the agent's commands", () => {
  it("goes on with --strict, keeps the user's other sandbox keys, stays on a plain install, and gives back the user's own values", async () => {
    const home = fakeHome();
    const settingsPath = join(home.configDir, "settings.json");
    const theirs = { model: "opus", sandbox: { enabled: false, excludedCommands: ["docker"] } };
    writeFileSync(settingsPath, JSON.stringify(theirs));
    const plan = (strict?: boolean) => ({
      scope: "user",
      projectDir: home.project,
      cliPath: home.cliPath,
      env: home.env,
      ...(strict === undefined ? {} : { strict }),
    });
    expect((await doctor(home)).find((check) => check.label === "mode")?.detail).toMatch(/^default: goalpost tells you/);
    const on = planInstall(plan(true));
    // Said where it is done: the sandbox on, for every project (user scope).
    expect(on.find((change) => change.path === settingsPath)?.description).toMatch(
      /, and strict mode \(Claude Code's sandbox on in every project\)$/,
    );
    applyChanges(on);
    expect(read(settingsPath).sandbox).toEqual({ enabled: true, excludedCommands: ["docker"], allowUnsandboxedCommands: false });
    // The project's goal file is denied to the agent's file tools and, through the sandbox, its commands.
    const deny = () => (read(settingsPath).permissions as { deny?: string[] } | undefined)?.deny ?? [];
    expect(deny()).toContain("Edit(.goalpost/goal.md)");
    // The user's own values, kept to give back; a plain install (an upgrade) keeps the mode.
    expect(read(join(home.configDir, "goalpost", "strict.json"))).toEqual({
      [settingsPath]: { "sandbox.enabled": false, "sandbox.allowUnsandboxedCommands": null },
    });
    expect(planInstall(plan())).toEqual([]);
    const mode = (await doctor(home)).find((check) => check.label === "mode");
    expect(mode?.detail).toMatch(/^strict \(.*settings\.json\): the agent's commands run in Claude Code's sandbox/);
    // Turned off behind goalpost's back: doctor and the integrity watch see it.
    const { sandbox: _sandbox, ...rest } = read(settingsPath);
    writeFileSync(settingsPath, JSON.stringify(rest));
    expect((await doctor(home)).find((check) => check.label === "hooks")?.detail).toMatch(/strict mode is off in it/);
    applyChanges(planInstall(plan()));
    expect(read(settingsPath).sandbox).toMatchObject({ enabled: true, allowUnsandboxedCommands: false });
    // --no-strict, then uninstall: the user's own sandbox settings as they were.
    const off = planInstall(plan(false));
    expect(off.find((change) => change.path === settingsPath)?.description).toMatch(
      /, and strict mode taken out \(your own sandbox settings back\)$/,
    );
    applyChanges(off);
    expect(read(settingsPath).sandbox).toEqual({ enabled: false });
    expect(deny()).not.toContain("Edit(.goalpost/goal.md)");
    expect(deny().length).toBeGreaterThan(0);
    // goalpost's own record goes with the mode, and was never backed up.
    const record = join(home.configDir, "goalpost", "strict.json");
    expect(existsSync(record)).toBe(false);
    expect(existsSync(`${record}.goalpost-backup`)).toBe(false);
    applyChanges(planInstall(plan(true)));
    applyChanges(planUninstall(plan()));
    expect(read(settingsPath)).toEqual({ model: "opus", sandbox: { enabled: false } });
  });

  it("is refused where it cannot stand: a committed scope", async () => {
    const home = fakeHome();
    const { runAdminCommand } = await import("@goalpost/adapter-kit/install");
    const err: string[] = [];
    const io = { out: () => {}, err: (text: string) => err.push(text) };
    expect(
      await runAdminCommand(
        claudeCodeAdapter,
        "install",
        ["--strict", "--scope", "project", "--project", home.project],
        home.cliPath,
        io,
        home.env,
      ),
    ).toBe(1);
    expect(err.join("")).toMatch(/strict mode is for your own settings, not a committed scope \(project\)/);
  });
});

describe("doctor on what else answers goalpost's events", () => {
  it("lists every other tool's hook beside goalpost's, in any scope, a Stop hook as one that can end the turn first", async () => {
    const home = fakeHome();
    writeFileSync(join(home.configDir, "settings.json"), JSON.stringify(userSettings));
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect((await doctor(home)).find((check) => check.label === "other hooks")).toEqual({
      ok: true,
      label: "other hooks",
      detail: expect.stringMatching(/^another PreToolUse hook \(`my-linter-hook`\) runs beside goalpost's/),
    });
    // The agent's way round: a Stop hook in the project's local settings that ends the turn.
    const local = join(home.project, ".claude", "settings.local.json");
    mkdirSync(dirname(local), { recursive: true });
    writeFileSync(
      local,
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "echo '{\"continue\":false}'" }] }] } }),
    );
    const other = (await doctor(home)).find((check) => check.label === "other hooks");
    // Listed, never failing: a user's own notification hook is the common case.
    expect(other?.ok).toBe(true);
    expect(other?.detail).toContain(
      `another Stop hook (\`echo '{"continue":false}'\`) can end the turn before goalpost's answer counts (${local})`,
    );
  });

  it("names goalpost's one hook taken out of settings that keep the rest", async () => {
    const home = fakeHome();
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    const settingsPath = join(home.configDir, "settings.json");
    const { Stop: _stop, ...rest } = read(settingsPath).hooks;
    writeFileSync(settingsPath, JSON.stringify({ ...read(settingsPath), hooks: rest }));
    expect((await doctor(home)).find((check) => check.label === "hooks")).toEqual({
      ok: false,
      label: "hooks",
      detail: expect.stringMatching(/^goalpost's Stop hook is not in it, so goalpost does not answer that event/),
    });
  });
});

describe("the status line", () => {
  const statusLineCheck = async (home: ReturnType<typeof fakeHome>) => {
    const { runDoctor } = await import("@goalpost/adapter-kit/install");
    const context = { adapter: claudeCodeAdapter, projectDir: home.project, cliPath: home.cliPath, env: home.env };
    return runDoctor(context).find((check) => check.label === "status line");
  };

  it("redraws on its own, alone or beside the user's line, keeps the user's own timer, and gives every setting back", () => {
    const home = fakeHome();
    const settingsPath = join(home.configDir, "settings.json");
    const options = { scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env };
    applyChanges(planInstall(options));
    expect(read(settingsPath).statusLine).toMatchObject({ type: "command", refreshInterval: 5 });
    applyChanges(planUninstall(options));
    expect(existsSync(settingsPath)).toBe(false);
    // A line of the user's with no timer: given one, so a close shows without a new message; taken out again.
    const mine = { statusLine: { type: "command", command: "echo mine" } };
    writeFileSync(settingsPath, JSON.stringify(mine));
    applyChanges(planInstall(options));
    expect(read(settingsPath).statusLine).toMatchObject({ refreshInterval: 5, command: expect.stringContaining("'echo mine'") });
    expect(planInstall(options)).toEqual([]);
    applyChanges(planUninstall(options));
    expect(read(settingsPath)).toEqual(mine);
    // A timer of the user's own, even goalpost's number: kept as it is, and still there after uninstall.
    for (const refreshInterval of [2, 5]) {
      const timed = { statusLine: { type: "command", command: "echo mine", refreshInterval } };
      writeFileSync(settingsPath, JSON.stringify(timed));
      applyChanges(planInstall(options));
      expect(read(settingsPath).statusLine.refreshInterval).toBe(refreshInterval);
      applyChanges(planUninstall(options));
      expect(read(settingsPath)).toEqual(timed);
    }
  });

  it("is goalpost's in user scope, and doctor says when a project's own status line is what Claude Code shows instead", async () => {
    const home = fakeHome();
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(await statusLineCheck(home)).toEqual({ ok: true, label: "status line", detail: "goalpost's goal line in user scope" });
    // The team's committed status line wins over the user's settings (docs/hosts/claude-code.md §12).
    const project = join(home.project, ".claude", "settings.json");
    mkdirSync(dirname(project), { recursive: true });
    writeFileSync(project, JSON.stringify({ statusLine: { type: "command", command: "echo team-line" } }));
    expect(await statusLineCheck(home)).toEqual({
      ok: false,
      label: "status line",
      detail: `goalpost's goal line in user scope, but ${project} (project scope) sets a status line of its own, which Claude Code shows instead: goalpost's status line is not seen here`,
    });
  });
});

describe("uninstall", () => {
  it("removes exactly what install added", () => {
    const home = fakeHome();
    const settingsPath = join(home.configDir, "settings.json");
    writeFileSync(settingsPath, `${JSON.stringify(userSettings, null, 2)}\n`);
    writeFileSync(join(home.configDir, ".claude.json"), `${JSON.stringify({ numStartups: 3 }, null, 2)}\n`);
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    applyChanges(planUninstall({ scope: "user", projectDir: home.project, env: home.env }));
    expect(read(settingsPath)).toEqual(userSettings);
    expect(read(join(home.configDir, ".claude.json"))).toEqual({ numStartups: 3 });
    expect(planUninstall({ scope: "user", projectDir: home.project, env: home.env })).toEqual([]);
  });

  it("keeps no backup of ~/.claude.json, which Claude Code rewrites at every start: nothing of goalpost's is left, and Claude Code's own state stays", () => {
    const home = fakeHome();
    const state = join(home.configDir, ".claude.json");
    writeFileSync(state, `${JSON.stringify({ numStartups: 3 }, null, 2)}\n`);
    const backups = applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(backups).not.toContain(`${state}.goalpost-backup`);
    expect(read(state).mcpServers.goalpost).toBeDefined();
    // Claude Code starts, and writes its own state back with goalpost's server in it.
    writeFileSync(state, JSON.stringify({ ...read(state), numStartups: 4, projects: { [home.project]: { allowedTools: [] } } }));
    applyChanges(planUninstall({ scope: "user", projectDir: home.project, env: home.env }));
    expect(read(state)).toEqual({ numStartups: 4, projects: { [home.project]: { allowedTools: [] } } });
    expect(existsSync(`${state}.goalpost-backup`)).toBe(false);
  });

  it("knows whether a scope still runs goalpost, by its own handlers only", () => {
    const home = fakeHome();
    const settingsPath = join(home.configDir, "settings.json");
    writeFileSync(settingsPath, JSON.stringify({ permissions: { allow: ["Bash(goalpost-claude-code hook Stop)"] } }));
    expect(scopeHasOwnHooks("user", home.project, home.env)).toBe(false);
    applyChanges(planInstall({ scope: "user", projectDir: home.project, cliPath: home.cliPath, env: home.env }));
    expect(scopeHasOwnHooks("user", home.project, home.env)).toBe(true);
    expect(scopeHasOwnHooks("project", home.project, home.env)).toBe(false);
  });

  it("keeps a user's handler that shares a group with goalpost's", () => {
    const home = fakeHome();
    const settingsPath = join(home.configDir, "settings.json");
    writeFileSync(
      settingsPath,
      JSON.stringify({
        hooks: {
          Stop: [
            {
              matcher: "",
              hooks: [
                { type: "command", command: "notify-me" },
                { type: "command", command: `node ${home.cliPath} hook Stop` },
              ],
            },
          ],
        },
      }),
    );
    applyChanges(planUninstall({ scope: "user", projectDir: home.project, env: home.env }));
    expect(read(settingsPath).hooks.Stop).toEqual([{ matcher: "", hooks: [{ type: "command", command: "notify-me" }] }]);
    expect(readdirSync(home.configDir)).toContain("settings.json.goalpost-backup");
  });
});
