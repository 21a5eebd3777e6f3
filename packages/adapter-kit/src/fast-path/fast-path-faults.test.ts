// The installed hook command against faults in the fast path's own files and surroundings: a folder at
// the hook server's socket path, a read-only state root with a dead server's socket left on it, no
// `node` on the hook's PATH. Each hook must exit 0 with at most one line on stderr, a stop with the goal
// open must be refused, the next healthy moment must bring a server back, and nothing may be left behind.

import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { canMount, installedAcme, tmpfs, unmountAll } from "../__fixtures__/installed-acme.js";
import { alive, killStartedServers, trackServer, waitFor } from "../__fixtures__/server-copy.js";
import { removeTestdirs, testdir } from "../testing/index.js";

afterEach(() => {
  killStartedServers();
  unmountAll();
  removeTestdirs();
});

const BIN = "goalpost-acme";
const refused = { status: 0, output: { block: expect.stringMatching(/should not stop/) } };
const lines = (text: string) => text.split("\n").filter(Boolean);

/** The example host installed with its hook server on, a goal open, and the server it started. */
async function withGoalAndServer(state?: string) {
  const acme = installedAcme(state, { hookServer: true });
  acme.open();
  const fastPath = join(acme.home, "fast-path");
  const socket = join(fastPath, `${BIN}-hooks.sock`);
  const pidFile = join(fastPath, `${BIN}-hooks.pid`);
  const serverPid = () => {
    try {
      const pid = Number(readFileSync(pidFile, "utf8"));
      return pid > 0 && alive(pid) ? pid : undefined;
    } catch {
      return undefined;
    }
  };
  const pid = await waitFor(serverPid, "the hook server");
  trackServer(pid);
  /** Kills the server outright: its socket and pid file stay behind, as after a crash. */
  const killServer = async () => {
    const running = serverPid();
    if (running === undefined) return;
    process.kill(running, "SIGKILL");
    await waitFor(() => !alive(running), "the server to die");
  };
  return { ...acme, fastPath, socket, serverPid, killServer };
}

describe.skipIf(process.platform !== "linux")("the installed hook, its fast path faulted", { timeout: 60_000 }, () => {
  it("a folder at the socket's path: every hook answers, the stop is refused, and a server comes back in its place", async () => {
    const acme = await withGoalAndServer();
    await acme.killServer();
    rmSync(acme.socket, { force: true });
    mkdirSync(join(acme.socket, "left-by-a-crashed-tool"), { recursive: true });
    const stop = acme.send("stop");
    expect(stop).toMatchObject(refused);
    expect(lines(stop.stderr).length).toBeLessThanOrEqual(1);
    const tool = acme.send("before_tool", { tool: "sh", args: { command: "ls" } });
    expect(tool.status).toBe(0);
    expect(lines(tool.stderr).length).toBeLessThanOrEqual(1);
    // The next hook brought a server back, listening where the folder was; nothing else is left.
    const fresh = await waitFor(acme.serverPid, "a fresh server");
    trackServer(fresh);
    expect(spawnSync("test", ["-S", acme.socket]).status).toBe(0);
    // No folder, nor anything of the crashed tool's, is left in goalpost's fast-path folder.
    const folders = readdirSync(acme.fastPath, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name)).toEqual([]);
    expect(acme.send("stop")).toMatchObject(refused);
  });

  it.skipIf(!canMount)(
    "a read-only state root with a dead server's socket on it: the stop is refused in one line, and a server comes back once it is writable",
    async () => {
      const state = testdir();
      expect(tmpfs(state, "4m")).toBe(true);
      const acme = await withGoalAndServer(state);
      await acme.killServer();
      expect(spawnSync("mount", ["-o", "remount,ro", state]).status).toBe(0);
      for (const _ of [1, 2]) {
        const stop = acme.send("stop");
        expect(stop).toMatchObject(refused);
        expect(lines(stop.stderr).length, stop.stderr).toBeLessThanOrEqual(1);
        const tool = acme.send("before_tool", { tool: "sh", args: { command: "ls" } });
        expect(tool.status).toBe(0);
        expect(tool.stderr).not.toMatch(/\n\s+at /); // no stack trace
      }
      expect(spawnSync("mount", ["-o", "remount,rw", state]).status).toBe(0);
      expect(acme.send("stop")).toMatchObject(refused);
      trackServer(await waitFor(acme.serverPid, "a fresh server"));
    },
  );

  it("no node on the hook's PATH: the hook runs with the Node that installed goalpost; with none there either, the stop is refused from the shell", async () => {
    const acme = await withGoalAndServer();
    await acme.killServer();
    // A PATH with the shell's tools and Perl, but no node.
    const bare = testdir();
    for (const tool of ["cat", "perl"]) {
      const found = spawnSync("/bin/sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
      if (found) symlinkSync(found, join(bare, tool));
    }
    const noNode = { ...acme.env, PATH: bare };
    const recorded = join(acme.fastPath, `${BIN}-without-node`);
    expect(readFileSync(recorded, "utf8")).toMatch(
      new RegExp(`^node ${process.execPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\n`),
    );
    const withRecorded = acme.send("stop", {}, noNode);
    expect(withRecorded).toMatchObject(refused);
    expect(withRecorded.stdout).toMatch(/still/); // the engine's own answer, not the shell's
    expect(withRecorded.stderr).toBe("");

    // The recorded Node gone too (a version manager removed it): the shell answers. The run above
    // started a server with the recorded Node, detached and maybe not up yet: waited for, then killed,
    // so that none comes up later to answer in the shell's place.
    trackServer(await waitFor(acme.serverPid, "the server the recorded Node started"));
    await acme.killServer();
    const text = readFileSync(recorded, "utf8");
    writeFileSync(recorded, text.replace(/^node .*$/m, "node /nonexistent/bin/node"));
    const stop = acme.send("stop", {}, noNode);
    expect(stop).toMatchObject(refused);
    expect(stop.stdout).toMatch(/found no Node/);
    expect(lines(stop.stderr)).toEqual([expect.stringMatching(/^goalpost: no node on this hook's PATH/)]);
    // Another session, with no goal: its stop goes through; a tool call gets no decision.
    const other = acme.send("stop", { session: "s-other" }, noNode);
    expect(other).toMatchObject({ status: 0, output: null });
    const tool = acme.send("before_tool", { tool: "sh", args: { command: "ls" } }, noNode);
    expect(tool).toMatchObject({ status: 0, output: null });
    expect(lines(tool.stderr).length).toBe(1);
    // Node back on the PATH: the hook is goalpost's again, and a server starts.
    expect(acme.send("stop")).toMatchObject(refused);
    trackServer(await waitFor(acme.serverPid, "a fresh server"));
  });
});
