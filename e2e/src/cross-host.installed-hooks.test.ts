// A goal moves between hosts: left open in a Claude Code session, continued by `/goal continue` in a
// Codex session in the same directory — both hosts' hooks installed by their own CLIs into one HOME
// and run as the hosts run them. No adapter knows the other: each registers its state root in the
// machine's registry when a session starts or a prompt comes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { ADAPTER_BIN } from "./claude-code-home.js";
import { CODEX_ADAPTER_BIN } from "./codex-home.js";
import { verifies } from "./requirements.js";

afterEach(removeTestdirs);

describe("goals that move between hosts", { timeout: 120_000 }, () => {
  it("continues in Codex the goal a Claude Code session left open in the same directory", async () => {
    verifies("ANY-CROSS-HOST");
    const root = testdir({ home: { ".claude": {}, ".codex": {} }, project: {} });
    const home = join(root, "home");
    const project = join(root, "project");
    const env = {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: home,
      CLAUDE_CONFIG_DIR: join(home, ".claude"),
      CODEX_HOME: join(home, ".codex"),
    };
    for (const bin of [ADAPTER_BIN, CODEX_ADAPTER_BIN]) {
      const install = await execa(process.execPath, [bin, "install"], {
        cwd: project,
        env,
        extendEnv: false,
        reject: false,
      });
      expect(install.exitCode, String(install.stderr)).toBe(0);
    }
    const claude = installedHookCommands(
      JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8")).hooks,
      "goalpost-claude-code",
    );
    const codex = installedHookCommands(
      JSON.parse(readFileSync(join(home, ".codex", "hooks.json"), "utf8")).hooks,
      "goalpost-codex",
    );

    const left = runInstalledHook(
      claude["UserPromptSubmit"]!,
      {
        session_id: "claude-1",
        cwd: project,
        transcript_path: null,
        hook_event_name: "UserPromptSubmit",
        prompt: "/goal make the importer stream large files",
      },
      { env, cwd: project },
    );
    expect(left.status, left.stderr).toBe(0);
    // That session ends (a goal of a session still running moves only when the user names it).
    const ended = runInstalledHook(
      claude["SessionEnd"]!,
      { session_id: "claude-1", cwd: project, transcript_path: null, hook_event_name: "SessionEnd", reason: "exit" },
      { env, cwd: project },
    );
    expect(ended.status, ended.stderr).toBe(0);

    const started = runInstalledHook(
      codex["SessionStart"]!,
      {
        session_id: "codex-1",
        cwd: project,
        transcript_path: null,
        hook_event_name: "SessionStart",
        model: "m",
        source: "startup",
      },
      { env, cwd: project },
    );
    // A new Codex session hears of the goal Claude Code left, and is told it is not active.
    expect(JSON.stringify(started.output)).toContain("make the importer stream large files");
    const continued = runInstalledHook(
      codex["UserPromptSubmit"]!,
      {
        session_id: "codex-1",
        turn_id: "t",
        cwd: project,
        transcript_path: null,
        hook_event_name: "UserPromptSubmit",
        model: "m",
        prompt: "/goal continue",
      },
      { env, cwd: project },
    );
    expect(continued.status, continued.stderr).toBe(0);
    expect(continued.output).toMatchObject({
      hookSpecificOutput: {
        hookEventName: "UserPromptSubmit",
        additionalContext: expect.stringContaining("make the importer stream large files"),
      },
    });
    const codexGoal = createGoalStore({ root: join(home, ".codex", "goalpost") }).read("codex-1")!.goals[0]!;
    expect(codexGoal).toMatchObject({ objective: "make the importer stream large files", closedAt: null });
    expect(codexGoal.history.at(-1)).toMatchObject({ type: "moved", note: "continued from claude-code session claude-1" });
    const claudeGoal = createGoalStore({ root: join(home, ".claude", "goalpost") }).read("claude-1")!.goals[0]!;
    expect(claudeGoal).toMatchObject({ status: "cancelled", closeReason: "moved to codex session codex-1" });
  });
});
