// Claude Code runs its own `/goal clear` (stop, off, reset, none, cancel) as a local command: no
// UserPromptSubmit reaches hooks (seen with 2.1.330). It is recorded in the session transcript as
// `<command-name>/goal</command-name> … <command-args>clear</command-args>`, so goalpost reads the
// transcript's tail at the next prompt, stop or session start (core asks then: the profile says the host's
// goal changes only between turns) to mirror the clear.
import { type NativeGoalChange, recordTail } from "@goalpost/adapter-kit";
import type { EngineEventInput } from "@goalpost/core";
import { activeGoal, type SessionFile } from "@goalpost/core/internal";

/** How much of the transcript's end is read: the clear is recent by the time the next hook runs. */
const TAIL_BYTES = 256 * 1024;
const CLEAR_VERBS = new Set(["clear", "stop", "off", "reset", "none", "cancel"]);

/** Whether the user cleared Claude Code's own goal after `since` (an ISO time), per the transcript. */
export function nativeGoalClearedSince(transcriptPath: string, since: string): boolean {
  let text: string;
  try {
    text = recordTail(transcriptPath, TAIL_BYTES).text;
  } catch {
    return false;
  }
  if (!text.includes("<command-name>/goal</command-name>")) return false;
  for (const line of text.split("\n")) {
    if (!line.includes("<command-name>/goal</command-name>")) continue;
    try {
      const entry = JSON.parse(line) as { timestamp?: string; message?: { content?: unknown } };
      const content = typeof entry.message?.content === "string" ? entry.message.content : "";
      const args = /<command-args>([^<]*)<\/command-args>/.exec(content)?.[1]?.trim().toLowerCase() ?? "";
      if (CLEAR_VERBS.has(args) && typeof entry.timestamp === "string" && entry.timestamp > since) return true;
    } catch {
      // A line cut by the tail read, or not ours to understand.
    }
  }
  return false;
}

/** The adapter's nativeGoalChange: a `/goal clear` in Claude Code's transcript since the goal last changed. */
export function claudeCodeNativeGoalChange(
  payload: unknown,
  _event: EngineEventInput,
  session: () => Readonly<SessionFile> | null,
): NativeGoalChange | null {
  const transcriptPath = (payload as { transcript_path?: unknown }).transcript_path;
  // Asked by core at a prompt, a stop or a session's start only (the profile's hostGoalChanges).
  if (typeof transcriptPath !== "string") return null;
  const goal = activeGoal(session());
  // Since the goal last changed: a clear already acted on (the goal paused, then resumed by the user)
  // is not read again. A clear the user types comes between turns, after any change to the goal.
  return goal && nativeGoalClearedSince(transcriptPath, goal.updatedAt) ? { change: "cleared" } : null;
}
