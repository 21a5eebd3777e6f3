import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { closeGoal, createGoal } from "../lifecycle/goal-lifecycle.js";
import { createGoalStore } from "./goal-store.js";
import { ARCHIVE_DIRECTORY, archiveClosedSessions, archivedSessions } from "./retention.js";
import { temporaryRoot } from "./test-root.js";

describe("retention", () => {
  it("archives sessions whose goals are all closed and old, keeps open and recent ones, and keeps them readable", () => {
    const root = temporaryRoot();
    let now = new Date("2026-10-01T00:00:00.000Z");
    const store = createGoalStore({ root, now: () => now });
    const session = (sessionId: string, open: boolean) =>
      store.update({ sessionId, host: "test", cwd: "/p" }, (state) => {
        const goal = createGoal({ sessionId, host: "test", cwd: "/p", objective: `goal of ${sessionId}`, source: "api" }, now);
        state.goals.push(open ? goal : closeGoal(goal, { status: "cancelled" }, now));
      });
    session("old-closed", false);
    session("old-open", true);
    now = new Date("2026-11-20T00:00:00.000Z");
    session("recent-closed", false);
    const result = archiveClosedSessions(store, 30);
    expect(result).toEqual({ archived: ["old-closed"], kept: 2 });
    expect(existsSync(join(root, "by-session", "old-closed.json"))).toBe(false);
    expect(existsSync(join(root, ARCHIVE_DIRECTORY, "old-closed.json"))).toBe(true);
    expect(
      store
        .sessions()
        .map((entry) => entry.sessionId)
        .sort(),
    ).toEqual(["old-open", "recent-closed"]);
    expect(archivedSessions(store).map((entry) => entry.goals[0]!.objective)).toEqual(["goal of old-closed"]);
  });
});
