import { fileURLToPath } from "node:url";
import { hostFixtures } from "@goalpost/adapter-kit/testing";
import { describe, expect, it } from "vitest";
import { claudeCodeEvent, claudeCodeEvents, claudeCodeOutput } from "./claude-code-events.js";
import { type ClaudeCodeHookEvent, claudeCodeHookPayloadSchemas } from "./claude-code-hook-payload.js";

const fixtures = hostFixtures(fileURLToPath(new URL("./__fixtures__/", import.meta.url)), "claude-code");
const fixture = fixtures.payload;
const fixtureNames = fixtures.names;

const key = { sessionId: "s", cwd: "/home/user/proj" };
const translate = (name: string) => {
  const payload = fixture(name);
  const event = payload["hook_event_name"] as ClaudeCodeHookEvent;
  return claudeCodeEvent(event, claudeCodeHookPayloadSchemas[event].parse(payload) as never, key);
};

describe("Claude Code payloads recorded from the real host", () => {
  it.each(fixtureNames())("%s passes its schema", (name) => {
    const payload = fixture(name);
    const event = payload["hook_event_name"] as ClaudeCodeHookEvent;
    expect(claudeCodeHookPayloadSchemas[event].safeParse(payload).success).toBe(true);
  });

  it.each([
    ["SessionStart-startup", { type: "session-started", source: "startup", subagent: false }],
    ["SessionStart-resume", { type: "session-started", source: "resume" }],
    ["SessionStart-compact", { type: "session-started", source: "compact" }],
    ["UserPromptSubmit-goal", { type: "prompt-submitted", origin: "user" }],
    ["UserPromptSubmit-task-notification", { type: "prompt-submitted", origin: "host" }],
    ["PreToolUse-Bash", { type: "tool-about-to-run", toolName: "Bash", subagent: false }],
    ["PreToolUse-Bash-subagent", { type: "tool-about-to-run", subagent: true }],
    ["PreToolUse-mcp-goalpost", { type: "tool-about-to-run", toolName: "mcp__goalpost__goalpost_open" }],
    ["PostToolUse-Bash", { type: "tool-ran", succeeded: true }],
    ["PostToolUseFailure-Bash", { type: "tool-ran", succeeded: false, exitCode: 3 }],
    ["PreCompact-manual", { type: "compaction-about-to-run", trigger: "manual" }],
    ["Stop-first", { type: "stop-requested", stopHookActive: false }],
    ["Stop-reentry", { type: "stop-requested", stopHookActive: true }],
    ["SubagentStart-general-purpose", { type: "subagent-started", subagent: true }],
    ["SubagentStop-general-purpose", { type: "subagent-stopped", subagent: true }],
    ["SessionEnd-other", { type: "session-ended", reason: "other" }],
  ])("%s becomes %j", (name, expected) => {
    expect(translate(name)).toMatchObject({ ...expected, sessionId: "s", cwd: "/home/user/proj", host: "claude-code" });
  });

  it("ignores the SubagentStop that compaction fires (agent_type empty)", () => {
    expect(translate("SubagentStop-compaction")).toBeNull();
  });

  it("keys the session by the project directory, never the payload's own cwd", () => {
    const event = translate("PreToolUse-Bash");
    expect(event?.cwd).toBe(key.cwd);
  });
});

describe("answers in the shapes Claude Code accepts", () => {
  it("denies a tool with permissionDecision deny and its reason", () => {
    expect(claudeCodeOutput("PreToolUse", { action: "deny-tool", reason: "drift" })).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "drift" },
    });
  });

  it("allows goalpost's own tools", () => {
    expect(claudeCodeOutput("PreToolUse", { action: "allow-tool" })).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" },
    });
  });

  it("blocks a stop with top-level decision and reason", () => {
    expect(claudeCodeOutput("Stop", { action: "block-stop", reason: "goal open" })).toEqual({
      decision: "block",
      reason: "goal open",
    });
  });

  it("injects context as hookSpecificOutput.additionalContext named for the event, and the user note as systemMessage", () => {
    expect(claudeCodeOutput("UserPromptSubmit", { action: "none", context: "<session_goal>", userNote: "captured" })).toEqual({
      systemMessage: "captured",
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "<session_goal>" },
    });
    expect(claudeCodeOutput("SubagentStart", { action: "none", context: "boundary" })).toEqual({
      hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: "boundary" },
    });
  });

  it("answers nothing for no decision, and never puts context where Claude Code does not take it", () => {
    expect(claudeCodeOutput("PreToolUse", { action: "none" })).toBeNull();
    expect(claudeCodeOutput("PreCompact", { action: "none", context: "x", userNote: "saved" })).toEqual({
      systemMessage: "saved",
    });
    expect(claudeCodeOutput("SessionEnd", { action: "none", userNote: "bye" })).toBeNull();
  });

  it("keeps every string under the size Claude Code spills to a file", () => {
    const output = claudeCodeOutput("SessionStart", { action: "none", context: "x".repeat(20_000) }) as {
      hookSpecificOutput: { additionalContext: string };
    };
    expect(output.hookSpecificOutput.additionalContext.length).toBeLessThan(10_000);
  });
});

describe("every answer fits the strict schema of its event", () => {
  const decisions = [
    { action: "none", context: "<session_goal>", userNote: "note" },
    { action: "deny-tool", reason: "drift", context: "why" },
    { action: "allow-tool" },
    { action: "block-stop", reason: "goal open", userNote: "blocked" },
    { action: "none", userNote: "only a note" },
  ] as const;
  it.each(Object.keys(claudeCodeEvents))("%s", (name) => {
    const spec = claudeCodeEvents[name as ClaudeCodeHookEvent];
    for (const decision of decisions) {
      const output = spec.toOutput(decision);
      if (output !== null) expect(spec.output.safeParse(output).success, JSON.stringify(output)).toBe(true);
    }
  });

  it("refuses an answer with a field Claude Code does not take", () => {
    expect(claudeCodeEvents.Stop.output.safeParse({ decision: "block", reason: "x", extra: 1 }).success).toBe(false);
    expect(
      claudeCodeEvents.SessionStart.output.safeParse({ hookSpecificOutput: { hookEventName: "Stop", additionalContext: "x" } })
        .success,
    ).toBe(false);
  });
});
