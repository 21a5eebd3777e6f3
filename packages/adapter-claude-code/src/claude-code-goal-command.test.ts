import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runGoalCommand } from "./claude-code-goal-command.js";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function env(session?: string) {
  const root = mkdtempSync(join(tmpdir(), "goalpost-cli-"));
  roots.push(root);
  return { GOALPOST_HOME: root, CLAUDE_PROJECT_DIR: "/work/project", ...(session ? { CLAUDE_CODE_SESSION_ID: session } : {}) };
}

describe("goal tools from the shell", () => {
  it("ties the call to the session Claude Code names in CLAUDE_CODE_SESSION_ID", () => {
    const shell = env("session-1");
    expect(runGoalCommand("status", [], shell).stdout).toContain("This session has no open goal.");
    const opened = runGoalCommand("open", ['{"objective":"Tidy the scripts folder"}'], shell);
    expect(opened).toMatchObject({ exitCode: 0 });
    expect(opened.stdout).toMatch(/^Goal goal_\S+ is open: Tidy the scripts folder/);
    expect(
      runGoalCommand("update", ["-"], shell, () => '{"doneSoFar":["Moved the deploy script into scripts/"]}').stdout,
    ).toMatch(/updated \(doneSoFar\)/);
    expect(runGoalCommand("status", [], shell).stdout).toContain("Objective: Tidy the scripts folder");
    expect(runGoalCommand("status", [], { ...shell, CLAUDE_CODE_SESSION_ID: "another" }).stdout).toContain("no open goal");
  });

  it("refuses with the reason: no session, bad JSON, the completion gate", () => {
    expect(runGoalCommand("status", [], env())).toMatchObject({ exitCode: 2, stderr: expect.stringContaining("no session") });
    const shell = env("s");
    expect(runGoalCommand("open", ["{not json"], shell)).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining("must be a JSON object"),
    });
    runGoalCommand("open", ['{"objective":"Tidy the scripts folder"}'], shell);
    const refused = runGoalCommand("close", ['{"status":"complete"}'], shell);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/^Refusing to mark goal \S+ complete/);
  });

  it("honours --session over the environment", () => {
    const shell = env("from-env");
    runGoalCommand("open", ['{"objective":"Write the changelog"}', "--session", "explicit"], shell);
    expect(runGoalCommand("status", ["--session", "explicit"], shell).stdout).toContain("Write the changelog");
    expect(runGoalCommand("status", [], shell).stdout).toContain("no open goal");
  });
});
