// A session started, resumed, was cleared or compacted. After compaction the goal comes back in full
// (the snapshot written before it, if it still matches); on resume a compact form, since most hosts replay
// earlier hook context from the transcript; with no goal, what the session works on (its issue, from the
// branch) and a hint at goals left in this directory — and after a compaction, its working context.
import { markRestored } from "../../session/compaction-restore.js";
import { activeGoal } from "../../session/session-goals.js";
import { serveSnapshot } from "../../store/snapshots.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { noticeIssue } from "../github-issue-notice.js";
import { pendingFocus, restoreWorkingContext } from "../session-focus.js";

function restoreAfterCompaction(context: EngineContext, event: EngineEventOf<"session-started">): EngineDecision {
  const { store } = context;
  const session = store.read(event.sessionId);
  const root = activeGoal(session);
  // No goal: the session's working context and focus, which the conversation lost.
  if (!root || !session) {
    if (!session || event.subagent) return NO_DECISION;
    const work = restoreWorkingContext(context, event, "after compact, the working context with no goal set");
    return work ? decision({ context: work }) : NO_DECISION;
  }
  let text = "";
  let servedFrom = "";
  serveSnapshot(store, event.sessionId, (snapshot) => {
    if (snapshot.metadata.goalId !== root.id || snapshot.metadata.revision !== root.revision) return false;
    text = snapshot.text;
    servedFrom = `the ${snapshot.metadata.trigger} snapshot of ${snapshot.metadata.at} (revision ${snapshot.metadata.revision})`;
    return true;
  });
  if (!text) text = context.render(session, root, "full");
  const at = context.now().toISOString();
  store.update(context.identityOf(event), (state) => {
    markRestored(
      state,
      at,
      servedFrom ? `after compact from ${servedFrom}` : "after compact, rendered afresh (no matching snapshot)",
      true,
    );
    const goal = activeGoal(state);
    state.sentGoal = goal ? { goalId: goal.id, revision: goal.revision, prompts: 0 } : null;
  });
  return decision({ context: text });
}

export function onSessionStarted(context: EngineContext, event: EngineEventOf<"session-started">): EngineDecision {
  noticeIssue(context, event, null);
  if (event.source === "compact") return restoreAfterCompaction(context, event);
  let session = context.store.read(event.sessionId);
  const root = activeGoal(session);
  // A session that ended and is resumed runs again; the goal block this start gives is what the model has.
  const sent = root ? { goalId: root.id, revision: root.revision, prompts: 0 } : null;
  if (session && !event.subagent && (session.endedAt || JSON.stringify(session.sentGoal) !== JSON.stringify(sent)))
    session = context.store.update(context.identityOf(event), (state) => {
      state.endedAt = null;
      state.sentGoal = sent;
    }).session;
  if (root && session)
    return decision({
      context: context.render(session, root, event.source === "resume" && !context.profile.fullOnResume ? "compact" : "full"),
    });
  // No goal: what the session works on (its issue, a task), and goals left here to continue.
  const said = [pendingFocus(context, event), context.continuationHint(event) ?? ""].filter(Boolean).join("\n\n");
  return said ? decision({ context: said }) : NO_DECISION;
}
