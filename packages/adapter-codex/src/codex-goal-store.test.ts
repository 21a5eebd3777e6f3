// Codex's goal store read as it is on disk: a real SQLite database with Codex 0.169's schema (docs/hosts/
// §2.6), in WAL mode, written by the sqlite3 program — including a writer that is still open, with its
// rows in the log and not yet in the database file, and one that holds the database locked.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { join } from "node:path";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { goalStoreEngine, goalStoreSignature, readThreadGoal } from "./codex-goal-store.js";

const hasSqlite3 = goalStoreEngine() === "sqlite3";
if (!hasSqlite3) console.warn("codex-goal-store.test: no sqlite3 program on PATH (Debian: apt-get install sqlite3); skipped");

/** Codex 0.169's table, as `sqlite3 goals_1.sqlite .schema` prints it. */
const SCHEMA = `CREATE TABLE thread_goals (
    thread_id TEXT PRIMARY KEY NOT NULL,
    goal_id TEXT NOT NULL,
    objective TEXT NOT NULL,
    status TEXT NOT NULL CHECK(status IN ('active','paused','blocked','usage_limited','budget_limited','complete')),
    token_budget INTEGER,
    tokens_used INTEGER NOT NULL DEFAULT 0,
    time_used_seconds INTEGER NOT NULL DEFAULT 0,
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL
);`;

const THREAD = "019a1f2e-8d51-7b52-aa62-c237b5f22d44";
const insert = (thread: string, status: string, objective = "ship the CSV export") =>
  `INSERT OR REPLACE INTO thread_goals (thread_id, goal_id, objective, status, created_at_ms, updated_at_ms) VALUES ('${thread}', 'goal-${status}', '${objective}', '${status}', 1, 2);`;

const sqlite = (path: string, sql: string) => execFileSync("sqlite3", [path, sql], { stdio: "pipe" });

function store(rows: string[] = []): string {
  const path = join(testdir({}), "goals_1.sqlite");
  sqlite(path, `PRAGMA journal_mode=WAL; ${SCHEMA} ${rows.join(" ")}`);
  return path;
}

const writers: ChildProcessWithoutNullStreams[] = [];
/** A sqlite3 session left open after `sql`, as Codex keeps its store open while it runs. */
async function openWriter(path: string, sql: string): Promise<void> {
  const writer = spawn("sqlite3", [path]);
  writers.push(writer);
  writer.stdin.write(`${sql}\nSELECT 'ready';\n`);
  await new Promise<void>((ready) => writer.stdout.on("data", (data) => String(data).includes("ready") && ready()));
}

afterEach(() => {
  for (const writer of writers.splice(0)) writer.kill();
  removeTestdirs();
});

describe.skipIf(!hasSqlite3)("Codex's goal store", () => {
  it("reads the thread's goal, with Codex's statuses in goalpost's words", () => {
    const statuses = { active: "active", paused: "paused", blocked: "blocked", complete: "complete" } as const;
    for (const [codex, goalpost] of Object.entries({
      ...statuses,
      usage_limited: "usage-limited",
      budget_limited: "budget-limited",
    })) {
      const path = store([insert(THREAD, codex), insert("another-thread", "active", "another thread goal")]);
      expect(readThreadGoal(path, THREAD)).toEqual({
        goal: { id: `goal-${codex}`, objective: "ship the CSV export", status: goalpost },
      });
    }
  });

  it("says there is no goal for a thread without a row, and has no signature without a store", () => {
    const path = store([insert("another-thread", "active")]);
    expect(readThreadGoal(path, THREAD)).toEqual({ goal: null });
    expect(goalStoreSignature(join(testdir({}), "goals_1.sqlite"))).toBeNull();
  });

  it("reads what an open writer has in the log and not yet in the database file, and the signature moves with it", async () => {
    const path = store();
    const before = goalStoreSignature(path);
    await openWriter(path, insert(THREAD, "active"));
    expect(readThreadGoal(path, THREAD)).toMatchObject({ goal: { status: "active" } });
    const during = goalStoreSignature(path);
    expect(during).not.toBe(before);
    await openWriter(path, `UPDATE thread_goals SET status = 'paused' WHERE thread_id = '${THREAD}';`);
    expect(readThreadGoal(path, THREAD)).toMatchObject({ goal: { status: "paused" } });
    expect(goalStoreSignature(path)).not.toBe(during);
  });

  it("gives up quickly on a store held locked, and on one whose schema or statuses it does not know, deciding nothing", async () => {
    const locked = store([insert(THREAD, "active")]);
    await openWriter(locked, "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE;");
    // It answers "unreadable" (its busy wait is 250 ms) instead of waiting on the writer, which holds the
    // lock until the test ends: reaching the next line at all is the point, on a machine of any speed.
    expect(readThreadGoal(locked, THREAD)).toEqual({ unreadable: expect.stringMatching(/locked|busy/i) });

    const renamed = join(testdir({}), "goals_1.sqlite");
    sqlite(renamed, "CREATE TABLE thread_goals_v2 (thread_id TEXT);");
    expect(readThreadGoal(renamed, THREAD)).toEqual({ unreadable: expect.stringMatching(/no such table/) });

    const unknown = store();
    sqlite(unknown, `PRAGMA ignore_check_constraints=ON; ${insert(THREAD, "snoozed")}`);
    expect(readThreadGoal(unknown, THREAD)).toEqual({ unreadable: expect.stringMatching(/status snoozed/) });

    expect(readThreadGoal(store(), "x'; DROP TABLE thread_goals; --")).toEqual({ unreadable: expect.any(String) });
  });

  it("with no reader at all (Node 20, no sqlite3 program) says so and decides nothing", () => {
    const path = store([insert(THREAD, "active")]);
    expect(goalStoreEngine({ PATH: "" })).toBe("none");
    expect(readThreadGoal(path, THREAD, { PATH: "" })).toEqual({ unreadable: expect.stringMatching(/no SQLite reader/) });
  });
});
