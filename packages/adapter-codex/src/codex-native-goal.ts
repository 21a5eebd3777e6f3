// Codex's own goal (HOSTS.md §2.6). The model sets it with its create_goal tool, whose result the
// host returns to the PostToolUse hook: that goal is mirrored into goalpost's record when goalpost
// has none open. Marking it complete (update_goal) is refused while goalpost's goal is open (see
// the profile's nativeGoalCompletion). A goal set in Codex's terminal UI reaches no hook; goalpost
// does not read it (see README, "Codex's own goal").
import type { NativeGoalChange } from "@goalpost/adapter-kit";
import type { EngineEventInput } from "@goalpost/core";

interface CreateGoalResponse {
  readonly goal?: { readonly objective?: unknown; readonly status?: unknown };
}

export function codexNativeGoalChange(payload: unknown, event: EngineEventInput): NativeGoalChange | null {
  if (event.type !== "tool-ran" || event.subagent || event.toolName !== "create_goal") return null;
  const goal = (payload as { tool_response?: CreateGoalResponse }).tool_response?.goal;
  if (typeof goal?.objective !== "string" || goal.status !== "active") return null;
  return { change: "set", objective: goal.objective };
}
