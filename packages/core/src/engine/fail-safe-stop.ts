// A stop the hook could not decide as usual (the disk full or read-only, a lock that never frees, a
// fault of goalpost's own): refused all the same while a goal is known open from what can be read
// (knownOpenGoal), and the user told why — enforcement never rests on a write succeeding. The kit
// asks this after any fault, for any event; only a main session's stop is refused.
import { knownOpenGoal } from "../store/known-open-goal.js";
import { goalText, quotedGoal } from "../text/goal-text.js";
import { type EngineDecision, type EngineEventInput, isMainStop } from "./engine-event.js";
import { STOP_BLOCK_PREFIX } from "./policy-text.js";

export function failSafeDecision(root: string, event: EngineEventInput | null, problem: string): EngineDecision | null {
  if (!event || !isMainStop(event)) return null;
  const goal = knownOpenGoal(root, event.sessionId);
  if (!goal?.enforced) return null;
  const objective = goal.objective ? ` (${goalText(goal.objective, 300)})` : "";
  const reason = `${STOP_BLOCK_PREFIX} goal ${goal.id}${objective} is still open. Keep working on it; close it with goalpost_close when its checks pass.`;
  const userNote = `goalpost could not record this stop (${problem}), so it went by what it could read: the goal ${quotedGoal(goal)} is open (from its ${goal.source}), and the stop was refused. Run \`goalpost doctor\`.`;
  return { action: "block-stop", reason, userNote };
}
