// A compaction takes the conversation's goal with it: goalpost notes it before (compaction-about-to-run)
// and the first event after that can carry context back gives the goal in full — a session start after
// compaction, else the first prompt, tool call or tool result (hosts without that start). Every handler
// keeps this bookkeeping here, so "restored" means one thing wherever it happens.
import { pushGoalEvent } from "../record/bounded-history.js";
import type { SessionFile } from "../store/session-file.js";
import { activeGoal, replaceGoal } from "./session-goals.js";

/** A compaction is about to run: noted, and what the model had of the goal goes with the conversation. */
export function noteCompaction(state: SessionFile, at: string, trigger: string): void {
  state.compactions.push({ at, trigger, restoredAt: null });
  // The goal is sent in full again after it, and what to do at a refused stop or at drift is spelled out again.
  state.sentGoal = null;
  state.sentFocus = null;
  state.stopGuided = null;
  state.driftGuided = null;
}

/** Whether a compaction has not been followed by the goal in full yet. */
export const awaitsRestore = (state: SessionFile): boolean => state.compactions.some((entry) => entry.restoredAt === null);

/**
 * The goal goes back in now: every compaction waiting is marked restored, and the goal's history says
 * where (`how`: "rendered at the first prompt after compaction", …). False when none was waiting.
 * `compacted`: the host said a compaction ran (a session start after one), noted before it or not.
 */
export function markRestored(state: SessionFile, at: string, how: string, compacted = false): boolean {
  if (!compacted && !awaitsRestore(state)) return false;
  for (const entry of state.compactions) entry.restoredAt ??= at;
  const goal = activeGoal(state);
  if (goal) replaceGoal(state, pushGoalEvent(goal, { at, type: "restored", note: how }));
  return true;
}
