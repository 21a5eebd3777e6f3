// A known open goal is never dropped by a fault of the store: the example host's installed commands,
// run as a host runs them, against a state root that is full, read-only, damaged, locked by nobody
// alive, or reached without HOME. Each stop must still be refused, within the host's timeout, and the
// problem said where the user and doctor will see it.
import { spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoalStore } from "@goalpost/core";
import { afterEach, describe, expect, it } from "vitest";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "../testing/index.js";
import { readHookFaults } from "./fault-records.js";

const BIN = fileURLToPath(new URL("../../examples/example-host/dist/goalpost-acme.cjs", import.meta.url));
const mounts: string[] = [];
afterEach(() => {
  for (const mount of mounts.splice(0)) spawnSync("umount", ["-l", mount]);
  removeTestdirs();
});

/** A small tmpfs at `dir` (the way to a full or read-only disk for real); false where this machine may not mount. */
function tmpfs(dir: string, size: string): boolean {
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]).status === 0;
  if (mounted) mounts.push(dir);
  return mounted;
}
const canMount = (() => {
  if (process.platform !== "linux") return false;
  const probe = testdir();
  const ok = tmpfs(probe, "64k");
  for (const mount of mounts.splice(0)) spawnSync("umount", ["-l", mount]);
  return ok;
})();
if (!canMount)
  console.warn("store-faults.test: this machine may not mount a tmpfs; the full and read-only disk cases are skipped");

/** The example host installed, its hooks run as Acme runs them, its state in `state` (GOALPOST_HOME) when given. */
function installed(state?: string) {
  const root = testdir({ acme: {}, project: {} });
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    HOME: root,
    ACME_HOME: join(root, "acme"),
    GOALPOST_HOOK_SERVER: "0",
    ...(state ? { GOALPOST_HOME: state } : {}),
  };
  const install = spawnSync(process.execPath, [BIN, "install"], { env, encoding: "utf8" });
  expect(install.status, install.stderr).toBe(0);
  const settings = JSON.parse(readFileSync(join(root, "acme", "settings.jsonc"), "utf8")) as { hooks: unknown };
  const hooks = installedHookCommands(settings.hooks, "goalpost-acme");
  const home = state ?? join(root, "acme", "goalpost");
  const send = (event: string, fields: Record<string, unknown> = {}, runEnv: Record<string, string> = env) => {
    const started = Date.now();
    const run = runInstalledHook(hooks[event]!, { event, session: "s1", dir: join(root, "project"), ...fields }, { env: runEnv });
    return { ...run, ms: Date.now() - started };
  };
  const open = () => {
    const opened = send("user_prompt", { prompt: "/goal ship the streaming parser" });
    expect(opened.stdout, opened.stderr).toContain("ship the streaming parser");
  };
  return { root, home, env, send, open };
}

const refused = { output: { block: expect.stringMatching(/should not stop/) } };

describe.skipIf(process.platform === "win32")("an open goal and a store that fails", { timeout: 60_000 }, () => {
  it.skipIf(!canMount)("a full disk (ENOSPC): the stop is refused from what can be read, and the user told", () => {
    const state = testdir();
    expect(tmpfs(state, "256k")).toBe(true);
    const acme = installed(state);
    acme.open();
    // Fill it: one file grown until the disk refuses.
    const fill = openSync(join(state, "fill"), "w");
    try {
      for (;;) writeSync(fill, Buffer.alloc(16 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    } finally {
      closeSync(fill);
    }
    const stop = acme.send("stop");
    expect(stop).toMatchObject(refused);
    expect(stop.stderr).toMatch(/could not record this stop .*the stop was refused/);
    expect(stop.ms).toBeLessThan(8_000);
  });

  it.skipIf(!canMount)("a read-only state root: the stop is refused, and the user told", () => {
    const state = testdir();
    expect(tmpfs(state, "1m")).toBe(true);
    const acme = installed(state);
    acme.open();
    expect(spawnSync("mount", ["-o", "remount,ro", state]).status).toBe(0);
    const stop = acme.send("stop");
    expect(stop).toMatchObject(refused);
    expect(stop.stderr).toMatch(/could not record this stop/);
  });

  for (const [damage, text] of [
    ["truncated", '{"schemaVersion":1,"sessionId":"s1","goals":[{"id":'],
    ["garbage", "\u0000\u0007 not json at all"],
  ] as const) {
    it(`a ${damage} session file: the goal is kept (from the continuation index), its stop refused, the user and doctor told`, () => {
      const acme = installed();
      acme.open();
      const store = createGoalStore({ root: acme.home });
      const id = store.peek("s1")!.activeGoalId;
      writeFileSync(store.sessionPath("s1"), text);
      const stop = acme.send("stop");
      expect(stop).toMatchObject(refused);
      expect(stop.stderr).toMatch(new RegExp(`open goal ${id} of session s1 was kept from its damaged file`));
      // Written back: every later reader (status, the next hook) sees the goal, by its id and objective.
      const kept = createGoalStore({ root: acme.home }).peek("s1")!;
      expect(kept.activeGoalId).toBe(id);
      expect(kept.goals.find((goal) => goal.id === id)?.objective).toBe("ship the streaming parser");
      expect(readdirSync(join(acme.home, "by-session")).some((name) => name.startsWith("s1.json.corrupt-"))).toBe(true);
      expect(
        readHookFaults(acme.home)
          .map((fault) => fault.message)
          .join("\n"),
      ).toMatch(/kept from its damaged file/);
    });
  }

  it("an empty lock dated in the future, or one naming a live process that is not goalpost's: taken over at once", () => {
    const acme = installed();
    acme.open();
    const lock = join(acme.home, "locks", "s1.lock");
    mkdirSync(join(acme.home, "locks"), { recursive: true });
    writeFileSync(lock, "");
    const later = new Date(Date.now() + 24 * 60 * 60_000);
    utimesSync(lock, later, later);
    const first = acme.send("stop");
    expect(first).toMatchObject(refused);
    expect(first.ms).toBeLessThan(2_000);
    // A pid alone is not a lock goalpost writes (its are "<pid> <time> <random>"): nothing of goalpost's holds it.
    writeFileSync(lock, `${process.pid}`);
    const second = acme.send("stop");
    expect(second).toMatchObject(refused);
    expect(second.ms).toBeLessThan(2_000);
    expect(createGoalStore({ root: acme.home }).peek("s1")!.goals.at(-1)!.stopStreak.count).toBe(2);
  });

  it("a lock whose live owner never lets go: after the wait, the stop is still refused", () => {
    const acme = installed();
    acme.open();
    mkdirSync(join(acme.home, "locks"), { recursive: true });
    writeFileSync(join(acme.home, "locks", "s1.lock"), `${process.pid} ${Date.now()} held-by-the-test`);
    const stop = acme.send("stop");
    expect(stop).toMatchObject(refused);
    expect(stop.stderr).toMatch(/could not record this stop \(Timed out/);
  });

  it("no HOME: the hooks keep the state root they were installed with", () => {
    const acme = installed();
    acme.open();
    const stop = acme.send("stop", {}, { PATH: acme.env["PATH"]!, GOALPOST_HOOK_SERVER: "0" });
    expect(stop).toMatchObject(refused);
    expect(existsSync(join(acme.root, ".acme"))).toBe(false);
  });
});
