// The agent wants to stop: refused while the main session's goal is open (a goal blocked with its
// blockers recorded may stop). After `stopBlockLimit` refusals in a row with no progress, the stop is
// let through as a stall, so a host without a loop cap of its own never loops forever.
import { pushGoalEvent } from "../../record/bounded-history.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { stallNote, stopBlockReason } from "../policy-text.js";
import { activeGoal, replaceGoal } from "../session-goals.js";

export function onStopRequested(context: EngineContext, event: EngineEventOf<"stop-requested">): EngineDecision {
  const { store, config } = context;
  if (event.subagent || config.enforcement !== "enforce") return NO_DECISION;
  const root = activeGoal(store.peek(event.sessionId));
  if (!root || root.status === "paused" || (root.status === "blocked" && root.blockers.length > 0)) return NO_DECISION;
  const { result } = store.update(context.identityOf(event), (state) => {
    const goal = activeGoal(state);
    if (!goal) return NO_DECISION;
    if (state.counters.consecutiveStopBlocks >= config.stopBlockLimit) {
      const blocks = state.counters.consecutiveStopBlocks;
      state.counters.stalls += 1;
      state.counters.consecutiveStopBlocks = 0;
      replaceGoal(
        state,
        pushGoalEvent(goal, {
          at: context.now().toISOString(),
          type: "stalled",
          note: `${blocks} blocked stops without progress`,
        }),
      );
      return decision({ userNote: stallNote(goal, blocks) });
    }
    state.counters.consecutiveStopBlocks += 1;
    return decision({ action: "block-stop", reason: stopBlockReason(goal) });
  });
  if (result.userNote) store.audit({ sessionId: event.sessionId, goalId: root.id, type: "stalled", note: result.userNote });
  return result;
}
