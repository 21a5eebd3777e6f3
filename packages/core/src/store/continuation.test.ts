import { describe, expect, it } from "vitest";
import { AmbiguousContinuationError, GoalNotFoundError } from "../base/errors.js";
import { closeGoal, createGoal } from "../lifecycle/goal-lifecycle.js";
import { isOpen } from "../record/goal-phase.js";
import { continueGoal } from "./continuation.js";
import { createGoalStore, type GoalStore } from "./goal-store.js";
import { temporaryRoot } from "./test-root.js";

const cwd = "/work/project";
const identity = (sessionId: string) => ({ sessionId, host: "test", cwd });

function seed(
  store: GoalStore,
  sessionId: string,
  objective: string,
  options: { id?: string; closed?: boolean; updatedAt?: string; running?: boolean } = {},
) {
  let goal = createGoal({ sessionId, cwd, host: "test", objective, source: "slash", ...(options.id ? { id: options.id } : {}) });
  if (options.updatedAt) goal = { ...goal, updatedAt: options.updatedAt };
  if (options.closed) goal = closeGoal(goal, { status: "cancelled", reason: "done with it" });
  store.update(identity(sessionId), (session) => {
    session.goals.push(goal);
    session.activeGoalId = goal.id;
    // An earlier session, ended (the host said so), unless the test wants one still running.
    if (!options.running) session.endedAt = new Date().toISOString();
  });
  return goal;
}

describe("same-directory continuation", () => {
  it("never moves the goal of a session still running without the user naming it; named, it moves", () => {
    let clock = Date.parse("2026-11-26T10:00:00Z");
    const store = createGoalStore({ root: temporaryRoot(), now: () => new Date(clock) });
    const goal = seed(store, "first", "Stream large files", { running: true });
    const outcome = continueGoal(store, identity("nested"));
    expect(outcome).toMatchObject({ kind: "live" });
    expect(outcome.kind === "live" && outcome.message).toMatch(
      /still being worked on in session first.* moves here only at the user's own word: goal: continue \(or goal: continue goal_/,
    );
    expect(store.read("nested")).toBeNull();
    // Quiet for longer than LIVE_MS: an earlier session's goal, free to continue.
    clock += 11 * 60_000;
    expect(continueGoal(store, identity("later"))).toMatchObject({ kind: "continued" });
    // Named, a running session's goal moves at once.
    const other = seed(store, "busy", "Write the docs", { running: true });
    expect(continueGoal(store, identity("nested-2"), other.id)).toMatchObject({ kind: "continued" });
    expect(goal.id).not.toBe(other.id);
  });

  it("moves a running session's goal at once when the user typed /goal continue themselves (a new VS Code chat)", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    const asked = seed(store, "chat-1", "Ship the parser", { running: true });
    expect(continueGoal(store, identity("chat-2"))).toMatchObject({ kind: "live" });
    expect(continueGoal(store, identity("chat-2"), undefined, [], { userAsked: true })).toMatchObject({
      kind: "continued",
      goal: { id: asked.id },
    });
    expect(store.read("chat-1")!.goals[0]).toMatchObject({ status: "cancelled" });
  });

  it("with zero open goals says so and pretends nothing", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    seed(store, "old", "closed work", { closed: true });
    const outcome = continueGoal(store, identity("new"));
    expect(outcome).toMatchObject({ kind: "none" });
    expect(outcome.kind === "none" && outcome.message).toMatch(/No open goal was found for \/work\/project. Do not pretend/);
    expect(store.read("new")).toBeNull();
  });

  it("with one open goal moves it: the new session owns it, the old copy is closed as moved", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    const goal = seed(store, "old", "Stream large files");
    const outcome = continueGoal(store, identity("new"));
    expect(outcome).toMatchObject({ kind: "continued", fromSessionId: "old", goal: { id: goal.id, sessionId: "new" } });
    const moved = store.read("new")!;
    expect(moved.activeGoalId).toBe(goal.id);
    expect(moved.goals[0]!.history.at(-1)).toMatchObject({ type: "moved" });
    const old = store.read("old")!;
    expect(isOpen(old.goals[0]!)).toBe(false);
    expect(old.goals[0]!.closeReason).toBe("moved to session new");
    expect(old.activeGoalId).toBeNull();
    // Continuing again from a third session, once "new" ended, finds the goal in "new" only.
    store.update(identity("new"), (session) => {
      session.endedAt = new Date().toISOString();
    });
    expect(continueGoal(store, identity("third"))).toMatchObject({ kind: "continued", fromSessionId: "new" });
  });

  it("treats copies of one goal id in several sessions as one goal, the newest copy", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    seed(store, "a", "older copy", { id: "goal_same", updatedAt: "2026-11-22T10:00:00.000Z" });
    seed(store, "b", "newer copy", { id: "goal_same", updatedAt: "2026-11-22T11:00:00.000Z" });
    const outcome = continueGoal(store, identity("new"));
    expect(outcome).toMatchObject({ kind: "continued", fromSessionId: "b", goal: { objective: "newer copy" } });
  });

  it("with two or more open goals refuses and lists them with ids and objectives", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    const first = seed(store, "a", "Stream large files");
    const second = seed(store, "b", "Fix the flaky login test");
    expect(() => continueGoal(store, identity("new"))).toThrow(AmbiguousContinuationError);
    try {
      continueGoal(store, identity("new"));
    } catch (error) {
      expect((error as Error).message).toContain(`${first.id} (session a): Stream large files`);
      expect((error as Error).message).toContain(`${second.id} (session b): Fix the flaky login test`);
    }
    expect(continueGoal(store, identity("new"), second.id)).toMatchObject({ kind: "continued", goal: { id: second.id } });
    expect(() => continueGoal(store, identity("other"), "goal_missing")).toThrow(GoalNotFoundError);
  });

  it("only looks at the same directory", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    seed(store, "a", "Stream large files");
    expect(continueGoal(store, { sessionId: "new", host: "test", cwd: "/elsewhere" })).toMatchObject({ kind: "none" });
  });
});

describe("continuation across hosts", () => {
  it("moves a goal another host's session left in this directory, and closes that copy as moved", () => {
    const claude = createGoalStore({ root: temporaryRoot() });
    const codex = createGoalStore({ root: temporaryRoot() });
    const left = seed(claude, "claude-session", "stream large files");
    const outcome = continueGoal(codex, { sessionId: "codex-session", host: "codex", cwd }, undefined, [claude]);
    expect(outcome).toMatchObject({ kind: "continued", fromSessionId: "claude-session", goal: { id: left.id } });
    expect(codex.read("codex-session")!.goals[0]!.history.at(-1)).toMatchObject({
      type: "moved",
      note: "continued from test session claude-session",
    });
    expect(claude.read("claude-session")!.goals[0]).toMatchObject({
      status: "cancelled",
      closeReason: "moved to codex session codex-session",
    });
    // Never across directories, and two candidates are listed, not guessed.
    expect(continueGoal(codex, { sessionId: "other", host: "codex", cwd: "/elsewhere" }, undefined, [claude]).kind).toBe("none");
    seed(claude, "claude-2", "first");
    seed(createGoalStore({ root: codex.root }), "codex-2", "second");
    expect(() => continueGoal(codex, { sessionId: "third", host: "codex", cwd }, undefined, [claude])).toThrow(
      AmbiguousContinuationError,
    );
  });
});
