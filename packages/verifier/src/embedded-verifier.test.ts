// The verifier embedded in a harness's own process (verifyInProcess, which a harness passes to the
// engine and the goal tools): the baseline does not wait for the caller to await anything, and sessions that
// close at once each verify — no run voids another, none waits for the user.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createGoalEngine, createGoalStore, createGoalTools, DEFAULT_ENGINE_CONFIG } from "@goalpost/core/internal";
import { describe, expect, it } from "vitest";
import { verifyInProcess } from "./index.js";
import { buggyProject, FIXED_ADD, goalOn, sandboxUnavailable, temporaryDir } from "./test-projects.js";

const unavailable = await sandboxUnavailable();

async function until<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the verifier in a harness's own process", { timeout: 120_000 }, () => {
  it("records what defines the checks inside the call that set the goal: a harness that never awaits still has it", () => {
    const cwd = buggyProject();
    const store = createGoalStore({ root: join(temporaryDir("goalpost-state-"), "state") });
    const engine = createGoalEngine({ store, startVerification: verifyInProcess(store) });
    const identity = { sessionId: "h-1", host: "my-harness", cwd };
    engine.handle({ type: "prompt-submitted", ...identity, prompt: "/goal fix add; done when `npm test` passes" });
    // No await, no turn of the event loop: the agent's edit comes next, and the baseline is already there.
    const goal = store.read("h-1")?.goals[0];
    expect(goal?.checks.map((check) => check.command)).toEqual(["npm test"]);
    expect(goal?.checkBaseline?.files).toHaveProperty(["math.test.js"]);
    expect(goal?.checkBaseline?.files).toHaveProperty(["package.json"]);
  });

  it.skipIf(unavailable !== null)("two sessions closing at once both close on goalpost's own run, from one process", async () => {
    const setups = [buggyProject(), buggyProject()].map((cwd) => {
      writeFileSync(join(cwd, "math.js"), FIXED_ADD);
      return goalOn(cwd);
    });
    // The goal tools with the in-process starter: the runs happen in this process, in the background.
    const answers = setups.map((setup) =>
      createGoalTools(setup.store, { startVerification: verifyInProcess(setup.store) }).close(setup.identity, {
        status: "complete",
      }),
    );
    for (const answer of answers) expect(answer.text).toMatch(/goalpost is now running the user's checks itself/);
    // The stop right after: held while the run goes on, answered at once — a wait here would hold the
    // very event loop the run needs. The engine uses the in-process starter too, as a harness's does.
    const engine = createGoalEngine({ store: setups[0]!.store, startVerification: verifyInProcess(setups[0]!.store) });
    const asked = Date.now();
    const stop = engine.handle({ type: "stop-requested", ...setups[0]!.identity });
    expect(Date.now() - asked).toBeLessThan(DEFAULT_ENGINE_CONFIG.verifyWaitSeconds * 500);
    expect(stop).toMatchObject({ action: "block-stop", reason: expect.stringMatching(/^goalpost is still verifying/) });
    const goals = await until(
      () => setups.map((setup) => setup.goal()),
      (goals) => goals.every((goal) => goal.status !== "active"),
    );
    expect(goals.map((goal) => [goal.status, goal.verification?.state, goal.awaitingUser])).toEqual([
      ["complete", "passed", null],
      ["complete", "passed", null],
    ]);
    expect(goals.map((goal) => goal.verification?.sandbox)).toEqual(["bubblewrap", "bubblewrap"]);
  });
});
