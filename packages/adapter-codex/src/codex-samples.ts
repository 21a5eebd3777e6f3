// One payload of each kind, in the shapes Codex 0.169 sends (docs/hosts/codex.md §3): the adapter's
// warm-up and probe, its bench, the demo and tests. A shell call's exit status is not in its payload
// but in Codex's rollout (`transcriptPath`), which whoever plays Codex writes (the demo, the bench).
import { type HostSamples, SAMPLE_SESSION, type SampleSession } from "@goalpost/adapter-kit";

export function codexSamples(session: SampleSession = SAMPLE_SESSION): HostSamples {
  const common = (event: string) => ({
    session_id: session.sessionId,
    transcript_path: session.transcriptPath,
    cwd: session.cwd,
    hook_event_name: event,
    model: "codex-sample",
  });
  const turn = (event: string) => ({
    ...common(event),
    turn_id: `${session.sessionId}-turn`,
    permission_mode: "bypassPermissions",
  });
  const sample = (event: string, fields: Record<string, unknown>, inTurn = true) => ({
    event,
    payload: { ...(inTurn ? turn(event) : common(event)), ...fields },
  });
  return {
    sessionStart: (source) => sample("SessionStart", { permission_mode: "bypassPermissions", source }, false),
    prompt: (prompt) => sample("UserPromptSubmit", { prompt }),
    shellBefore: (id, command) => sample("PreToolUse", { tool_name: "Bash", tool_input: { command }, tool_use_id: id }),
    shellAfter: (id, command, run) =>
      sample("PostToolUse", { tool_name: "Bash", tool_input: { command }, tool_response: run.output, tool_use_id: id }),
    goalToolBefore: (id, tool, input) =>
      sample("PreToolUse", { tool_name: `mcp__goalpost__${tool}`, tool_input: input, tool_use_id: id }),
    preCompact: () => sample("PreCompact", { turn_id: `${session.sessionId}-turn`, trigger: "manual" }, false),
    stop: () => sample("Stop", { stop_hook_active: false, last_assistant_message: "Done, I think." }),
    sessionEnd: () => sample("SessionEnd", { reason: "other" }, false),
  };
}
