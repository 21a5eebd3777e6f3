import { describe, expect, it } from "vitest";
// @ts-expect-error: the example host is plain JavaScript.
import { acmeAdapter } from "../examples/example-host/example-host.mjs";
import type { HostAdapter } from "./host-adapter.js";
import { runGoalCommand } from "./shell-goal-tools.js";
import { removeTestdirs, testdir } from "./testing/index.js";

const adapter = acmeAdapter as HostAdapter;

function env(session?: string) {
  return { GOALPOST_HOME: testdir(), ...(session ? { ACME_SESSION: session } : {}) };
}

describe("goal tools from the shell", () => {
  it("ties the call to the session the host names in its session variable", () => {
    const shell = env("session-1");
    expect(runGoalCommand(adapter, "status", [], shell).stdout).toContain("This session has no open goal.");
    const opened = runGoalCommand(adapter, "open", ['{"objective":"Tidy the scripts folder"}'], shell);
    expect(opened).toMatchObject({ exitCode: 0 });
    expect(opened.stdout).toMatch(/^Goal goal_\S+ is open: Tidy the scripts folder/);
    expect(
      runGoalCommand(adapter, "update", ["-"], shell, () => '{"doneSoFar":["Moved the deploy script into scripts/"]}').stdout,
    ).toMatch(/updated \(doneSoFar\)/);
    expect(runGoalCommand(adapter, "status", [], shell).stdout).toContain("Objective: Tidy the scripts folder");
    expect(runGoalCommand(adapter, "status", [], { ...shell, ACME_SESSION: "another" }).stdout).toContain("no open goal");
    removeTestdirs();
  });

  it("refuses with the reason: no session, bad JSON, an unknown flag, the completion gate", () => {
    expect(runGoalCommand(adapter, "status", [], env())).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining("no session: run it inside Acme Agent (which sets ACME_SESSION)"),
    });
    const shell = env("s");
    expect(runGoalCommand(adapter, "open", ["{not json"], shell)).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining("must be a JSON object"),
    });
    expect(runGoalCommand(adapter, "status", ["--sesion", "x"], shell).exitCode).toBe(2);
    runGoalCommand(adapter, "open", ['{"objective":"Tidy the scripts folder"}'], shell);
    const refused = runGoalCommand(adapter, "close", ['{"status":"complete"}'], shell);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/^Refusing to mark goal \S+ complete/);
    removeTestdirs();
  });
});
