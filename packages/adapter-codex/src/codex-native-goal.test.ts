// The Codex goal store is read from a hook only when it changed since the session last looked, and
// never for a subagent: a hook with a goal open pays two stat calls, not a query, per tool call.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalEngine, createGoalStore, DEFAULT_ENGINE_CONFIG, type EngineEventInput } from "@goalpost/core";
import { afterEach, describe, expect, it } from "vitest";
import { goalStoreEngine } from "./codex-goal-store.js";
import { codexNativeGoalChange } from "./codex-native-goal.js";
import { codexProfile } from "./codex-profile.js";

afterEach(() => removeTestdirs());

const THREAD = "019a1f2e-8d51-7b52-aa62-c237b5f22d44";

describe.skipIf(goalStoreEngine() !== "sqlite3")("Codex's goal store from the hooks", () => {
  it("is read once per change, and not for a subagent's events", () => {
    const home = testdir({ goalpost: {} });
    const env = { CODEX_HOME: home, PATH: process.env["PATH"] ?? "" };
    const database = join(home, "goals_1.sqlite");
    execFileSync("sqlite3", [
      database,
      "PRAGMA journal_mode=WAL; CREATE TABLE thread_goals (thread_id TEXT PRIMARY KEY, goal_id TEXT, objective TEXT, status TEXT);",
    ]);
    const store = createGoalStore({ root: join(home, "goalpost") });
    const engine = createGoalEngine({ store, config: DEFAULT_ENGINE_CONFIG, profile: codexProfile });
    const event: EngineEventInput = { type: "stop-requested", sessionId: THREAD, host: "codex", cwd: "/work/project" };
    // The hook's road: core asks for the host's goal where it can have changed (never at a subagent's event).
    const hook = (input: EngineEventInput = event) => {
      let asked: unknown = "not asked";
      engine.handle(input, {
        nativeGoalChange: (at) => {
          asked = codexNativeGoalChange({}, at, () => store.peek(THREAD), env);
          return asked as ReturnType<typeof codexNativeGoalChange>;
        },
      });
      return asked;
    };

    expect(hook()).toMatchObject({ change: "observed", goal: null });
    expect(hook()).toBeNull();
    execFileSync("sqlite3", [database, `INSERT INTO thread_goals VALUES ('${THREAD}', 'g1', 'ship the CSV export', 'active')`]);
    expect(hook({ ...event, subagent: true })).toBe("not asked");
    expect(hook()).toMatchObject({ change: "observed", goal: { id: "g1", status: "active" } });
    expect(hook()).toBeNull();
    expect(store.read(THREAD)!.goals[0]).toMatchObject({ objective: "ship the CSV export", source: "native" });
  });
});
