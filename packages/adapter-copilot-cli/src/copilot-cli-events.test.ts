import { fileURLToPath } from "node:url";
import { hostFixtures } from "@goalpost/adapter-kit/testing";
import { describe, expect, it } from "vitest";
import { copilotCliEvent, copilotCliEvents, copilotCliOutput } from "./copilot-cli-events.js";
import { type CopilotCliHookEvent, copilotCliHookPayloadSchemas } from "./copilot-cli-hook-payload.js";

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
    ["agentStop-end-turn", { type: "stop-requested", stopHookActive: false, subagent: false }],
    ["agentStop-subagent", { type: "stop-requested", subagent: true }],
    ["subagentStart-task", { type: "subagent-started", subagent: true, agentType: "task" }],
    ["subagentStop-task", { type: "subagent-stopped", subagent: true }],
    ["sessionEnd-complete", { type: "session-ended", reason: "complete" }],
  ])("%s becomes %j", (name, expected) => {
    expect(translate(name)).toMatchObject({ ...expected, sessionId: "s", cwd: key.cwd, host: "copilot-cli" });
  });

  it("leaves a VS Code chat alone: VS Code reads ~/.copilot/hooks/ too, and its payloads name their event", () => {
    const vscode = {
      ...fixtures.payload("userPromptSubmitted-goal-autopilot"),
      hookEventName: "UserPromptSubmit",
      prompt: "/goal x",
    };
    expect(translate("userPromptSubmitted-goal-autopilot", vscode)).toBeNull();
    expect(translate("agentStop-end-turn", { ...fixtures.payload("agentStop-end-turn"), hook_event_name: "Stop" })).toBeNull();
  });

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
    const output = copilotCliOutput("preMcpToolCall", { action: "allow-tool" }, payload);
    expect(output).toEqual({ metaToUse: { "goalpost/toolCallId": payload["toolCallId"] } });
    expect(copilotCliEvents.preMcpToolCall.output.safeParse(output).success).toBe(true);
    // Another server's calls are not goalpost's; a refused call gets no id.
    expect(translate("preMcpToolCall-goalpost_status", { ...payload, serverName: "github" })).toBeNull();
    expect(copilotCliOutput("preMcpToolCall", { action: "deny-tool", reason: "subagent" }, payload)).toBeNull();
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
