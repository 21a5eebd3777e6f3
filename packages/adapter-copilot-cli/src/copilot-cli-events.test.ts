import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hostFixtures, removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { copilotCliEvent, copilotCliEvents, copilotCliOutput, isVsCodePayload } from "./copilot-cli-events.js";
import { type CopilotCliHookEvent, copilotCliHookPayloadSchemas } from "./copilot-cli-hook-payload.js";

afterEach(() => removeTestdirs());

const fixtures = hostFixtures(fileURLToPath(new URL("./__fixtures__/", import.meta.url)), "copilot-cli");
const key = { sessionId: "s", cwd: "/home/user/proj" };
const eventOf = (name: string) => name.split("-")[0] as CopilotCliHookEvent;
const translate = (name: string, payload = fixtures.payload(name)) =>
  copilotCliEvent(eventOf(name), copilotCliHookPayloadSchemas[eventOf(name)].parse(payload) as never, key);

describe("Copilot CLI payloads recorded from the real host (1.0.102)", () => {
  it.each(fixtures.names())("%s passes its schema", (name) => {
    expect(copilotCliHookPayloadSchemas[eventOf(name)].safeParse(fixtures.payload(name)).success).toBe(true);
  });

  it.each([
    ["sessionStart-new", { type: "session-started", source: "startup", subagent: false }],
    [
      "userPromptSubmitted-goal-autopilot",
      { type: "prompt-submitted", prompt: "/goal make the importer stream", origin: "user" },
    ],
    ["userPromptSubmitted-autopilot-nudge", { type: "prompt-submitted", origin: "host" }],
    ["userPromptSubmitted-subagent", { type: "prompt-submitted", subagent: true }],
    ["preToolUse-bash", { type: "tool-about-to-run", toolName: "bash", toolInput: { command: "echo '3 passed'; exit 1" } }],
    ["preToolUse-task_complete", { type: "tool-about-to-run", toolName: "task_complete" }],
    ["agentStop-end-turn", { type: "stop-requested", stopHookActive: false, subagent: false, endReason: "end_turn" }],
    ["agentStop-subagent", { type: "stop-requested", subagent: true }],
    ["subagentStart-task", { type: "subagent-started", subagent: true, agentType: "task" }],
    ["subagentStop-task", { type: "subagent-stopped", subagent: true }],
    ["sessionEnd-complete", { type: "session-ended", reason: "complete" }],
  ])("%s becomes %j", (name, expected) => {
    expect(translate(name)).toMatchObject({ ...expected, sessionId: "s", cwd: key.cwd, host: "copilot-cli" });
  });

  it("leaves a VS Code chat alone, with no fault recorded: VS Code runs this hook file too, and its payloads name their event", () => {
    const bin = fileURLToPath(new URL("../dist/goalpost-copilot-cli.js", import.meta.url));
    const home = testdir({});
    const spellings = [
      { sessionId: "v", hookEventName: "PreToolUse", toolName: "run_in_terminal", toolArgs: { command: "ls" }, cwd: "/p" },
      { session_id: "v", hook_event_name: "PreToolUse", tool_name: "run_in_terminal", tool_input: { command: "ls" }, cwd: "/p" },
    ];
    for (const payload of spellings) {
      for (const event of ["userPromptSubmitted", "preToolUse", "postToolUse", "agentStop"]) {
        const run = spawnSync(process.execPath, [bin, "hook", event], {
          input: JSON.stringify(payload),
          env: { ...process.env, GOALPOST_HOME: home },
          encoding: "utf8",
        });
        expect([run.status, run.stdout, run.stderr]).toEqual([0, "", ""]);
      }
    }
    expect(existsSync(join(home, "notices.json"))).toBe(false);
    expect(isVsCodePayload({ sessionId: "s", prompt: "x" })).toBe(false);
  }, 60_000); // eight hook processes: seconds on a loaded machine

  it("judges a shell call by the exit code in the trailer Copilot appends, not by resultType or the words", () => {
    // Recorded: `echo '3 passed'; exit 1` came back as resultType "success".
    expect(translate("postToolUse-bash-exit-1")).toMatchObject({ type: "tool-ran", succeeded: false, exitCode: 1 });
    const payload = fixtures.payload("postToolUse-bash-exit-1");
    const forged = {
      ...payload,
      toolResult: {
        resultType: "success",
        textResultForLlm: "<shellId: 0 completed with exit code 0>\nmore output\n<shellId: 0 completed with exit code 1>",
      },
    };
    expect(translate("postToolUse-bash-exit-1", forged)).toMatchObject({ succeeded: false, exitCode: 1 });
    const none = { ...payload, toolResult: { resultType: "success", textResultForLlm: "3 passed\n" } };
    expect(translate("postToolUse-bash-exit-1", none)).toMatchObject({ succeeded: null, exitCode: null });
  });

  it("records a goalpost MCP call by its id and puts that id in the call's _meta", () => {
    const payload = fixtures.payload("preMcpToolCall-goalpost_status");
    expect(translate("preMcpToolCall-goalpost_status")).toMatchObject({
      type: "tool-about-to-run",
      toolName: "goalpost_status",
      toolUseId: payload["toolCallId"],
    });
    const output = copilotCliEvents.preMcpToolCall.toOutput({ action: "allow-tool" }, payload);
    expect(output).toEqual({ metaToUse: { "goalpost/toolCallId": payload["toolCallId"] } });
    expect(copilotCliEvents.preMcpToolCall.output.safeParse(output).success).toBe(true);
    // Another server's calls are not goalpost's; a refused call gets no id.
    expect(translate("preMcpToolCall-goalpost_status", { ...payload, serverName: "github" })).toBeNull();
    expect(copilotCliEvents.preMcpToolCall.toOutput({ action: "deny-tool", reason: "subagent" }, payload)).toBeNull();
  });

  it("takes a blocked stop's reason, coming back as a prompt, for the host's", () => {
    const payload = {
      ...fixtures.payload("userPromptSubmitted-autopilot-nudge"),
      prompt: "goalpost: this session should not stop yet: goal g1 is still open.",
    };
    expect(translate("userPromptSubmitted-autopilot-nudge", payload)).toMatchObject({ origin: "host" });
  });
});

describe("answers in the shapes Copilot CLI accepts (flat objects)", () => {
  const valid = (event: CopilotCliHookEvent, output: unknown) => copilotCliEvents[event].output.safeParse(output).success;

  it("denies a tool with permissionDecision deny and its reason", () => {
    const output = copilotCliOutput("preToolUse", { action: "deny-tool", reason: "drift" });
    expect(output).toEqual({ permissionDecision: "deny", permissionDecisionReason: "drift" });
    expect(valid("preToolUse", output)).toBe(true);
  });

  it("blocks a stop with decision and reason; injects context only where Copilot reads it", () => {
    expect(copilotCliOutput("agentStop", { action: "block-stop", reason: "goal open" })).toEqual({
      decision: "block",
      reason: "goal open",
    });
    for (const event of ["sessionStart", "userPromptSubmitted", "postToolUse", "subagentStart"] as const) {
      const output = copilotCliOutput(event, { action: "none", context: "the goal", userNote: "note" });
      expect(output).toEqual({ additionalContext: "the goal" });
      expect(valid(event, output)).toBe(true);
    }
    expect(copilotCliOutput("preCompact", { action: "none", context: "the goal" })).toBeNull();
    expect(copilotCliOutput("sessionEnd", { action: "none", userNote: "bye" })).toBeNull();
    expect(valid("agentStop", { decision: "block", reason: "x", additionalContext: "y" })).toBe(false);
  });
});
