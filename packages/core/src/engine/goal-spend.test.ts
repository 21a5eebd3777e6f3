// A goal's working time is the time between the hooks the host ran in a turn, each gap counted up to
// ten minutes: an idle night before a turn the user did not start, or a clock that jumps, is not work.
import { describe, expect, it } from "vitest";
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import { emptySessionFile } from "../store/session-file.js";
import { chargeTurn, endTurn, IDLE_GAP_SECONDS, monotonicClock, startTurn, tickTurn } from "./goal-spend.js";

const at = (minutes: number) => new Date(Date.parse("2026-11-27T10:00:00.000Z") + minutes * 60_000);

function session() {
  const file = emptySessionFile("s", "test", "/p", at(0));
  const goal = createGoal(
    { sessionId: "s", host: "test", cwd: "/p", objective: "ship it", source: "slash", status: "active" },
    at(0),
  );
  file.goals.push(goal);
  file.activeGoalId = goal.id;
  return { file, goal };
}

describe("a goal's working time", () => {
  it("is the time between the hooks of a turn", () => {
    const { file, goal } = session();
    startTurn(file, at(0), null);
    tickTurn(file, at(2));
    tickTurn(file, at(5));
    expect(chargeTurn(file, goal, at(6), null).spent).toMatchObject({ turns: 1, seconds: 6 * 60 });
  });

  it("counts a long gap as at most ten minutes: eight idle hours before a turn the user did not start are not work", () => {
    const { file, goal } = session();
    startTurn(file, at(0), null);
    const first = chargeTurn(file, goal, at(1), null);
    // The host sends the agent back (a refused stop, a background task's end) eight hours later.
    tickTurn(file, at(8 * 60 + 1));
    const second = chargeTurn(file, first, at(8 * 60 + 2), null);
    expect(second.spent.seconds).toBe(60 + IDLE_GAP_SECONDS + 60);
  });

  it("counts nothing between a stop that went through and the turn the host starts itself hours later", () => {
    const { file, goal } = session();
    startTurn(file, at(0), null);
    const first = chargeTurn(file, goal, at(1), null);
    // The stop went through: the agent was let go, nothing runs.
    endTurn(file);
    // Eight hours later a background task's end starts a turn without a prompt.
    tickTurn(file, at(8 * 60 + 1));
    tickTurn(file, at(8 * 60 + 3));
    expect(chargeTurn(file, first, at(8 * 60 + 4), null).spent.seconds).toBe(60 + 3 * 60);
  });

  it("measures a turn on the monotonic clock where it has one: a wall clock that jumps three hours forward charges nothing of it", () => {
    const { file, goal } = session();
    const boot = "3f1c2a9e-0000-4000-8000-00000000b007";
    startTurn(file, at(0), null, `${boot}:1000000`);
    // Two minutes of work on the monotonic clock, while the wall clock jumped three hours ahead.
    tickTurn(file, at(3 * 60 + 1), `${boot}:1060000`);
    expect(chargeTurn(file, goal, at(3 * 60 + 2), null, `${boot}:1120000`).spent.seconds).toBe(120);
    // Across a reboot the monotonic clock says nothing: the wall clock's gap, capped, stands.
    startTurn(file, at(200), null, `${boot}:5000`);
    expect(chargeTurn(file, goal, at(201), null, "another-boot:10").spent.seconds).toBe(60);
    // The real clock reads as one boot and a time that only moves on.
    const [first, second] = [monotonicClock(), monotonicClock()];
    if (first && second) {
      expect(first.split(":")[0]).toBe(second.split(":")[0]);
      expect(Number(second.split(":")[1])).toBeGreaterThanOrEqual(Number(first.split(":")[1]));
    }
  });

  it("never counts a clock that jumps back, and a jump forward as one capped gap", () => {
    const { file, goal } = session();
    startTurn(file, at(0), null);
    tickTurn(file, at(-30));
    tickTurn(file, at(24 * 60));
    expect(chargeTurn(file, goal, at(24 * 60 + 1), null).spent.seconds).toBe(IDLE_GAP_SECONDS + 60);
  });
});
