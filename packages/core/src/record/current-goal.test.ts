import { describe, expect, it } from "vitest";
import { currentGoal } from "./current-goal.js";

const epic = { id: "g-epic", parentId: null, level: "epic" };
const issue = { id: "g-issue", parentId: "g-epic", level: "issue" };
const task = { id: "g-task", parentId: "g-issue", level: "task" };
const other = { id: "g-other", parentId: null, level: "epic" };

describe("a session's current goal", () => {
  it("is the goal the session points at", () => {
    expect(currentGoal([epic, issue, other], "g-epic")).toBe(epic);
  });

  it("climbs from a task the session points at to the goal it belongs to", () => {
    expect(currentGoal([epic, issue, task], "g-task")).toBe(issue);
  });

  it("without a pointer, or one to a goal no longer open, is the newest open goal with no open goal under it", () => {
    expect(currentGoal([epic, issue, task], null)).toBe(issue);
    expect(currentGoal([other, epic, issue], "g-closed")).toBe(issue);
    expect(currentGoal([epic, issue, other], undefined)).toBe(other);
  });

  it("is never a task, and nothing when only tasks are open", () => {
    expect(currentGoal([task], "g-task")).toBeNull();
    expect(currentGoal([], "g-epic")).toBeNull();
  });

  it("reads loose goals from a damaged file, and a pointer loop ends", () => {
    const loose = [{ id: "a", parentId: "b", level: "task" }, { id: "b", parentId: "a", level: "task" }, { id: 7 }];
    expect(currentGoal(loose, "a")).toEqual({ id: 7 });
  });
});
