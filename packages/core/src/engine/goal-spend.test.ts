// A goal's working time is the time between the hooks the host ran in a turn, each gap counted up to
// ten minutes: an idle night before a turn the user did not start, or a clock that jumps, is not work.
import { describe, expect, it } from "vitest";
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import { emptySessionFile } from "../store/session-file.js";
import { chargeTurn, endTurn, IDLE_GAP_SECONDS, startTurn, tickTurn } from "./goal-spend.js";

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

  it("never counts a clock that jumps back, and a jump forward as one capped gap", () => {
    const { file, goal } = session();
    startTurn(file, at(0), null);
    tickTurn(file, at(-30));
    tickTurn(file, at(24 * 60));
    expect(chargeTurn(file, goal, at(24 * 60 + 1), null).spent.seconds).toBe(IDLE_GAP_SECONDS + 60);
  });
});
