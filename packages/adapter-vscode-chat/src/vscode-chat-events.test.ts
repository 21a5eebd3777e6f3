// VS Code's payloads through the built bin, a child process as VS Code runs it: both spellings read
// alike, answers in the shapes VS Code reads (docs/hosts/vscode-chat.md §4), and nothing answered that is not VS Code's.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { vscodeChatEvent } from "./vscode-chat-events.js";

const BIN = fileURLToPath(new URL("../dist/goalpost-vscode-chat.js", import.meta.url));
afterEach(removeTestdirs);

function hookRunner() {
  const root = testdir({ home: {}, project: {} });
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: join(root, "home") };
  const project = join(root, "project");
  return {
    project,
    run(event: string, payload: Record<string, unknown>) {
      const result = spawnSync(process.execPath, [BIN, "hook", event], {
        env,
        cwd: project,
        input: JSON.stringify(payload),
        encoding: "utf8",
      });
      return {
        stdout: result.stdout,
        stderr: result.stderr,
        output: result.stdout ? (JSON.parse(result.stdout) as Record<string, unknown>) : null,
      };
    },
  };
}

const code = (event: string, session: string, cwd: string, fields: Record<string, unknown> = {}) => ({
  timestamp: "2026-07-20T09:14:21.007Z",
  hook_event_name: event,
  session_id: session,
  transcript_path: "/t.jsonl",
  ...fields,
  cwd,
});
const docs = (event: string, session: string, cwd: string, fields: Record<string, unknown> = {}) => ({
  timestamp: "2026-07-20T09:14:21.007Z",
  cwd,
  sessionId: session,
  hookEventName: event,
  transcript_path: "/t.jsonl",
  ...fields,
});

describe("VS Code Copilot Chat events", { timeout: 60_000 }, () => {
  it("reads both spellings alike: the documented camelCase tool fields too", () => {
    const key = { sessionId: "s", cwd: "/p" };
    const snake = vscodeChatEvent(
      "PreToolUse",
      code("PreToolUse", "s", "/p", { tool_name: "read_file", tool_input: { filePath: "/p/a.ts" }, tool_use_id: "c1" }) as never,
      key,
    );
    const camel = vscodeChatEvent(
      "PreToolUse",
      docs("PreToolUse", "s", "/p", { toolName: "read_file", toolArgs: { filePath: "/p/a.ts" }, tool_use_id: "c1" }) as never,
      key,
    );
    expect(snake).toEqual(camel);
    expect(snake).toMatchObject({
      type: "tool-about-to-run",
      toolName: "read_file",
      toolInput: { filePath: "/p/a.ts" },
      subagent: false,
    });
    expect(
      vscodeChatEvent("SubagentStart", code("SubagentStart", "s", "/p", { agent_id: "a1", agent_type: "Plan" }) as never, key),
    ).toMatchObject({
      type: "subagent-started",
      subagent: true,
      agentId: "a1",
      agentType: "Plan",
    });
  });

  it("judges a terminal run by the exit code its text states last, and by VS Code's word that the tool succeeded", () => {
    const key = { sessionId: "s", cwd: "/p" };
    const ran = (response: string) =>
      vscodeChatEvent(
        "PostToolUse",
        code("PostToolUse", "s", "/p", {
          tool_name: "run_in_terminal",
          tool_input: { command: "npm test" },
          tool_response: response,
        }) as never,
        key,
      );
    expect(ran("Tests 3 passed")).toMatchObject({ succeeded: true, output: "Tests 3 passed" });
    expect(ran("exit code 0 from a child\nCommand exited with exit code 1")).toMatchObject({ succeeded: false, exitCode: 1 });
    expect(ran("Command exited with code 0")).toMatchObject({ succeeded: true, exitCode: 0 });
  });

  it("answers in VS Code's shapes: context with the event's own name, a stop block inside hookSpecificOutput", () => {
    for (const build of [code, docs]) {
      const hooks = hookRunner();
      const session = `s-${build.name}`;
      const start = hooks.run("SessionStart", build("SessionStart", session, hooks.project, { source: "new" })).output;
      expect(start).toEqual({
        hookSpecificOutput: {
          hookEventName: "SessionStart",
          additionalContext: `goalpost tools in this chat take sessionId "${session}" and cwd "${hooks.project}" as arguments.`,
        },
      });
      const captured = hooks.run(
        "UserPromptSubmit",
        build("UserPromptSubmit", session, hooks.project, { prompt: "/goal ship the parser" }),
      ).output as {
        systemMessage?: string;
        hookSpecificOutput: { hookEventName: string; additionalContext: string };
      };
      expect(captured.hookSpecificOutput.hookEventName).toBe("UserPromptSubmit");
      expect(captured.hookSpecificOutput.additionalContext).toMatch(/<session_goal id="goal_\w+" status="draft"/);
      expect(captured.systemMessage).toMatch(/goal captured/);
      const stop = hooks.run("Stop", build("Stop", session, hooks.project, { stop_hook_active: false })).output;
      expect(stop).toEqual({
        hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: expect.stringMatching(/should not stop yet/) },
      });
    }
  });

  it("carries a goal into a new chat at once on the user's /goal continue: VS Code says no chat's end, so no idle wait", () => {
    const hooks = hookRunner();
    const prompt = (session: string, text: string) =>
      hooks.run("UserPromptSubmit", code("UserPromptSubmit", session, hooks.project, { prompt: text })).output as {
        hookSpecificOutput?: { additionalContext?: string };
        systemMessage?: string;
      };
    prompt("chat-1", "/goal ship the parser");
    // A new chat a moment later: "keep going" does not take a goal from a chat that ran just now …
    const asked = prompt("chat-2", "keep going");
    expect(asked.hookSpecificOutput?.additionalContext).toMatch(/still being worked on in session chat-1/);
    // … the user's own /goal continue does.
    const moved = prompt("chat-2", "/goal continue");
    expect(moved.systemMessage).toMatch(/continuing goal "ship the parser"/);
    expect(moved.hookSpecificOutput?.additionalContext).toContain("ship the parser");
  });

  it("never breaks VS Code: a payload with no session, or another host's, gets no decision and no exit 2", () => {
    const hooks = hookRunner();
    const noSession = hooks.run("Stop", { hook_event_name: "Stop", stop_hook_active: false });
    expect(noSession.stdout).toBe("");
    expect(noSession.stderr).toMatch(/session_id or sessionId is required/);
    const copilotCli = hooks.run("Stop", { sessionId: "cli", timestamp: 1, cwd: hooks.project, stopReason: "end_turn" });
    expect(copilotCli.stdout).toBe("");
    expect(copilotCli.stderr).toBe("");
  });
});
