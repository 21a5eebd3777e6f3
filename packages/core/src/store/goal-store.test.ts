import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { StoreError } from "../base/errors.js";
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import { pushToolCall } from "../record/bounded-history.js";
import { noteRecentFile, parseProgressMarkers } from "../record/working-context.js";
import { ensureDirectory } from "./atomic-file.js";
import { createGoalStore } from "./goal-store.js";
import { safeFileName } from "./safe-file-name.js";
import { sessionFileSchema } from "./session-file.js";
import { temporaryRoot } from "./test-root.js";

const writer = fileURLToPath(new URL("../__fixtures__/store-writer.mjs", import.meta.url));
const identity = { sessionId: "session-a", host: "test", cwd: "/work/project" };
const mode = (path: string) => statSync(path).mode & 0o777;

function openGoal(sessionId = identity.sessionId, objective = "Stream large files", cwd = identity.cwd) {
  return createGoal({ sessionId, cwd, host: "test", objective, source: "slash" });
}

describe("goal store files", () => {
  it("writes the session file and the continuation index, private to the user", () => {
    const root = temporaryRoot();
    const store = createGoalStore({ root });
    store.update(identity, (session) => {
      const goal = openGoal();
      session.goals.push(goal);
      session.activeGoalId = goal.id;
    });
    const path = store.sessionPath(identity.sessionId);
    const stored = sessionFileSchema.parse(JSON.parse(readFileSync(path, "utf8")));
    expect(stored.$schema).toMatch(/session-file\.schema\.json$/);
    expect(stored.goals).toHaveLength(1);
    expect(mode(path)).toBe(0o600);
    for (const directory of [root, join(root, "by-session"), join(root, "by-cwd-session"), join(root, "locks")]) {
      expect(mode(directory)).toBe(0o700);
    }
    const [index] = readdirSync(join(root, "by-cwd-session"));
    expect(index).toMatch(/^[0-9a-f]{16}--session-a\.json$/);
    expect(existsSync(`${path}.tmp`)).toBe(false);
    expect(readdirSync(join(root, "locks"))).toEqual([]);
  });

  it("skips the write when nothing changed", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    store.update(identity, (session) => {
      session.counters.prompts = 1;
    });
    const before = statSync(store.sessionPath(identity.sessionId)).mtimeMs;
    store.update(identity, () => undefined);
    expect(statSync(store.sessionPath(identity.sessionId)).mtimeMs).toBe(before);
  });

  it.each(["../../etc/passwd", "/absolute/path", "a\u0000b", "x".repeat(5000), "..", ".", "", "con:aux*?"])(
    "keeps session id %j inside the root",
    (sessionId) => {
      const root = temporaryRoot();
      const store = createGoalStore({ root });
      store.update({ ...identity, sessionId }, (session) => {
        session.counters.prompts = 1;
      });
      const path = resolve(store.sessionPath(sessionId));
      expect(path.startsWith(`${resolve(root, "by-session")}/`)).toBe(true);
      expect(path.length).toBeLessThan(root.length + 160);
      expect(store.read(sessionId)?.counters.prompts).toBe(1);
    },
  );

  it("lists every session it holds, including ids that had to be hashed into a file name", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    for (const sessionId of ["plain-id", "needs/hashing", "x".repeat(300)]) {
      store.update({ ...identity, sessionId }, (session) => {
        session.counters.prompts = 1;
      });
    }
    expect(
      store
        .sessions()
        .map((session) => session.sessionId)
        .sort(),
    ).toEqual(["needs/hashing", "plain-id", "x".repeat(300)].sort());
    expect(createGoalStore({ root: temporaryRoot() }).sessions()).toEqual([]);
  });

  it("never gives two different session ids one file", () => {
    expect(safeFileName("a/b")).not.toBe(safeFileName("a_b"));
    expect(safeFileName("abc")).toBe("abc");
  });
});

describe("bad files", () => {
  it("moves a corrupt file aside with a timestamped name, warns once, and continues clean", () => {
    const root = temporaryRoot();
    const warnings: string[] = [];
    const store = createGoalStore({ root, warn: (message) => warnings.push(message) });
    ensureDirectory(join(root, "by-session"));
    writeFileSync(store.sessionPath(identity.sessionId), "{ not json");
    store.update(identity, (session) => {
      session.counters.prompts = 1;
    });
    expect(store.read(identity.sessionId)?.counters.prompts).toBe(1);
    const aside = readdirSync(join(root, "by-session")).filter((name) => name.includes(".corrupt-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(root, "by-session", aside[0]!), "utf8")).toBe("{ not json");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/is not valid JSON.*moved it to/);
  });

  it("moves aside a file that does not match the schema", () => {
    const root = temporaryRoot();
    const warnings: string[] = [];
    const store = createGoalStore({ root, warn: (message) => warnings.push(message) });
    ensureDirectory(join(root, "by-session"));
    writeFileSync(store.sessionPath(identity.sessionId), JSON.stringify({ schemaVersion: 1, goals: "nope" }));
    expect(store.read(identity.sessionId)).toBeNull();
    expect(warnings[0]).toMatch(/does not match the schema/);
  });

  it("peek reads our own files without validation, and hands anything else to read, which sets it aside", () => {
    const root = temporaryRoot();
    const warnings: string[] = [];
    const store = createGoalStore({ root, warn: (message) => warnings.push(message) });
    expect(store.peek(identity.sessionId)).toBeNull();
    store.update(identity, (session) => {
      session.counters.prompts = 2;
    });
    expect(store.peek(identity.sessionId)?.counters.prompts).toBe(2);
    writeFileSync(store.sessionPath(identity.sessionId), JSON.stringify({ schemaVersion: 1, goals: "not a list" }));
    expect(store.peek(identity.sessionId)).toBeNull();
    expect(warnings[0]).toMatch(/does not match the schema/);
  });

  it("never overwrites a file written by a newer schema version", () => {
    const root = temporaryRoot();
    const store = createGoalStore({ root, warn: () => {} });
    ensureDirectory(join(root, "by-session"));
    const newer = JSON.stringify({ schemaVersion: 99, future: true });
    writeFileSync(store.sessionPath(identity.sessionId), newer);
    expect(() =>
      store.update(identity, (session) => {
        session.counters.prompts = 1;
      }),
    ).toThrow(StoreError);
    expect(readFileSync(store.sessionPath(identity.sessionId), "utf8")).toBe(newer);
  });
});

describe("concurrency and crashes", () => {
  it("loses no update with 8 processes making 50 updates each", { timeout: 120_000 }, async () => {
    const root = temporaryRoot();
    await Promise.all(
      Array.from({ length: 8 }, (_, writerId) => execa("node", [writer, root, "shared", String(writerId), "50"])),
    );
    const session = createGoalStore({ root }).read("shared")!;
    expect(session.counters.toolCalls).toBe(400);
    const perWriter = session.goals[0]!.doneSoFar.map((item) => Number(item.split(":")[1])).sort();
    expect(perWriter).toEqual([50, 50, 50, 50, 50, 50, 50, 50]);
  });

  it("recovers a lock left by a killed process instead of waiting on it", async () => {
    const root = temporaryRoot();
    const store = createGoalStore({ root, lock: { timeoutMs: 2_000, staleMs: 60_000 } });
    const dead = execa("node", ["-e", "setTimeout(() => {}, 10000)"]);
    const pid = dead.pid!;
    dead.kill("SIGKILL");
    await dead.catch(() => {});
    ensureDirectory(join(root, "locks"));
    writeFileSync(join(root, "locks", `${identity.sessionId}.lock`), `${pid} ${Date.now()}`);
    // Waiting on it would end in a StoreError after the 2 s lock timeout (and the lock is far from stale):
    // the update going through is the recovery, on a machine of any speed.
    store.update(identity, (session) => {
      session.counters.prompts = 7;
    });
    expect(store.read(identity.sessionId)?.counters.prompts).toBe(7);
  });

  it("times out with a StoreError on a lock held by a live process", () => {
    const root = temporaryRoot();
    const store = createGoalStore({ root, lock: { timeoutMs: 100, staleMs: 60_000 } });
    ensureDirectory(join(root, "locks"));
    writeFileSync(join(root, "locks", `${identity.sessionId}.lock`), `${process.pid} ${Date.now()}`);
    expect(() => store.update(identity, () => undefined)).toThrow(/Timed out/);
  });

  it("leaves a complete old or new file when a writer is killed mid-write", { timeout: 60_000 }, async () => {
    const root = temporaryRoot();
    for (let round = 0; round < 5; round++) {
      const child = execa("node", [writer, root, "crash", "0", "forever"]);
      const path = createGoalStore({ root }).sessionPath("crash");
      while (!existsSync(path)) await new Promise((resolveDelay) => setTimeout(resolveDelay, 5));
      await new Promise((resolveDelay) => setTimeout(resolveDelay, 20 + round * 37));
      child.kill("SIGKILL");
      await child.catch(() => {});
      const text = readFileSync(path, "utf8");
      const session = sessionFileSchema.parse(JSON.parse(text));
      expect(session.counters.toolCalls).toBeGreaterThan(0);
    }
    // The next writer recovers the dead writer's lock and carries on from the last complete version.
    const before = createGoalStore({ root }).read("crash")!.counters.toolCalls;
    await execa("node", [writer, root, "crash", "1", "3"]);
    expect(createGoalStore({ root }).read("crash")!.counters.toolCalls).toBe(before + 3);
  });
});

describe("bounded growth", () => {
  it("keeps a session with 100,000 tool calls under 64 KiB, and never evicts the goal's own events", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    let goal = openGoal();
    for (let index = 0; index < 100_000; index++) {
      goal = pushToolCall(goal, {
        at: "2026-11-22T10:00:00.000Z",
        tool: "Bash",
        kind: index % 10 === 0 ? "verification" : "other",
        summary: `Bash: npm run step ${index}`,
      });
    }
    store.update(identity, (session) => {
      session.goals.push(goal);
      session.counters.toolCalls = 100_000;
    });
    const size = statSync(store.sessionPath(identity.sessionId)).size;
    expect(size).toBeLessThan(64 * 1024);
    const stored = store.read(identity.sessionId)!.goals[0]!;
    expect(stored.history[0]?.type).toBe("opened");
    expect(stored.toolHistory.every((entry) => entry.kind === "verification" || entry === stored.toolHistory.at(-1))).toBe(true);
  });

  it("keeps every open goal and only the newest closed ones", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    store.update(identity, (session) => {
      for (let index = 0; index < 30; index++) {
        session.goals.push({
          ...openGoal(identity.sessionId, `closed ${index}`),
          status: "cancelled",
          closedAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
        });
      }
      session.goals.push(openGoal(identity.sessionId, "still open"));
    });
    const goals = store.read(identity.sessionId)!.goals;
    expect(goals).toHaveLength(21);
    expect(goals.some((goal) => goal.objective === "still open")).toBe(true);
    expect(goals.some((goal) => goal.objective === "closed 0")).toBe(false);
  });
});

describe("working context", () => {
  it("keeps ten recent files, most recent first, de-duplicated, rejecting control characters", () => {
    let goal = openGoal();
    for (let index = 0; index < 12; index++) goal = noteRecentFile(goal, `src/file-${index}.ts`);
    goal = noteRecentFile(goal, "src/file-5.ts");
    goal = noteRecentFile(goal, "src/evil\u001b[2J.ts");
    expect(goal.workingContext.recentFiles).toHaveLength(10);
    expect(goal.workingContext.recentFiles.slice(0, 2)).toEqual(["src/file-5.ts", "src/file-11.ts"]);
  });

  it("reads progress markers", () => {
    expect(parseProgressMarkers("- [x] parse header\n- [ ] stream rows\n1. [X] docs\nnot a marker [x]")).toEqual([
      { text: "parse header", done: true },
      { text: "stream rows", done: false },
      { text: "docs", done: true },
    ]);
  });
});

describe("a reader's store", () => {
  it("changes nothing on disk: a damaged session file is reported, left in place, and its goal read in memory", () => {
    const root = temporaryRoot();
    const identity = { sessionId: "s-damaged", host: "test", cwd: "/work/project" };
    const writer = createGoalStore({ root, warn: () => {} });
    writer.update(identity, (state) => {
      state.goals.push(createGoal({ ...identity, objective: "stream the importer", source: "api" }));
    });
    const path = writer.sessionPath(identity.sessionId);
    writeFileSync(path, readFileSync(path, "utf8").slice(0, 40));
    const warnings: string[] = [];
    const reader = createGoalStore({ root, warn: (message) => warnings.push(message), readOnly: true });
    expect(reader.peek(identity.sessionId)?.goals.map((goal) => goal.objective)).toEqual(["stream the importer"]);
    expect(reader.sessions().map((session) => session.sessionId)).toEqual(["s-damaged"]);
    expect(warnings[0]).toMatch(/is not valid JSON .*; left as it is/);
    expect(readFileSync(path, "utf8")).toHaveLength(40);
    expect(readdirSync(join(root, "by-session")).filter((name) => name.includes(".corrupt-"))).toEqual([]);
  });
});
