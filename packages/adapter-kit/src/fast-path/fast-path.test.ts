// The no-goal fast path, run as a host runs installed hooks: with no goal open anywhere the command
// answers without starting Node; an open goal (opened by any process, at any time) is never skipped.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoalStore } from "@goalpost/core";
import { closeGoal, createGoal } from "@goalpost/core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { hookCommand, shellWord } from "../installing/hook-command.js";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "../testing/index.js";

const BIN = fileURLToPath(new URL("../../examples/example-host/dist/goalpost-acme.cjs", import.meta.url));
afterEach(removeTestdirs);

function installed() {
  const root = testdir({ acme: {}, project: {}, shim: {} });
  const log = join(root, "node-starts.log");
  // `node` on PATH is a shim that notes every start, then runs the real Node.
  const shim = join(root, "shim", "node");
  writeFileSync(shim, `#!/bin/sh\necho start >> "${log}"\nexec "${process.execPath}" "$@"\n`);
  chmodSync(shim, 0o755);
  // Without the hook server, so that every hook past the shell's gate starts Node (the server's own path is tested apart).
  const env = {
    PATH: `${join(root, "shim")}:/usr/bin:/bin`,
    HOME: root,
    ACME_HOME: join(root, "acme"),
    GOALPOST_HOOK_SERVER: "0",
  };
  const install = spawnSync(process.execPath, [BIN, "install"], { env, encoding: "utf8" });
  expect(install.status, install.stderr).toBe(0);
  const settings = JSON.parse(readFileSync(join(root, "acme", "settings.jsonc"), "utf8")) as { hooks: unknown };
  const hooks = installedHookCommands(settings.hooks, "goalpost-acme");
  const starts = () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean).length : 0);
  const send = (event: string, session: string, fields: Record<string, unknown> = {}, extraEnv = {}) => {
    const before = starts();
    const run = runInstalledHook(
      hooks[event]!,
      { event, session, dir: join(root, "project"), ...fields },
      { env: { ...env, ...extraEnv } },
    );
    return { ...run, startedNode: starts() > before };
  };
  const store = createGoalStore({ root: join(root, "acme", "goalpost") });
  return { root, hooks, send, store };
}

describe("the no-goal fast path", { timeout: 60_000 }, () => {
  it("answers without starting Node while no goal is open, and starts it for goal tools", () => {
    const { send, hooks } = installed();
    expect(hooks["before_tool"]).toMatch(/^h=\S+; set -- before_tool \S+ fast; \. "\$h\/goalpost-acme-hook\.sh"$/);
    expect(hooks["user_prompt"]).toMatch(/^h=\S+; set -- user_prompt \S+; \. "\$h\/goalpost-acme-hook\.sh"$/);
    const quiet = send("before_tool", "s1", { tool: "sh", args: { command: "ls" } });
    expect(quiet).toMatchObject({ status: 0, stdout: "", startedNode: false });
    expect(send("after_tool", "s1", { tool: "sh", args: { command: "ls" }, ok: true })).toMatchObject({ startedNode: false });
    // A stop is never answered by the gate: it is decided from the session's own file.
    expect(send("stop", "s1")).toMatchObject({ status: 0, stdout: "", startedNode: true });
    expect(send("before_tool", "s1", { tool: "mcp_goalpost_goalpost_open", args: {} }).startedNode).toBe(true);
  });

  it("refuses a stop with a goal open even when the open marker was deleted, and puts the marker back", () => {
    const { send, root } = installed();
    send("user_prompt", "s1", { prompt: "/goal ship the parser" });
    rmSync(join(root, "acme", "goalpost", "open", "s1"));
    // Tool calls take the gate while the marker is gone …
    expect(send("before_tool", "s1", { tool: "sh", args: { command: "ls" } }).startedNode).toBe(false);
    // … but the stop reads the session file, refuses, and the marker is back for the next call.
    expect(send("stop", "s1")).toMatchObject({ output: { block: expect.stringMatching(/should not stop/) } });
    expect(existsSync(join(root, "acme", "goalpost", "open", "s1"))).toBe(true);
    expect(send("before_tool", "s1", { tool: "sh", args: { command: "ls" } }).startedNode).toBe(true);
  });

  it("never skips an open goal: one captured by a hook, one opened by another process between two hooks", () => {
    const { send, store } = installed();
    // A goal captured through the prompt hook (which always starts Node) is enforced at once.
    send("user_prompt", "s1", { prompt: "/goal ship the parser" });
    expect(send("stop", "s1")).toMatchObject({ startedNode: true, output: { block: expect.stringMatching(/should not stop/) } });
    // Another session with no goal of its own starts Node too while any goal is open (and gets no decision).
    const ls = { tool: "sh", args: { command: "ls" } };
    expect(send("before_tool", "s2", ls)).toMatchObject({ startedNode: true, stdout: "" });
    // Closed: the fast path is back.
    store.update({ sessionId: "s1", host: "acme", cwd: "/" }, (session) => {
      session.goals = session.goals.map((goal) => (goal.closedAt === null ? closeGoal(goal, { status: "cancelled" }) : goal));
    });
    expect(send("before_tool", "s1", ls).startedNode).toBe(false);
    // A goal opened by another process (a goal tool, the user's CLI) between two hooks.
    store.update({ sessionId: "s3", host: "acme", cwd: "/" }, (session) => {
      session.goals.push(createGoal({ sessionId: "s3", host: "acme", cwd: "/", objective: "ship it", source: "api" }));
    });
    expect(send("before_tool", "s3", ls).startedNode).toBe(true);
    expect(send("stop", "s3")).toMatchObject({ startedNode: true, output: { block: expect.any(String) } });
  });

  it("honours GOALPOST_HOME at run time, and starts Node when the markers folder is missing", () => {
    const { send } = installed();
    const elsewhere = testdir();
    const other = createGoalStore({ root: elsewhere });
    other.update({ sessionId: "s9", host: "acme", cwd: "/" }, (session) => {
      session.goals.push(createGoal({ sessionId: "s9", host: "acme", cwd: "/", objective: "ship it", source: "api" }));
    });
    expect(send("stop", "s9", {}, { GOALPOST_HOME: elsewhere })).toMatchObject({
      startedNode: true,
      output: { block: expect.any(String) },
    });
    expect(send("stop", "s9", {}, { GOALPOST_HOME: testdir() }).startedNode).toBe(true);
  });
});

describe("wake words", { timeout: 60_000 }, () => {
  it("start Node on a fast event with no goal open when the payload names one, and must be plain words", () => {
    const { root, hooks } = installed();
    const dist = /^h=(\S+);/.exec(hooks["after_tool"]!)![1]!;
    // The loader replaced by one that says it ran: only the shell's decision is under test here.
    const fake = join(root, "fake-dist");
    spawnSync("/bin/sh", [
      "-c",
      `mkdir -p "${fake}" && cp "${dist}/goalpost-acme-hook.sh" "${fake}/" && printf 'process.stdout.write(JSON.stringify({woke:true}))' > "${fake}/goalpost-acme-hook.cjs"`,
    ]);
    const env = { PATH: "/usr/bin:/bin", GOALPOST_HOME: testdir({ open: {} }) };
    for (const loginShell of [false, true]) {
      const command = hookCommand(fake, "goalpost-acme", "after_tool", "/r", {
        fast: true,
        wakeWords: ["create_goal"],
        loginShell,
      });
      expect(command).toMatch(/ fast create_goal/);
      expect(runInstalledHook(command, { tool: "create_goal" }, { env }).output).toEqual({ woke: true });
      expect(runInstalledHook(command, { tool: "sh" }, { env }).output).toBeNull();
      // Anywhere in a long payload (a tool's large output).
      const long = "x".repeat(20_000);
      expect(runInstalledHook(command, { tool: "sh", output: `${long} create_goal` }, { env }).output).toEqual({ woke: true });
    }
    expect(() => hookCommand("/x", "goalpost-acme", "stop", "/r", { fast: true, wakeWords: ["a*) rm -rf /;;"] })).toThrow(
      /only letters/,
    );
  });
});

describe("the command's words, for hosts that run hooks with the user's login shell (Codex)", () => {
  it("read the same in sh, bash, zsh and fish whatever quotes, spaces and backslashes a path holds", () => {
    const paths = ["/plain/path-1.sh", "/with space/it's/a\\b/$HOME/x.sh"];
    const command = `printf '%s|' ${paths.map(shellWord).join(" ")}`;
    // fish (when installed) reads these words the same way: it was checked by hand with fish 3.6.
    for (const shell of ["/bin/sh", "/bin/bash", "/usr/bin/zsh", "/usr/bin/fish"].filter((path) => existsSync(path)))
      expect(spawnSync(shell, ["-c", command], { encoding: "utf8" }).stdout, shell).toBe(`${paths.join("|")}|`);
    expect(shellWord("/plain/path-1.sh")).toBe("/plain/path-1.sh");
  });
});
