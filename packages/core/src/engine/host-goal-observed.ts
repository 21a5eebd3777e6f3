// The host's own goal as the adapter read it from the host's record (Codex's goal store), compared with
// what the engine saw last time: each change is acted on once, by the hook process that records it.
//
// - A new active host goal (the user typed /goal in the host's UI, where no prompt hook sees it) is
//   mirrored when goalpost has no goal open; while the mirror of the host's previous goal is open, it
//   waits beside it for the user's `goal: confirm` (one mirrored already from the host's tool call,
//   with the same objective, is kept). A record is a file a command can write (host-record-change.ts).
// - Paused and resumed follow on the mirror: the model cannot pause the host's goal while goalpost's
//   goal is open (see HostProfile.nativeGoalCompletion), so a pause in the record is the user's.
// - Cleared (the record has no goal any more) pauses the mirror and asks the user (host-record-change.ts).
// - Usage- and budget-limited are remembered: while the host says its work stopped for a limit, a
//   stop goes through (see stop-requested.ts) and the goal stays open to be continued.
// A goal goalpost captured from the user's own words is never paused, replaced or cleared from here.

import { type HostGoal, isHostLimited } from "../host/host-goal.js";
import type { GoalRecord } from "../record/goal-record.js";
import { activeGoal, goalAncestors } from "../session/session-goals.js";
import type { SessionFile } from "../store/session-file.js";
import { quotedGoal } from "../text/goal-text.js";
import { decision, type EngineContext } from "./engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "./engine-event.js";
import { captureGoal, setPaused } from "./goal-changes.js";
import { holdClearedGoal, proposeFromRecord } from "./host-record-change.js";

type Event = EngineEventOf<"native-goal-changed">;

/** The open goal that mirrors the host's goal: the session's goal, when it came from the host. */
function mirrorIn(session: SessionFile | null): GoalRecord | null {
  const goal = activeGoal(session);
  if (!goal) return null;
  const root = goalAncestors(session!, goal)[0] ?? goal;
  return root.source === "native" ? goal : null;
}

/** Said to the user when a stop goes through because the host's goal stopped for a limit. */
export const hostLimitNote = (goal: HostGoal, open: GoalRecord) =>
  `goalpost: the host's own goal ${goal.status === "usage-limited" ? "was stopped by the account's usage limit" : "ran out of its token budget"}, so goalpost lets the agent stop. Goal ${quotedGoal(open)} stays open: continue it with goal: continue, here or in another host.`;

export function onHostGoalObserved(context: EngineContext, event: Event): EngineDecision {
  const now = event.goal ?? null;
  const signature = event.signature ?? "";
  // Recorded even when the host has no goal for this session, so the adapter reads its record again
  // only when that changes. Recorded first, under the session's lock: of two hooks that read the same change, one acts.
  const { result: before } = context.store.update(context.identityOf(event), (state) => {
    const seen = state.hostGoal;
    if (seen?.signature === signature) return undefined;
    state.hostGoal = { signature, goal: now };
    return seen?.goal ?? null;
  });
  if (before === undefined) return NO_DECISION;
  const session = context.store.peek(event.sessionId);
  const open = activeGoal(session);
  const mirror = mirrorIn(session);

  if (!now) return before && mirror ? holdClearedGoal(context, event, mirrorIn) : NO_DECISION;
  if (now.status === "active" && before?.id !== now.id) {
    // Not mirrored yet: goalpost has another goal open, or this one came through the host's tool call already.
    if ((open && !mirror) || mirror?.objective === now.objective.trim()) return NO_DECISION;
    if (mirror) return proposeFromRecord(context, event, now.objective.trim());
    return captureGoal(context, { ...event, prompt: now.objective }, { objective: now.objective, source: "native" });
  }
  if (open && isHostLimited(now) && !isHostLimited(before)) return decision({ userNote: hostLimitNote(now, open) });
  if (!mirror || before?.id !== now.id) return NO_DECISION;
  if (now.status === "paused" && mirror.status !== "paused") return moveMirror(context, event, "paused");
  if (now.status === "active" && before.status === "paused" && mirror.status === "paused")
    return moveMirror(context, event, "resumed");
  return NO_DECISION;
}

function moveMirror(context: EngineContext, event: Event, change: "paused" | "resumed"): EngineDecision {
  const { session, result } = setPaused(context, event, change === "paused", mirrorIn);
  if (!result) return NO_DECISION;
  return decision({
    context: context.render(session, result, "full"),
    userNote: `goalpost: goal ${quotedGoal(result)} ${change} with ${event.host}'s own goal.`,
  });
}
