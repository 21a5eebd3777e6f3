// A known open goal is never dropped by a fault of the store: the example host's installed commands,
// run as a host runs them, against a state root that is full, read-only, damaged, locked by nobody
// alive, or reached without HOME. Each stop must still be refused, within the host's timeout, and the
// problem said where the user and doctor will see it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoalStore } from "@goalpost/core";
import { afterEach, describe, expect, it } from "vitest";
import { canMount, installedAcme, tmpfs, unmountAll } from "../__fixtures__/installed-acme.js";
import { removeTestdirs, testdir } from "../testing/index.js";
import { readHookFaults } from "./fault-records.js";

/** core's built module, for a process of goalpost's own that takes a lock. */
const CORE = fileURLToPath(new URL("../../../core/dist/internal.js", import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  unmountAll();
  removeTestdirs();
});

if (!canMount)
  console.warn("store-faults.test: this machine may not mount a tmpfs; the full and read-only disk cases are skipped");

const installed = (state?: string) => installedAcme(state);

/** Every file below `dir`, by its path from it. */
const filesBelow = (dir: string) => readdirSync(dir, { recursive: true, encoding: "utf8" });

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
    // Room again: the next hooks leave no temporary file of a write the full disk cut short.
    rmSync(join(state, "fill"));
    expect(acme.send("stop")).toMatchObject(refused);
    expect(filesBelow(state).filter((name) => name.endsWith(".tmp"))).toEqual([]);
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

  it("a lock its owner left that now names a stranger (its pid reused), dated in the future, or empty: taken over at once", async () => {
    const acme = installed();
    acme.open();
    const lock = join(acme.home, "locks", "s1.lock");
    mkdirSync(join(acme.home, "locks"), { recursive: true });
    // A real lock of goalpost's: taken by a process of core's that is then killed holding it.
    const holder = spawn(process.execPath, [
      "--input-type=module",
      "-e",
      `import { withFileLock } from ${JSON.stringify(CORE)}; withFileLock(process.argv[1], () => { console.log("held"); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000); });`,
      lock,
    ]);
    children.push(holder);
    await new Promise((resolve) => holder.stdout.once("data", resolve));
    const owner = readFileSync(lock, "utf8");
    holder.kill("SIGKILL");
    // Its pid now names a live process that is not goalpost's (a long-running program that took it).
    const stranger = spawn("sleep", ["60"]);
    children.push(stranger);
    writeFileSync(lock, owner.replace(/^\d+/, String(stranger.pid)));
    const first = acme.send("stop");
    expect(first).toMatchObject(refused);
    expect(first.ms).toBeLessThan(2_000);
    expect(first.stderr).toBe("");
    // Dated a day ahead, naming a live process: no live writer made it.
    writeFileSync(lock, `${stranger.pid} ${Date.now() + 24 * 60 * 60_000} forged`);
    const second = acme.send("stop");
    expect(second).toMatchObject(refused);
    expect(second.ms).toBeLessThan(2_000);
    // An empty one with a file time in the future.
    writeFileSync(lock, "");
    const later = new Date(Date.now() + 24 * 60 * 60_000);
    utimesSync(lock, later, later);
    const third = acme.send("stop");
    expect(third).toMatchObject(refused);
    expect(third.ms).toBeLessThan(2_000);
    // Each stop was recorded (three without progress: the backstop's count), none lost to a lock.
    expect(createGoalStore({ root: acme.home }).peek("s1")!.goals.at(-1)!.stopStreak.count).toBe(3);
    // A pid alone is not a lock goalpost writes: nothing of goalpost's holds it. (The user's word first,
    // which starts the backstop's count again.)
    expect(acme.send("user_prompt", { prompt: "keep going" }).status).toBe(0);
    writeFileSync(lock, `${process.pid}`);
    const fourth = acme.send("stop");
    expect(fourth).toMatchObject(refused);
    expect(fourth.ms).toBeLessThan(2_000);
    expect(createGoalStore({ root: acme.home }).peek("s1")!.goals.at(-1)!.stopStreak.count).toBe(1);
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
