// The hook server (hook-server.ts): real hooks of the example host through its built hook script,
// loader and Perl client, and the server they start as a real detached process (its pid from its pid file).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, packageDir } from "../__fixtures__/acme-copy.js";
import { alive, killStartedServers, serverCopy, trackServer, waitFor } from "../__fixtures__/server-copy.js";
import { removeTestdirs, testdir } from "../testing/index.js";

afterEach(() => {
  killStartedServers();
  removeTestdirs();
});

const hasPerl = spawnSync("perl", ["-e", "0"]).status === 0;
if (!hasPerl) console.warn("hook-server.test: no perl on PATH (Debian: apt-get install perl); the Perl client's tests skipped");

const openGoal = { prompt: "/goal Make the CSV importer stream files" };
const stop = {};
const shell = (command: string) => ({ tool: "sh", args: { command } });

type Client = "hook" | "perlHook";

/** A server killed with SIGKILL: the next hook, through `client`, answers all the same, and another server starts. */
async function answersAfterTheServerDies(client: Client) {
  const pkg = serverCopy();
  pkg.hook("user_prompt", openGoal);
  const first = await waitFor(pkg.serverPid, "the server");
  process.kill(first, "SIGKILL");
  await waitFor(() => !alive(first), "the server to die");
  expect(existsSync(pkg.socket)).toBe(true); // a dead server's socket stays behind

  const blocked = pkg[client]("stop", stop);
  expect(blocked.status, blocked.stderr).toBe(0);
  expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
  expect(await waitFor(pkg.serverPid, "another server")).not.toBe(first);
}

/** A new bundle under a running server: the hook, through `client`, answers with the new code; the old server ends, a new one starts. */
async function answersWithTheNewCodeAfterAnUpgrade(client: Client) {
  const pkg = serverCopy();
  pkg.hook("user_prompt", openGoal);
  const old = await waitFor(pkg.serverPid, "the server");
  // A new build: it says so as it loads (the bundle's last line ends the process once it answers).
  writeFileSync(pkg.bundle, `process.stderr.write("goalpost: the new bundle ran\\n");\n${readFileSync(pkg.bundle, "utf8")}`);

  const blocked = pkg[client]("stop", stop);
  expect(blocked.status).toBe(0);
  expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
  expect(blocked.stderr).toContain("the new bundle ran");
  await waitFor(() => !alive(old), "the old server to end");
  expect(await waitFor(pkg.serverPid, "a server of the new bundle")).not.toBe(old);
}

describe.skipIf(process.platform === "win32")("the hook server", { timeout: 60_000 }, () => {
  it("is started by the first hook, which answers itself, and answers the hooks after it", async () => {
    const pkg = serverCopy();
    const opened = pkg.hook("user_prompt", openGoal);
    expect(opened.status, opened.stderr).toBe(0);
    expect(opened.stdout).toContain("Make the CSV importer stream files");
    const pid = await waitFor(pkg.serverPid, "the server");
    expect(pid).not.toBe(process.pid);
    // With a small young generation, so that its heap settles near its fresh size (detached-start.ts).
    if (process.platform === "linux")
      expect(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toContain("--max-semi-space-size=1");

    // Without its code cache, a hook that ran itself would make one again; one the server answers does not.
    for (const file of pkg.codeCaches()) rmSync(join(pkg.fastPathDir, file));
    const blocked = pkg.hook("stop", stop);
    expect(blocked.status, blocked.stderr).toBe(0);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
    expect(blocked.stderr).toBe("");
    expect(pkg.codeCaches()).toEqual([]);
    expect(pkg.serverPid()).toBe(pid);
  });

  it("answers each hook in that hook's own environment", async () => {
    const pkg = serverCopy();
    pkg.hook("user_prompt", openGoal);
    await waitFor(pkg.serverPid, "the server");
    // The kill switch in this hook's environment only: the server must see it, and forget it after.
    const off = pkg.hook("stop", stop, { GOALPOST_DISABLED: "1" });
    expect(off.status).toBe(0);
    expect(off.stdout).toBe("");
    expect(JSON.parse(pkg.hook("stop", stop).stdout)).toMatchObject({ block: expect.any(String) });
  });

  it("takes hooks that arrive at once one at a time, and counts each once", async () => {
    const pkg = serverCopy();
    pkg.hook("user_prompt", openGoal);
    await waitFor(pkg.serverPid, "the server");
    // Drift limits out of the way, so every call is counted and none denied.
    writeFileSync(join(pkg.root, "state", "config.json"), JSON.stringify({ driftWarnAt: 1000, driftDenyAt: 1000 }));
    const before = pkg.session()!.counters.toolCalls;
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => pkg.hookAsync("before_tool", shell(`node build-part-${i}.js`))),
    );
    expect(answers.map((answer) => [answer.status, answer.stdout])).toEqual(Array(16).fill([0, ""]));
    expect(pkg.session()!.counters.toolCalls).toBe(before + 16);
  });

  it("is replaced when it dies: the next hook answers itself and starts another", () => answersAfterTheServerDies("hook"));

  it("refuses hooks once its bundle changes (an upgrade), which answer with the new code, and ends", () =>
    answersWithTheNewCodeAfterAnUpgrade("hook"));

  it("ends on SIGTERM, SIGINT or SIGHUP and takes its socket and pid file with it", async () => {
    const pkg = serverCopy();
    for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
      pkg.hook("user_prompt", openGoal);
      const pid = await waitFor(pkg.serverPid, "the server");
      process.kill(pid, signal);
      await waitFor(() => !alive(pid), `the server to end on ${signal}`);
      expect(existsSync(pkg.socket), signal).toBe(false);
      expect(existsSync(join(pkg.fastPathDir, `${BIN}-hooks.pid`)), signal).toBe(false);
    }
  });

  it("killed outright, costs the next hook no more than no server: the script goes straight to Node, which clears it and starts another", async () => {
    const pkg = serverCopy();
    pkg.scriptHook("user_prompt", openGoal);
    const first = await waitFor(pkg.serverPid, "the server");
    process.kill(first, "SIGKILL");
    await waitFor(() => !alive(first), "the server to die");
    expect(existsSync(pkg.socket)).toBe(true); // left behind: nothing of a killed process runs
    // `perl` on PATH is a shim that notes every start: a stale socket must not send the hook there.
    const shims = join(pkg.root, "shims");
    mkdirSync(shims);
    const log = join(pkg.root, "perl-starts.log");
    const realPerl = spawnSync("/bin/sh", ["-c", "command -v perl"], { encoding: "utf8" }).stdout.trim();
    writeFileSync(join(shims, "perl"), `#!/bin/sh\necho start >> "${log}"\nexec "${realPerl || "/usr/bin/perl"}" "$@"\n`, {
      mode: 0o755,
    });
    const path = `${shims}:${pkg.env.PATH}`;
    const blocked = pkg.scriptHook("stop", stop, { PATH: path });
    expect([blocked.status, blocked.stderr]).toEqual([0, ""]);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
    expect(existsSync(log)).toBe(false);
    // Another server starts, and the hook after it goes to it (through Perl, where there is one).
    const second = await waitFor(pkg.serverPid, "another server");
    expect(second).not.toBe(first);
    expect(JSON.parse(pkg.scriptHook("stop", stop, { PATH: path }).stdout)).toMatchObject({ block: expect.any(String) });
    if (hasPerl) expect(readFileSync(log, "utf8")).toBe("start\n");
  });

  it("ends when its socket is removed (uninstall removes the folder)", async () => {
    const pkg = serverCopy();
    pkg.hook("user_prompt", openGoal);
    const pid = await waitFor(pkg.serverPid, "the server");
    rmSync(pkg.socket);
    await waitFor(() => !alive(pid), "the server to end");
    expect(existsSync(join(pkg.fastPathDir, `${BIN}-hooks.pid`))).toBe(false);
  });

  it("leaves nothing behind in a state folder removed under it (uninstall's)", async () => {
    const pkg = serverCopy();
    pkg.hook("user_prompt", openGoal);
    const first = await waitFor(pkg.serverPid, "the server");
    // A server that started before any code cache was made (as the first hook's may: it writes its cache as it exits).
    process.kill(first, "SIGKILL");
    await waitFor(() => !alive(first), "the server to die");
    for (const file of readdirSync(pkg.fastPathDir)) rmSync(join(pkg.fastPathDir, file));
    pkg.startServer();
    const pid = await waitFor(pkg.serverPid, "a server without a code cache");
    rmSync(pkg.fastPathDir, { recursive: true });
    await waitFor(() => !alive(pid), "the server to end");
    expect(existsSync(pkg.fastPathDir)).toBe(false);
  });

  it("serves a state root whose socket's path is longer than a socket's address holds", async () => {
    const pkg = serverCopy("a-folder-name-long-enough-that-the-socket-path-passes-the-limit".repeat(2));
    expect(pkg.socket.length).toBeGreaterThan(150);
    pkg.hook("user_prompt", openGoal);
    await waitFor(pkg.serverPid, "the server");
    for (const file of pkg.codeCaches()) rmSync(join(pkg.fastPathDir, file));
    const asks = [
      () => pkg.hook("stop", stop),
      ...(spawnSync("perl", ["-e", "0"]).status === 0 ? [() => pkg.perlHook("stop", stop)] : []),
    ];
    for (const ask of asks) {
      const blocked = ask();
      expect([blocked.status, blocked.stderr]).toEqual([0, ""]);
      expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
    }
    expect(pkg.codeCaches()).toEqual([]); // both were answered by the server
  });

  it("is neither started nor used with GOALPOST_HOOK_SERVER=0", async () => {
    const pkg = serverCopy();
    const opened = pkg.hook("user_prompt", openGoal, { GOALPOST_HOOK_SERVER: "0" });
    expect(opened.stdout).toContain("Make the CSV importer stream files");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(existsSync(pkg.socket)).toBe(false);
  });

  describe.skipIf(!hasPerl)("through the Perl client", () => {
    it("asks the server, in the hook's own environment", async () => {
      const pkg = serverCopy();
      pkg.hook("user_prompt", openGoal);
      await waitFor(pkg.serverPid, "the server");
      for (const file of pkg.codeCaches()) rmSync(join(pkg.fastPathDir, file));
      const blocked = pkg.perlHook("stop", stop);
      expect(blocked.status, blocked.stderr).toBe(0);
      expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
      expect(blocked.stderr).toBe("");
      expect(pkg.codeCaches()).toEqual([]); // the server answered: no Node compiled the bundle
      const off = pkg.perlHook("stop", stop, { GOALPOST_DISABLED: "1" });
      expect([off.status, off.stdout]).toEqual([0, ""]);
      // A tool call, counted by the server.
      writeFileSync(join(pkg.root, "state", "config.json"), JSON.stringify({ driftWarnAt: 1000, driftDenyAt: 1000 }));
      const before = pkg.session()!.counters.toolCalls;
      expect(pkg.perlHook("before_tool", shell("node build.js")).status).toBe(0);
      expect(pkg.session()!.counters.toolCalls).toBe(before + 1);
    });

    it("carries a 2 MB payload, and text beyond ASCII both ways, intact", async () => {
      const pkg = serverCopy();
      pkg.hook("user_prompt", openGoal);
      await waitFor(pkg.serverPid, "the server");
      const big = "é".repeat(1_000_000); // 2 MB of UTF-8
      const prompt = pkg.perlHook("user_prompt", { prompt: `/goal Stream ${big.slice(0, 40)} files` });
      expect(prompt.status, prompt.stderr).toBe(0);
      expect(prompt.stdout).toContain(`Stream ${big.slice(0, 40)} files`);
      const post = pkg.perlHook("after_tool", { ...shell(`printf '%s' ${big.slice(0, 10)}`), ok: true, output: big });
      expect([post.status, post.stderr]).toEqual([0, ""]);
    });

    it("runs the hook itself through the loader when the server is gone, and another server starts", () =>
      answersAfterTheServerDies("perlHook"));

    it("hands the payload it read to the loader when the server refuses (an upgrade)", () =>
      answersWithTheNewCodeAfterAnUpgrade("perlHook"));
  });

  it("is what doctor reports on: running, not running, or switched off", async () => {
    // goalpost installed by its own bin into a fake Acme home, as a user has it.
    const root = testdir({ acme: {}, project: { "README.md": "# p\n" } });
    const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: root, ACME_HOME: join(root, "acme") };
    const bin = (args: string[], more: Record<string, string> = {}) =>
      spawnSync(process.execPath, [join(packageDir, "dist", `${BIN}.js`), ...args], {
        env: { ...env, ...more },
        encoding: "utf8",
        timeout: 60_000,
      });
    expect(bin(["install"]).status).toBe(0);
    const says = (more: Record<string, string> = {}) =>
      bin(["doctor"], more)
        .stdout.split("\n")
        .find((line) => line.includes("hook server"));
    expect(says()).toMatch(/^✓ hook server: not running: the next hook starts it/);
    expect(says({ GOALPOST_HOOK_SERVER: "0" })).toBe(
      "✓ hook server: off (GOALPOST_HOOK_SERVER=0): every hook runs in its own process",
    );

    const { hooks } = JSON.parse(readFileSync(join(root, "acme", "settings.jsonc"), "utf8")) as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };
    const payload = { session: "s-1", dir: join(root, "project") };
    const prompt = spawnSync("/bin/sh", ["-c", hooks["user_prompt"]!.at(-1)!.hooks[0]!.command], {
      env,
      input: JSON.stringify({ ...payload, event: "user_prompt", prompt: "/goal Report the server" }),
      encoding: "utf8",
    });
    expect(prompt.stdout).toContain("Report the server");
    const pidFile = join(root, "acme", "goalpost", "fast-path", `${BIN}-hooks.pid`);
    const pid = await waitFor(() => (existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8")) : 0), "the server");
    trackServer(pid);
    expect(says()).toMatch(new RegExp(`^✓ hook server: running \\(pid ${pid}, \\S+hooks\\.sock\\): hooks go to it`));

    // The installed command while it listens: through Perl, and through the loader where there is no Perl.
    const noPerl = join(root, "no-perl");
    mkdirSync(noPerl);
    symlinkSync(process.execPath, join(noPerl, "node"));
    const stop = (path: string) =>
      spawnSync("/bin/sh", ["-c", hooks["stop"]!.at(-1)!.hooks[0]!.command], {
        env: { ...env, PATH: path },
        input: JSON.stringify({ ...payload, event: "stop" }),
        encoding: "utf8",
      });
    for (const path of [env.PATH, noPerl]) {
      const blocked = stop(path);
      expect([blocked.status, blocked.stderr]).toEqual([0, ""]);
      expect(JSON.parse(blocked.stdout)).toMatchObject({ block: expect.any(String) });
    }
  });
});
