// Codex's own goal (docs/hosts/codex.md §6). The model sets it with its create_goal tool, whose result the
// host returns to the PostToolUse hook: that goal is mirrored into goalpost's record when goalpost
// has none open. Marking it complete or pausing it (update_goal) is refused while goalpost's goal is
// open (the profile's nativeGoalCompletion and nativeGoalPause). What the user does in Codex's terminal
// UI (/goal, /goal pause|resume|clear) and Codex's own limits (usage_limited, budget_limited) reach no
// hook: every other main-session hook reads the goal store when it changed (codex-goal-store.ts), and
// the engine acts on what changed since it last looked.
import type { NativeGoalChange } from "@goalpost/adapter-kit";
import type { EngineEventInput, Env } from "@goalpost/core";
import type { SessionFile } from "@goalpost/core/internal";
import { goalStorePath, goalStoreSignature, readThreadGoal } from "./codex-goal-store.js";

interface CreateGoalResponse {
  readonly goal?: { readonly objective?: unknown; readonly status?: unknown };
}

function createdGoal(payload: unknown, event: EngineEventInput): NativeGoalChange | null {
  if (event.type !== "tool-ran" || event.toolName !== "create_goal") return null;
  const goal = (payload as { tool_response?: CreateGoalResponse }).tool_response?.goal;
  if (typeof goal?.objective !== "string" || goal.status !== "active") return null;
  return { change: "set", objective: goal.objective };
}

/** The thread's goal from Codex's store, when the store changed since this session last read it. */
function storedGoal(event: EngineEventInput, session: () => Readonly<SessionFile> | null, env: Env): NativeGoalChange | null {
  const path = goalStorePath(env);
  const seen = session()?.hostGoal;
  const signature = goalStoreSignature(path);
  if (signature === null) return seen?.goal ? { change: "observed", goal: null, signature: "no store" } : null;
  if (seen?.signature === signature) return null;
  const reading = readThreadGoal(path, event.sessionId, env);
  return "goal" in reading ? { change: "observed", goal: reading.goal, signature } : null;
}

export function codexNativeGoalChange(
  payload: unknown,
  event: EngineEventInput,
  session: () => Readonly<SessionFile> | null,
  env: Env,
): NativeGoalChange | null {
  return createdGoal(payload, event) ?? storedGoal(event, session, env);
}
