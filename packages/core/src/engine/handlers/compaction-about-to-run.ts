// Before compaction: the goal is written as a snapshot, served back in full when the session starts
// again after it (or at the first prompt, on hosts with no such start). With no goal, the compaction is
// noted where there is a working context to give back.
import { pushGoalEvent } from "../../record/bounded-history.js";
import { hasWork } from "../../record/working-context.js";
import { noteCompaction } from "../../session/compaction-restore.js";
import { activeGoal, replaceGoal } from "../../session/session-goals.js";
import { writeSnapshot } from "../../store/snapshots.js";
import { quotedGoal } from "../../text/goal-text.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";

/**
 * No goal: a session with a working context or a focus notes the compaction, so that the first prompt
 * after it (hosts with no start after one) gives them back. A session with neither writes nothing.
 */
function noteCompactionWithoutGoal(context: EngineContext, event: EngineEventOf<"compaction-about-to-run">): EngineDecision {
  const session = context.store.peek(event.sessionId);
  if (!session || (!hasWork(session.workingContext) && !session.focus)) return NO_DECISION;
  context.store.update(context.identityOf(event), (state) => {
    if (!activeGoal(state)) noteCompaction(state, context.now().toISOString(), event.trigger);
  });
  return NO_DECISION;
}

export function onCompactionAboutToRun(context: EngineContext, event: EngineEventOf<"compaction-about-to-run">): EngineDecision {
  if (event.subagent) return NO_DECISION;
  if (!activeGoal(context.store.peek(event.sessionId))) return noteCompactionWithoutGoal(context, event);
  const at = context.now().toISOString();
  const { session } = context.store.update(context.identityOf(event), (state) => {
    noteCompaction(state, at, event.trigger);
    const goal = activeGoal(state);
    if (goal) replaceGoal(state, pushGoalEvent(goal, { at, type: "snapshot", note: `before ${event.trigger} compaction` }));
  });
  const goal = activeGoal(session);
  if (!goal) return NO_DECISION;
  writeSnapshot(context.store, {
    sessionId: event.sessionId,
    goalId: goal.id,
    revision: goal.revision,
    trigger: event.trigger,
    text: context.render(session, goal, "full"),
  });
  return decision({ userNote: `goalpost: goal ${quotedGoal(goal)} saved for after compaction.` });
}
