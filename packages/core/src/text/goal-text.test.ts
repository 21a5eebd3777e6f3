// How the user is told which goal: by its first words, never its id.
import { describe, expect, it } from "vitest";
import { goalName, quotedGoal } from "./goal-text.js";

const named = (objective: string) => goalName({ objective, id: "goal_1" });

describe("a goal's name for the user", () => {
  it("is its first sentence or clause, up to twelve words, never ending on a word that leads on", () => {
    expect(named("tidy the readme wording and the changelog too")).toBe("tidy the readme wording and the changelog too");
    // Cut at twelve words: back to a word that carries meaning, never "… for mathlib that".
    expect(named("write a README for mathlib that explains every function with an example and a test")).toBe(
      "write a README for mathlib that explains every function with an example",
    );
    expect(named("write a short README for the mathlib package of ours so that a newcomer can use it")).toBe(
      "write a short README for the mathlib package of ours",
    );
    expect(named("fix add — done when the tests pass")).toBe("fix add");
    expect(named("keep the slow check passing. Done when `node --test` passes.")).toBe("keep the slow check passing");
    expect(named("make hello.js print hello")).toBe("make hello.js print hello");
    expect(named("keep dequal's date comparison right; done when `npm test` passes")).toBe("keep dequal's date comparison right");
    expect(quotedGoal({ objective: "Fix it! Then the docs.", id: "goal_1" })).toBe('"Fix it"');
  });

  it("is whole words within 80 characters, never an ellipsis: the name is what `goal: resume` takes", () => {
    const name = named(`rename ${"x".repeat(30)} ${"y".repeat(30)} ${"z".repeat(30)} everywhere`);
    expect(name).toBe(`rename ${"x".repeat(30)} ${"y".repeat(30)}`);
    expect(name).not.toContain("…");
  });

  it("falls back to the id when the words name nothing", () => {
    expect(named("!")).toBe("goal_1");
  });
});
