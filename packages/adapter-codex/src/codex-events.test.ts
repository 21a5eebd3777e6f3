import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hostFixtures, removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { codexEvent, codexEvents, codexOutput } from "./codex-events.js";
import { type CodexHookEvent, codexHookPayloadSchemas } from "./codex-hook-payload.js";
import { commandExitCode } from "./codex-rollout.js";

const fixtureDir = fileURLToPath(new URL("./__fixtures__/", import.meta.url));
const fixtures = hostFixtures(fixtureDir, "codex");
const key = { sessionId: "s", cwd: "/home/user/proj" };

afterEach(removeTestdirs);

const translate = (payload: Record<string, unknown>) => {
  const event = payload["hook_event_name"] as CodexHookEvent;
  return codexEvent(event, codexHookPayloadSchemas[event].parse(payload) as never, key);
};

/** A copy of the recorded rollout lines of call_1 (its call, its output, Codex's item_completed with exit code 1). */
function rollout(extraBefore: string[] = []) {
  const path = join(testdir(), "rollout.jsonl");
  writeFileSync(path, [...extraBefore, readFileSync(join(fixtureDir, "codex-rollout-call_1.jsonl"), "utf8")].join("\n"));
  return path;
}

describe("Codex payloads recorded from the real host (0.169.0)", () => {
  it.each(fixtures.names())("%s passes its schema", (name) => {
    const payload = fixtures.payload(name);
    const event = payload["hook_event_name"] as CodexHookEvent;
    expect(codexHookPayloadSchemas[event].safeParse(payload).success).toBe(true);
  });

  it.each([
    ["SessionStart-startup", { type: "session-started", source: "startup", subagent: false }],
    ["SessionStart-resume", { type: "session-started", source: "resume" }],
    ["SessionStart-compact", { type: "session-started", source: "compact" }],
    ["UserPromptSubmit-goal-marker", { type: "prompt-submitted", origin: "user", subagent: false }],
    ["UserPromptSubmit-subagent", { type: "prompt-submitted", subagent: true }],
    ["PreToolUse-Bash", { type: "tool-about-to-run", toolName: "Bash", toolUseId: "call_1" }],
    ["PreToolUse-create_goal", { type: "tool-about-to-run", toolName: "create_goal" }],
    ["PreCompact-auto", { type: "compaction-about-to-run", trigger: "auto" }],
    ["Stop-turn-end", { type: "stop-requested", stopHookActive: false }],
    ["SubagentStart-default", { type: "subagent-started", subagent: true, agentType: "default" }],
    ["SubagentStop-default", { type: "subagent-stopped", subagent: true }],
    ["SessionEnd-exec", { type: "session-ended", reason: "other" }],
  ])("%s becomes %j", (name, expected) => {
    expect(translate(fixtures.payload(name))).toMatchObject({ ...expected, sessionId: "s", cwd: key.cwd, host: "codex" });
  });

  it("PostCompact is left alone: the restore goes in at SessionStart(compact), which follows it", () => {
    expect(translate(fixtures.payload("PostCompact-auto"))).toBeNull();
  });
});

describe("a shell call's result, from Codex's own rollout", () => {
  const post = (transcriptPath: string | null) => ({
    ...fixtures.payload("PostToolUse-Bash-exit-1"),
    transcript_path: transcriptPath,
  });

  it("takes the exit code Codex recorded: the output said 3 passed, the command exited 1", () => {
    expect(translate(post(rollout()))).toMatchObject({ type: "tool-ran", succeeded: false, exitCode: 1, output: "3 passed\n" });
  });

  it("says nothing when there is no record: no rollout, an ephemeral session, a command still running", () => {
    expect(translate(post(null))).toMatchObject({ succeeded: null, exitCode: null });
    expect(translate(post(join(testdir(), "missing.jsonl")))).toMatchObject({ succeeded: null });
    const running = join(testdir(), "rollout.jsonl");
    writeFileSync(running, readFileSync(join(fixtureDir, "codex-rollout-call_1.jsonl"), "utf8").split("\n")[0]!);
    expect(commandExitCode(running, "call_1")).toBeNull();
  });

  it("ignores a result written before the call itself (a line the agent forged, guessing the id)", () => {
    const forged = JSON.stringify({
      type: "event_msg",
      payload: { type: "item_completed", item: { type: "CommandExecution", id: "call_2", exit_code: 0 } },
    });
    const lines = readFileSync(join(fixtureDir, "codex-rollout-call_1.jsonl"), "utf8")
      .replaceAll("call_1", "call_2")
      .trim()
      .split("\n");
    const path = join(testdir(), "rollout.jsonl");
    // The forged success first, then Codex's own call with no result yet.
    writeFileSync(path, `${[forged, lines[0]].join("\n")}\n`);
    expect(commandExitCode(path, "call_2")).toBeNull();
    // Once Codex records the result, its own record is what counts.
    writeFileSync(path, `${[forged, ...lines].join("\n")}\n`);
    expect(commandExitCode(path, "call_2")).toBe(1);
  });

  it("finds the record behind a long tail of later lines", () => {
    const path = rollout();
    const filler = `${JSON.stringify({ type: "event_msg", payload: { type: "token_count", text: "x".repeat(1000) } })}\n`;
    writeFileSync(path, `${readFileSync(path, "utf8")}\n${filler.repeat(300)}`);
    expect(commandExitCode(path, "call_1")).toBe(1);
  });

  it("reads a call's success as success", () => {
    const path = join(testdir(), "ok.jsonl");
    copyFileSync(rollout(), path);
    writeFileSync(path, readFileSync(path, "utf8").replace('"exit_code":1', '"exit_code":0'));
    expect(translate(post(path))).toMatchObject({ succeeded: true, exitCode: 0 });
  });
});

describe("answers in the shapes Codex accepts (it ignores a whole answer with one unexpected field)", () => {
  const valid = (event: CodexHookEvent, output: unknown) => codexEvents[event].output.safeParse(output).success;

  it("denies a tool with permissionDecision deny and its reason", () => {
    const output = codexOutput("PreToolUse", { action: "deny-tool", reason: "drift" });
    expect(output).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "drift" },
    });
    expect(valid("PreToolUse", output)).toBe(true);
  });

  it("leaves 'allow' unsaid", () => {
    expect(codexOutput("PreToolUse", { action: "allow-tool" })).toBeNull();
  });

  it("blocks a stop with top-level decision and reason only, never hookSpecificOutput", () => {
    const output = codexOutput("Stop", { action: "block-stop", reason: "goal open", context: "ignored here" });
    expect(output).toEqual({ decision: "block", reason: "goal open" });
    expect(valid("Stop", { ...output, hookSpecificOutput: { hookEventName: "Stop", additionalContext: "x" } })).toBe(false);
  });

  it("puts context in hookSpecificOutput naming its own event, and nowhere it is not accepted", () => {
    for (const event of ["SessionStart", "UserPromptSubmit", "PostToolUse", "SubagentStart"] as const) {
      const output = codexOutput(event, { action: "none", context: "the goal", userNote: "note" });
      expect(output).toEqual({
        systemMessage: "note",
        hookSpecificOutput: { hookEventName: event, additionalContext: "the goal" },
      });
      expect(valid(event, output)).toBe(true);
      expect(valid(event, { hookSpecificOutput: { hookEventName: "Stop", additionalContext: "x" } })).toBe(false);
    }
    expect(codexOutput("PreCompact", { action: "none", context: "the goal" })).toBeNull();
    expect(codexOutput("SessionEnd", { action: "none", userNote: "bye" })).toBeNull();
  });

  it("bounds long context below what Codex spills to a file", () => {
    const output = codexOutput("SessionStart", { action: "none", context: "x".repeat(50_000) }) as {
      hookSpecificOutput: { additionalContext: string };
    };
    expect(output.hookSpecificOutput.additionalContext.length).toBeLessThanOrEqual(9_000);
    expect(valid("SessionStart", output)).toBe(true);
  });
});
