// One payload of each kind, in the shapes Copilot CLI 1.0.102 sends (docs/hosts/copilot-cli.md §3): flat
// camelCase; a shell result ends in Copilot's own `<shellId: N completed with exit code C>` line; a goal
// tool's MCP call is announced by preMcpToolCall. The adapter's warm-up and probe, its bench, the demo
// and tests. (`/goal` arrives as Copilot's autopilot wrapper: see copilot-cli-events.ts.)
import { type HostSamples, SAMPLE_SESSION, type SampleSession } from "@goalpost/adapter-kit";

export function copilotCliSamples(session: SampleSession = SAMPLE_SESSION): HostSamples {
  const sample = (event: string, fields: Record<string, unknown>) => ({
    event,
    payload: { sessionId: session.sessionId, timestamp: 0, cwd: session.cwd, ...fields },
  });
  const shell = (command: string) => ({ toolName: "bash", toolArgs: { command, description: "run" } });
  return {
    sessionStart: (source) => sample("sessionStart", { source: source === "startup" ? "new" : "resume" }),
    prompt: (prompt) => sample("userPromptSubmitted", { prompt }),
    shellBefore: (_id, command) => sample("preToolUse", shell(command)),
    shellAfter: (_id, command, run) =>
      sample("postToolUse", {
        ...shell(command),
        toolResult: {
          resultType: "success",
          textResultForLlm: `${run.output}\n<shellId: 0 completed with exit code ${run.exitCode}>`,
        },
      }),
    goalToolBefore: (id, tool, input) =>
      sample("preMcpToolCall", { toolCallId: id, serverName: "goalpost", toolName: tool, arguments: input }),
    preCompact: () => sample("preCompact", { trigger: "manual" }),
    stop: () =>
      sample("agentStop", {
        ...(session.transcriptPath ? { transcriptPath: session.transcriptPath } : {}),
        stopReason: "end_turn",
        stop_hook_active: false,
      }),
    sessionEnd: () => sample("sessionEnd", { reason: "complete" }),
  };
}
