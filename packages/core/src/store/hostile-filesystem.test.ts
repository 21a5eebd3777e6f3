// The store on a hostile or unlucky file system: links planted where goalpost writes, loosened
// permissions, and every leftover shape of a lock. Each of these once cost a file or an update.
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { StoreError } from "../base/errors.js";
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import { createGoalStore } from "./goal-store.js";
import { safeFileName } from "./safe-file-name.js";
import { serveSnapshot, writeSnapshot } from "./snapshots.js";
import { temporaryRoot } from "./test-root.js";

const identity = { sessionId: "s1", host: "test", cwd: "/work/project" };
const touch = (store: ReturnType<typeof createGoalStore>) =>
  store.update(identity, (session) => {
    session.counters.prompts += 1;
  });

describe("the store never writes through a planted link", () => {
  it("a link at the old fixed temporary name, or at audit.log, leaves its target untouched", () => {
    const root = temporaryRoot();
    const victim = join(temporaryRoot(), "victim.txt");
    mkdirSync(dirname(victim), { recursive: true });
    writeFileSync(victim, "precious");
    mkdirSync(join(root, "by-session"), { recursive: true });
    symlinkSync(victim, join(root, "by-session", "s1.json.tmp"));
    symlinkSync(victim, join(root, "audit.log"));
    const store = createGoalStore({ root, warn: () => {} });
    touch(store);
    store.audit({ sessionId: "s1", type: "opened", note: "x" });
    expect(readFileSync(victim, "utf8")).toBe("precious");
    expect(store.read("s1")?.counters.prompts).toBe(1);
  });

  it("tightens a state root someone loosened", () => {
    const root = temporaryRoot();
    mkdirSync(root, { recursive: true });
    chmodSync(root, 0o777);
    touch(createGoalStore({ root }));
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, "by-session")).mode & 0o777).toBe(0o700);
  });
});

describe("every leftover shape of a lock", () => {
  const lockPath = (root: string) => join(root, "locks", "s1.lock");

  it("an empty lock (a kill between create and pid write) is taken over within a second", () => {
    const root = temporaryRoot();
    mkdirSync(join(root, "locks"), { recursive: true });
    writeFileSync(lockPath(root), "");
    const old = new Date(Date.now() - 2_000);
    utimesSync(lockPath(root), old, old);
    expect(() => touch(createGoalStore({ root, lock: { timeoutMs: 500 } }))).not.toThrow();
  });

  it("a directory at the lock path is moved aside instead of blocking every hook", () => {
    const root = temporaryRoot();
    mkdirSync(lockPath(root), { recursive: true });
    expect(() => touch(createGoalStore({ root, lock: { timeoutMs: 500 } }))).not.toThrow();
  });

  it("a live owner keeps its lock even after the old 10 s limit: the waiter gives up, losing nothing", () => {
    const root = temporaryRoot();
    mkdirSync(join(root, "locks"), { recursive: true });
    const held = `${process.pid} ${Date.now()} live-owner`;
    writeFileSync(lockPath(root), held);
    const old = new Date(Date.now() - 20_000);
    utimesSync(lockPath(root), old, old);
    expect(() => touch(createGoalStore({ root, lock: { timeoutMs: 300 } }))).toThrow(StoreError);
    expect(readFileSync(lockPath(root), "utf8")).toBe(held);
  });
});

describe("snapshots and file names", () => {
  it("serves a snapshot when the locks folder is missing", () => {
    const root = temporaryRoot();
    const store = createGoalStore({ root });
    store.update(identity, (session) => {
      session.goals.push(createGoal({ ...identity, objective: "ship", source: "api" }));
    });
    writeSnapshot(store, { sessionId: "s1", goalId: "g", revision: 1, trigger: "auto", text: "<session_goal/>" });
    rmSync(join(root, "locks"), { recursive: true, force: true });
    let served = "";
    serveSnapshot(store, "s1", (snapshot) => {
      served = snapshot.text;
      return true;
    });
    expect(served).toBe("<session_goal/>");
  });

  it("never lets two ids share a file on a case-insensitive file system, nor take a Windows device name", () => {
    const names = ["abc", "ABC", "Abc"].map((id) => safeFileName(id).toLowerCase());
    expect(new Set(names).size).toBe(3);
    for (const id of ["CON", "nul", "com1", "LPT9"]) expect(safeFileName(id)).not.toMatch(/^(?:con|nul|com1|lpt9)$/i);
    expect(safeFileName("7c9e6679-7425-40de-944b-e07fc1f90ae7")).toBe("7c9e6679-7425-40de-944b-e07fc1f90ae7");
  });
});
