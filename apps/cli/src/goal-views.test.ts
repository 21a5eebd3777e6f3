// `goalpost status` reads only the sessions that have open goals in its folder, found through the
// store's continuation index, however many sessions the store holds (bench/status-sessions.mjs times it).
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import { createGoal } from "@goalpost/core/internal";
import { afterEach, describe, expect, it, vi } from "vitest";
import { goalRows } from "./goal-views.js";

afterEach(() => {
  vi.restoreAllMocks();
  removeTestdirs();
});

function open(root: string, sessionId: string, cwd: string, objective: string) {
  createGoalStore({ root }).update({ sessionId, host: "claude-code", cwd }, (session) => {
    session.goals.push(createGoal({ sessionId, host: "claude-code", cwd, objective, source: "api" }));
  });
}

describe("the open goals of a folder", () => {
  it("are found through the continuation index, without reading any other session's record", () => {
    const work = testdir({ here: {}, elsewhere: {} });
    const root = join(work, "state");
    const here = join(work, "here");
    for (let i = 0; i < 50; i++) open(root, `other-${i}`, join(work, "elsewhere"), `goal ${i} elsewhere`);
    open(root, "this-one", here, "the goal of this folder");
    // The other sessions' records made unreadable: reading one would be said on stderr.
    for (let i = 0; i < 50; i++) writeFileSync(join(root, "by-session", `other-${i}.json`), "{ not json");
    const said = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const rows = goalRows([root], { dir: here });
    expect(rows.map((row) => [row.sessionId, row.objective])).toEqual([["this-one", "the goal of this folder"]]);
    expect(said).not.toHaveBeenCalled();
    // Every folder (`goalpost list`) still reads every record, and says which it could not.
    goalRows([root]);
    expect(said).toHaveBeenCalled();
  });

  it("are found when the folder is named through a link, as the host may have named it", () => {
    const work = testdir({ real: {} });
    const root = join(work, "state");
    mkdirSync(join(work, "links"));
    const link = join(work, "links", "project");
    symlinkSync(join(work, "real"), link);
    open(root, "by-link", link, "keyed by the link");
    expect(goalRows([root], { dir: link }).map((row) => row.objective)).toEqual(["keyed by the link"]);
    // Node's own working directory is the real path: the same folder, the same goal.
    expect(goalRows([root], { dir: join(work, "real") }).map((row) => row.objective)).toEqual(["keyed by the link"]);
  });
});
