// Test helpers: core's real projects on disk (a git work tree with a node:test suite), a real store with a
// goal whose record evidence is complete, the goal tools with a starter that hands back the run request,
// and whether a sandbox opens here.
import { join } from "node:path";
import {
  baselineOf,
  createGoal,
  createGoalStore,
  createGoalTools,
  deriveChecks,
  type GoalRecord,
  type VerificationRequest,
} from "@goalpost/core/internal";
import { removeAfterTest, temporaryDir } from "../../core/src/verify/test-projects.js";
import { openCheckSandbox } from "./check-sandbox.js";
import { makeRunFolder } from "./run-folders.js";
import { runStartingPoint } from "./run-start.js";

export {
  ADD_TEST,
  BUGGY_ADD,
  buggyProject,
  FIXED_ADD,
  git,
  temporaryDir,
  writeFiles,
} from "../../core/src/verify/test-projects.js";

/** A run folder as goalpost makes one (run-folders.ts), removed after the test (runChecks removes its own). */
export function madeRunFolder(): string {
  return removeAfterTest(makeRunFolder());
}

/** Why no sandbox opens on this machine (the tests that need one skip, saying so), or null when one does. */
export async function sandboxUnavailable(): Promise<string | null> {
  const probe = await openCheckSandbox({ project: temporaryDir(), runDir: temporaryDir(), readable: [], unreadable: [] });
  return "unavailable" in probe ? probe.unavailable : null;
}

/** A store with one active user goal on `cwd`, its checks derived from `words`, its record evidence complete. */
export function goalOn(
  cwd: string,
  words = "fix add; done when the tests pass",
  options: { readonly startingPoint?: boolean } = {},
) {
  const root = join(temporaryDir("goalpost-state-"), "state");
  const store = createGoalStore({ root });
  const identity = { sessionId: "session-v", host: "test", cwd };
  const checks = deriveChecks(words, cwd);
  store.update(identity, (session) => {
    const goal: GoalRecord = {
      ...createGoal({
        ...identity,
        objective: words,
        source: "slash",
        status: "active",
        checks,
        checkBaseline: baselineOf({ cwd, checks, checkPath: process.env["PATH"] ?? null }, new Date()),
        checkPath: process.env["PATH"] ?? null,
        startingPoint: options.startingPoint ?? false,
      }),
      doneSoFar: ["Changed add in math.js to return a + b"],
      validationProof: ["math.test.js asserts add(2, 3) is 5"],
      verificationResults: ["node --test math.test.js: 1 pass"],
      inspectionEvidence: ["Read math.js and math.test.js"],
      completionAudit: ["The objective checked against math.test.js"],
      toolHistory: [{ at: new Date().toISOString(), tool: "Edit", kind: "action", summary: "Edit: math.js" }],
    };
    session.goals.push(goal);
    session.activeGoalId = goal.id;
  });
  const requests: VerificationRequest[] = [];
  const tools = createGoalTools(store, { startVerification: (request) => requests.push(request) });
  const goal = () => store.read(identity.sessionId)!.goals[0]!;
  /** goalpost's run of the checks for the starting point, as the process started at capture runs it. */
  const start = () =>
    runStartingPoint(store, {
      task: "start",
      root,
      sessionId: identity.sessionId,
      goalId: goal().id,
      verificationId: goal().checkStart?.id ?? "",
      allowUnsandboxed: false,
    });
  return { store, root, identity, tools, requests, goal, start };
}
