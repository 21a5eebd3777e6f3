// How the user is told which goal: by its first words, never its id.
import { describe, expect, it } from "vitest";
import { goalName, quotedGoal } from "./goal-text.js";

const named = (objective: string) => goalName({ objective, id: "goal_1" });

describe("a goal's name for the user", () => {
  it("is its first six words, or its first sentence or clause when that is shorter", () => {
    expect(named("tidy the readme wording and the changelog too")).toBe("tidy the readme wording and the");
    expect(named("keep the slow check passing. Done when `node --test` passes.")).toBe("keep the slow check passing");
    expect(named("make hello.js print hello")).toBe("make hello.js print hello");
    expect(named("keep dequal's date comparison right; done when `npm test` passes")).toBe("keep dequal's date comparison right");
    expect(quotedGoal({ objective: "Fix it! Then the docs.", id: "goal_1" })).toBe('"Fix it"');
  });

  it("falls back to the id when the words name nothing", () => {
    expect(named("!")).toBe("goal_1");
  });
});
