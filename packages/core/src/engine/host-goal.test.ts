// The host's own goal read from the host's record (Codex's goal store): each change since the last
// reading is acted on once, on the mirror of that goal only; limits let stops through.
import { describe, expect, it } from "vitest";
import type { HostGoal } from "../host/host-goal.js";
import { defineHostProfile } from "../host/host-profile.js";
import { activeGoal } from "../session/session-goals.js";
import { SESSION, TEST_PROFILE, testEngine } from "./test-engine.js";

const hostGoal = (fields: Partial<HostGoal> = {}): HostGoal => ({
  id: "host-goal-1",
  objective: "ship the CSV export",
  status: "active",
  ...fields,
});

function withHost() {
  const engine = testEngine({ stopBlockLimit: 3 });
  let reading = 0;
  const observe = (goal: HostGoal | null, signature = `reading-${++reading}`) =>
    engine.send({ type: "native-goal-changed", change: "observed", goal, signature });
  const goal = () => activeGoal(engine.store.read(SESSION.sessionId));
  const stop = () => engine.send({ type: "stop-requested", stopHookActive: false });
  return { ...engine, observe, goal, stop };
}

describe("the host's own goal, as its record says", () => {
  it("mirrors a goal the user set in the host's UI, once, and remembers a reading with none, so it is not read again", () => {
    const { observe, goal, store } = withHost();
    expect(observe(null, "s0")).toEqual({ action: "none" });
    expect(store.read(SESSION.sessionId)).toMatchObject({ goals: [], hostGoal: { signature: "s0", goal: null } });
    expect(observe(hostGoal(), "s1").userNote).toMatch(/goal captured as a draft/);
    expect(goal()).toMatchObject({ objective: "ship the CSV export", source: "native" });
    // The same reading again (another hook process that read the same record): nothing more.
    expect(observe(hostGoal(), "s1")).toEqual({ action: "none" });
    // A later reading of the same goal (its token count moved): nothing more either.
    expect(observe(hostGoal())).toEqual({ action: "none" });
    expect(store.read(SESSION.sessionId)!.goals).toHaveLength(1);
  });

  it("keeps the mirror the host's tool call made when the record then shows the same goal", () => {
    const { send, observe, goal, store } = withHost();
    send({ type: "native-goal-changed", change: "set", objective: "ship the CSV export" });
    const mirrored = goal()!.id;
    expect(observe(hostGoal())).toEqual({ action: "none" });
    expect(goal()!.id).toBe(mirrored);
    expect(store.read(SESSION.sessionId)!.goals).toHaveLength(1);
  });

  it("never replaces, pauses or clears a goal the user gave goalpost in their own words", () => {
    const { send, observe, goal, stop } = withHost();
    send({ type: "prompt-submitted", prompt: "goal: make the importer stream" });
    observe(hostGoal());
    observe(hostGoal({ status: "paused" }));
    observe(null);
    expect(goal()).toMatchObject({ objective: "make the importer stream", status: "draft" });
    expect(stop().action).toBe("block-stop");
  });

  it("pauses and resumes the mirror with the host's goal (a pause the model cannot make), and enforces it again", () => {
    const { observe, goal, stop } = withHost();
    observe(hostGoal());
    expect(stop().action).toBe("block-stop");
    const paused = observe(hostGoal({ status: "paused" }));
    expect(paused.userNote).toMatch(/paused with test's own goal/);
    expect(goal()!.status).toBe("paused");
    expect(stop()).toEqual({ action: "none" });
    expect(observe(hostGoal()).userNote).toMatch(/resumed with test's own goal/);
    expect(goal()!.status).toBe("draft");
    expect(stop().action).toBe("block-stop");
  });

  it("never cancels or replaces the mirror from the record alone: a clear pauses it and asks, a new host goal waits for goal: confirm", () => {
    const { observe, goal, store, send } = withHost();
    observe(hostGoal());
    const first = goal()!.id;
    expect(observe(hostGoal({ id: "host-goal-2", objective: "ship the JSON export" })).userNote).toMatch(
      /new goal, "ship the JSON export", which goalpost saw no prompt of yours set\. Goal goal_\w+ is unchanged; to replace it, type `goal: confirm`/,
    );
    expect(goal()!.id).toBe(first);
    // A clear in the record pauses the mirror and asks.
    expect(observe(null).userNote).toMatch(/paused, not cancelled/);
    expect(goal()).toMatchObject({ id: first, status: "paused", closedAt: null });
    // The user confirms the waiting goal in words goalpost sees: theirs now, which no record clears.
    expect(send({ type: "prompt-submitted", prompt: "goal: confirm" }).userNote).toMatch(/captured/);
    expect(goal()).toMatchObject({ objective: "ship the JSON export" });
    // The goal it replaced is set aside, not cancelled: the user can bring it back by name.
    expect(store.read(SESSION.sessionId)!.goals.find((g) => g.id === first)).toMatchObject({
      status: "paused",
      setAsideFor: goal()!.id,
    });
    expect(observe(hostGoal({ id: "host-goal-3" }))).toEqual({ action: "none" });
    expect(observe(null)).toEqual({ action: "none" });
    expect(goal()).toMatchObject({ objective: "ship the JSON export", closedAt: null });
  });

  it("lets stops through while the host's goal is stopped for a usage limit or its budget, keeping the goal open", () => {
    const { observe, goal, stop, send } = withHost();
    send({ type: "prompt-submitted", prompt: "goal: make the importer stream" });
    expect(stop().action).toBe("block-stop");
    for (const status of ["usage-limited", "budget-limited"] as const) {
      expect(observe(hostGoal({ status })).userNote).toMatch(status === "usage-limited" ? /usage limit/ : /token budget/);
      const answer = stop();
      expect(answer.action).toBe("none");
      expect(answer.userNote).toMatch(/stays open: continue it with goal: continue/);
      expect(goal()).toMatchObject({ objective: "make the importer stream", closedAt: null });
      observe(hostGoal());
      expect(stop().action).toBe("block-stop");
    }
  });

  it("denies the model pausing the host's goal while goalpost's is open, and not after", () => {
    const profile = defineHostProfile({
      ...TEST_PROFILE,
      nativeGoalPause: { tool: "update_goal", field: "status", value: "paused" },
    });
    const { send } = testEngine({}, { profile });
    const pause = { type: "tool-about-to-run", toolName: "update_goal", toolInput: { status: "paused" } };
    expect(send(pause)).toEqual({ action: "none" });
    send({ type: "prompt-submitted", prompt: "/goal ship feature X" });
    // Denied every time, never let through as a stall: a pause that reached the record would pass for the user's.
    for (let attempt = 0; attempt < 6; attempt++)
      expect(send(pause)).toMatchObject({ action: "deny-tool", reason: expect.stringMatching(/only the user pauses/) });
    expect(send({ ...pause, toolInput: { status: "blocked" } }).action).toBe("none");
    send({ type: "prompt-submitted", prompt: "/goal clear" });
    expect(send(pause)).toEqual({ action: "none" });
  });
});
