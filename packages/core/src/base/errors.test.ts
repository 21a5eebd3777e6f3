import { describe, expect, it } from "vitest";
import { CompletionRefusedError, GoalpostError } from "./errors.js";

describe("GoalpostError", () => {
  it("keeps identity across duplicate copies of the package through a global marker", () => {
    const error = new CompletionRefusedError("goal_1", [{ code: "done_so_far_empty", message: "Done-so-far is empty." }]);
    expect(GoalpostError.isInstance(error)).toBe(true);
    // A copy loaded from elsewhere carries the same Symbol.for marker but is not `instanceof` this class.
    const foreign = Object.assign(new Error("x"), { [Symbol.for("goalpost.error")]: true, code: "goal_closed" });
    expect(GoalpostError.isInstance(foreign)).toBe(true);
    expect(GoalpostError.isInstance(new Error("plain"))).toBe(false);
    expect(GoalpostError.isInstance(null)).toBe(false);
  });

  it("says what to do next", () => {
    const error = new CompletionRefusedError("goal_1", [{ code: "done_so_far_empty", message: "Done-so-far is empty." }]);
    expect(error.code).toBe("completion_refused");
    expect(error.message).toBe(
      "Refusing to mark goal goal_1 complete. Missing or conflicting completion evidence:\n- Done-so-far is empty.",
    );
  });
});
