// A harness without @goalpost/verifier: its starter (the engine's and the goal tools' default) keeps
// the baseline, and a close's run is void at once, saying why — never closed, never waited for.
import { describe, expect, it } from "vitest";
import { completableGoal } from "../record/test-goals.js";
import { createGoalStore } from "../store/goal-store.js";
import { temporaryRoot } from "../store/test-root.js";
import { createGoalTools } from "../tools/goal-tools.js";
import { buggyProject } from "./test-projects.js";
import { NO_VERIFIER, runsInThisProcess, startVerificationInProcess } from "./verification-request.js";

describe("a harness with no verifier", () => {
  it("has a close's run end void, saying the verifier is not installed and how to add it", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    const cwd = buggyProject();
    const goal = { ...completableGoal(), cwd, verification: null };
    const caller = { sessionId: goal.sessionId, host: goal.host, cwd };
    store.update(caller, (session) => {
      session.goals.push(goal);
      session.activeGoalId = goal.id;
    });
    const answer = createGoalTools(store).close(caller, { status: "complete" });
    expect(answer.text).toMatch(
      /goalpost could not run the checks: no verifier runs in this harness.*The goal stays open; tell the user\./,
    );
    const after = store.read(goal.sessionId)!.goals[0]!;
    expect(after.status).toBe("active");
    expect(after.closeRequest).toBeNull();
    expect(after.verification).toMatchObject({ state: "void", verdict: NO_VERIFIER });
    expect(NO_VERIFIER).toMatch(/install @goalpost\/verifier and pass `verifyInProcess\(store\)`/);
  });

  it("still records what defines a new goal's checks, in the caller's own call, and runs in this process", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    const cwd = buggyProject();
    const goal = { ...completableGoal(), cwd, checkBaseline: null, verification: null };
    store.update({ sessionId: goal.sessionId, host: goal.host, cwd }, (session) => {
      session.goals.push(goal);
    });
    const start = startVerificationInProcess(store, null);
    start({
      task: "start",
      root: store.root,
      sessionId: goal.sessionId,
      goalId: goal.id,
      verificationId: "start_1",
      allowUnsandboxed: false,
    });
    expect(Object.keys(store.read(goal.sessionId)!.goals[0]!.checkBaseline!.files)).toContain("package.json");
    expect(runsInThisProcess(start)).toBe(true);
  });
});
