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

/**
 * The stop a hook answers when it finds no Node to run goalpost with (a host started from a GUI with a
 * bare PATH): written ahead of time in the host's words (the kit's without-node file), given only for a
 * main session's stop while the session's open marker is there — a goal known open is never let go for
 * want of Node.
 */
export const WITHOUT_NODE_DECISION: EngineDecision = {
  action: "block-stop",
  reason: `${STOP_BLOCK_PREFIX} a goal of this session is open, and goalpost's hook found no Node to check it with, so this stop was refused. Keep working on the goal.`,
  userNote:
    "goalpost's hook found no `node` on its PATH nor where goalpost was installed from: the stop was refused because this session's goal is open. Put Node on the PATH the host starts hooks with, or install goalpost again.",
};
