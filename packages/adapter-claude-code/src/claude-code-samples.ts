// One payload of each kind, in the shapes the real Claude Code sends (its recorded fixtures,
// docs/hosts/claude-code.md §3): the adapter's warm-up and probe, its bench, the demo and tests.
import { type HostSamples, SAMPLE_SESSION, type SampleSession } from "@goalpost/adapter-kit";

export function claudeCodeSamples(session: SampleSession = SAMPLE_SESSION): HostSamples {
  const common = (event: string) => ({
    session_id: session.sessionId,
    transcript_path: session.transcriptPath,
    cwd: session.cwd,
    permission_mode: "default",
    hook_event_name: event,
  });
  const sample = (event: string, fields: Record<string, unknown>) => ({ event, payload: { ...common(event), ...fields } });
  const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command, description: "run" } });
  return {
    sessionStart: (source) => sample("SessionStart", { source, model: "claude-sample" }),
    prompt: (prompt) => sample("UserPromptSubmit", { prompt }),
    shellBefore: (id, command) => sample("PreToolUse", { ...bash(command), tool_use_id: id }),
    // Claude Code reports a failed command as PostToolUseFailure, its exit code in the error's text.
    shellAfter: (id, command, run) =>
      run.exitCode === 0
        ? sample("PostToolUse", {
            ...bash(command),
            tool_response: { stdout: run.output, stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
            tool_use_id: id,
          })
        : sample("PostToolUseFailure", {
            ...bash(command),
            tool_use_id: id,
            error: `Exit code ${run.exitCode}\n${run.output}`,
            is_interrupt: false,
          }),
    goalToolBefore: (id, tool, input) =>
      sample("PreToolUse", {
        tool_name: `mcp__goalpost__${tool}`,
        tool_input: input,
        tool_use_id: id,
        mcp_server: { name: "goalpost", source: "user" },
      }),
    preCompact: () => sample("PreCompact", { trigger: "manual", custom_instructions: null }),
    stop: () => sample("Stop", { stop_hook_active: false, last_assistant_message: "Done, I think." }),
    sessionEnd: () => sample("SessionEnd", { reason: "other" }),
  };
}
