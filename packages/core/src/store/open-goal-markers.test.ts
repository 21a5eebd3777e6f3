import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { closeGoal, createGoal } from "../lifecycle/goal-lifecycle.js";
import { createGoalStore } from "./goal-store.js";
import { ensureOpenMarkers, OPEN_MARKERS } from "./open-goal-markers.js";
import { temporaryRoot } from "./test-root.js";

const toggler = fileURLToPath(new URL("../__fixtures__/marker-toggler.mjs", import.meta.url));
const identity = { sessionId: "s1", host: "test", cwd: "/work/project" };

/** The invariant: every session whose file holds an open goal has its marker. */
function unmarkedOpenSessions(root: string): string[] {
  const markers = new Set(existsSync(join(root, OPEN_MARKERS)) ? readdirSync(join(root, OPEN_MARKERS)) : []);
  return readdirSync(join(root, "by-session"))
    .filter((name) => name.endsWith(".json"))
    .filter((name) => {
      const goals = (JSON.parse(readFileSync(join(root, "by-session", name), "utf8")) as { goals: { closedAt: unknown }[] })
        .goals;
      return goals.some((goal) => goal.closedAt === null) && !markers.has(name.slice(0, -5));
    });
}

describe("open-goal markers", { timeout: 60_000 }, () => {
  it("go up with an open goal and down when the last one closes", () => {
    const root = temporaryRoot();
    const store = createGoalStore({ root });
    store.update(identity, (session) => {
      session.goals.push(createGoal({ ...identity, objective: "ship", source: "api" }));
    });
    expect(readdirSync(join(root, OPEN_MARKERS))).toEqual(["s1"]);
    store.update(identity, (session) => {
      session.goals = session.goals.map((goal) => closeGoal(goal, { status: "cancelled" }));
    });
    expect(readdirSync(join(root, OPEN_MARKERS))).toEqual([]);
  });

  it("come back for every open session when the folder is missing (a state root from before markers)", () => {
    const root = temporaryRoot();
    const store = createGoalStore({ root });
    store.update(identity, (session) => {
      session.goals.push(createGoal({ ...identity, objective: "ship", source: "api" }));
    });
    store.update({ ...identity, sessionId: "s2" }, (session) => {
      session.counters.prompts = 1;
    });
    mkdirSync(join(root, "by-session"), { recursive: true });
    writeFileSync(join(root, "by-session", "corrupt.json"), "{ not json");
    spawnSync("rm", ["-rf", join(root, OPEN_MARKERS)]);
    ensureOpenMarkers(root);
    expect(readdirSync(join(root, OPEN_MARKERS)).sort()).toEqual(["corrupt", "s1"]);
  });

  it("never leave an open goal unmarked, with 6 processes toggling goals and others killed mid-write", async () => {
    const root = temporaryRoot();
    const run = (session: string, count: string) => spawn(process.execPath, [toggler, root, session, count], { stdio: "ignore" });
    const writers = [1, 2, 3, 4, 5, 6].map((index) => run(`s${index % 3}`, "25"));
    const victims = [run("s0", "forever"), run("s1", "forever")];
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const victim of victims) victim.kill("SIGKILL");
    await Promise.all(writers.map((writer) => new Promise((resolve) => writer.on("exit", resolve))));
    expect(unmarkedOpenSessions(root)).toEqual([]);
  });
});
