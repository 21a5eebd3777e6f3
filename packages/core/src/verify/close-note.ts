// What the user hears when goalpost's own run closed their goal as complete: the verdict, and what the
// work changed since the goal was set — so that a change that special-cases the test run is in front of
// them. Said wherever the close is first seen: the stop that waited for the run, the next stop after it,
// and the status tool the agent asks (which tells the agent to pass it on).
import type { GoalRecord } from "../record/goal-record.js";
import { goalText, quotedGoal } from "../text/goal-text.js";
import { changesText } from "./changes-text.js";

export function closedNote(goal: GoalRecord, run: GoalRecord["verification"]): string {
  const verdict = run?.verdict ? `: ${goalText(run.verdict, 300)}` : "";
  const changed =
    run?.changed && run.changed.files.length > 0
      ? ` Changed since the goal was set: ${goalText(changesText(run.changed), 600)}.`
      : "";
  return `goalpost: goal ${quotedGoal(goal)} is closed as complete${verdict}.${changed}`;
}

/** The session's goal goalpost's run closed in the last day, if the last goal of the session is one. */
export function recentRunClose(goals: readonly GoalRecord[], now: Date): GoalRecord | null {
  const last = goals.filter((goal) => goal.closedAt !== null).at(-1);
  if (last?.status !== "complete" || last.verification?.state !== "passed" || last.closedAt === null) return null;
  return now.getTime() - Date.parse(last.closedAt) < 86_400_000 ? last : null;
}
