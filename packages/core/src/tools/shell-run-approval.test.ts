import { describe, expect, it } from "vitest";
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import { createGoalStore } from "../store/goal-store.js";
import { approvalHash } from "../store/shell-approvals.js";
import { temporaryRoot } from "../store/test-root.js";
import { shellRunAllowed } from "./shell-run-approval.js";

const caller = { sessionId: "s1", host: "test", cwd: "/work/project" };
const args = ['{"doneSoFar":["wrote the parser"]}'];

describe("which goal tool runs from the shell need the hook's word", () => {
  it("reads and a first goal's open freely; refuses a change, or an open over a goal, the hook did not see", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    expect(shellRunAllowed(store, caller, "status", [])).toBe(true);
    expect(shellRunAllowed(store, caller, "open", ['{"objective":"x"}'])).toBe(true);
    store.update(caller, (session) => {
      session.goals.push(createGoal({ ...caller, objective: "stream the importer", source: "api" }));
      session.activeGoalId = session.goals[0]!.id;
    });
    expect(shellRunAllowed(store, caller, "update", args)).toBe(false);
    expect(shellRunAllowed(store, caller, "close", args)).toBe(false);
    expect(shellRunAllowed(store, caller, "open", ['{"objective":"another"}'])).toBe(false);
  });

  it("lets a run the hook saw act once: its note is taken", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    store.update(caller, (session) => {
      session.goals.push(createGoal({ ...caller, objective: "stream the importer", source: "api" }));
      session.activeGoalId = session.goals[0]!.id;
      session.approvals.push({ hash: approvalHash("update", args), verb: "update", at: new Date().toISOString() });
    });
    expect(shellRunAllowed(store, caller, "update", args)).toBe(true);
    expect(shellRunAllowed(store, caller, "update", args)).toBe(false);
    // The note names the words: another run's words are not covered by it.
    store.update(caller, (session) => {
      session.approvals.push({ hash: approvalHash("update", args), verb: "update", at: new Date().toISOString() });
    });
    expect(shellRunAllowed(store, caller, "update", ['{"remaining":[]}'])).toBe(false);
  });
});
