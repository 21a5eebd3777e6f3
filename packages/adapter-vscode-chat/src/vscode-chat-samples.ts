// One payload of each kind, in the spelling VS Code Copilot Chat's extension code writes
// (docs/hosts/vscode-chat.md §3; constructed — VS Code cannot run headless): snake_case, `cwd` last and
// only when a folder is open; a terminal run's exit status in the tool's text; no session end. The
// adapter's warm-up and probe, its bench, the demo and tests.
import { type HostSamples, SAMPLE_SESSION, type SampleSession } from "@goalpost/adapter-kit";

export function vscodeChatSamples(session: SampleSession = SAMPLE_SESSION): HostSamples {
  const sample = (event: string, fields: Record<string, unknown>) => ({
    event,
    payload: {
      timestamp: "2026-01-01T00:00:00.000Z",
      hook_event_name: event,
      session_id: session.sessionId,
      transcript_path: session.transcriptPath,
      ...fields,
      cwd: session.cwd,
    },
  });
  const terminal = (command: string) => ({
    tool_name: "run_in_terminal",
    tool_input: { command, explanation: "run", isBackground: false },
  });
  return {
    sessionStart: () => sample("SessionStart", { source: "new" }),
    prompt: (prompt) => sample("UserPromptSubmit", { prompt }),
    shellBefore: (id, command) => sample("PreToolUse", { ...terminal(command), tool_use_id: id }),
    shellAfter: (id, command, run) =>
      sample("PostToolUse", {
        ...terminal(command),
        tool_use_id: id,
        tool_response: `${run.output}\nCommand exited with exit code ${run.exitCode}`,
      }),
    goalToolBefore: (id, tool, input) =>
      sample("PreToolUse", { tool_name: `mcp_goalpost_${tool}`, tool_input: input, tool_use_id: id }),
    preCompact: () => sample("PreCompact", { trigger: "auto" }),
    stop: () => sample("Stop", { stop_hook_active: false }),
    sessionEnd: () => null,
  };
}
