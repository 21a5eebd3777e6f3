// The backstop: a stop refused while the goal is open is counted, and only progress starts the count
// again — the work tree changed since the last refused stop, a pass of goalpost's run of the checks, or
// the user. After `stopBlockLimit` refusals without progress the goal needs the user's input and the
// stop goes through. Asked by the stop handler and by a tool call that stands for a stop.

import { letGoalGo } from "../lifecycle/goal-lifecycle.js";
import { notifyUser, userNotice } from "../notify/notify-user.js";
import { pushGoalEvent } from "../record/bounded-history.js";
import { spendText, WIND_DOWN_AT } from "../record/goal-budget.js";
import { isEnforced } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import { activeGoal, replaceGoal } from "../session/session-goals.js";
import type { SessionFile } from "../store/session-file.js";
import { sanitizeText } from "../text/sanitize-text.js";
import { treeFingerprint } from "../verify/tree-fingerprint.js";
import { decision, type EngineContext } from "./engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "./engine-event.js";
import { budgetState, chargeTurn, endTurn } from "./goal-spend.js";
import { budgetSpentNote, needsInputNote } from "./policy-text.js";

/**
 * Whether the host's end reason says the turn did not end by the agent's choice: the user's interrupt
 * or a failure, in whatever words a host uses (cancelled, aborted, interrupted, error, timed out). The
 * model's own end of turn (end_turn, stop, completed) and a cut-off answer (max_tokens) are the agent's.
 */
const endedByHost = (reason: string | null | undefined): boolean =>
  typeof reason === "string" && /cancel|abort|interrupt|error|fail|timeout|timed[ _-]?out|killed/i.test(reason);

/**
 * One attempt to end the session's work — a stop, or the host's own "task complete" call. A stop ends
 * a turn, which the goal is charged for. Then, in order: a spent budget lets the stop through and the
 * goal is budget-limited; background work the host still runs, or a turn the host itself ended
 * (endedByHost), lets it through uncounted; a budget near its end refuses once, to wind down; and past
 * `stopBlockLimit` refusals with no progress the goal needs the user's input and the stop goes through.
 * Otherwise it is refused with `refusal`.
 */
export function attemptStop(
  context: EngineContext,
  event: EngineEventOf<"stop-requested" | "tool-about-to-run">,
  /** `guided`: a refusal for this goal already said what to do in this conversation; `windDown`: the budget is nearly spent. */
  refusal: (goal: GoalRecord, guided: boolean, windDown: boolean) => EngineDecision,
  /** counted: false while goalpost's own run is under way — its time is not the agent's stall. */
  options: { readonly counted?: boolean } = {},
): EngineDecision {
  const { store, config } = context;
  const stop = event.type === "stop-requested" ? event : null;
  const root = activeGoal(store.peek(event.sessionId));
  if (!root || (!stop && !isEnforced(root))) return NO_DECISION;
  // Told after the write, outside the session's lock. Typed by assertion: an assignment inside the
  // callback below is not seen by the narrowing of a plain `= null`.
  let letGo = null as { readonly goal: GoalRecord; readonly message: string; readonly todo: string } | null;
  const { result } = store.update(context.identityOf(event), (state) => {
    const decided = decideStop(state);
    // A stop that goes through ends the turn: what follows it until the host's next hook is no one's work.
    if (stop && decided.action !== "block-stop") endTurn(state);
    return decided;
  });
  function decideStop(state: SessionFile): EngineDecision {
    let goal = activeGoal(state);
    if (!goal) return NO_DECISION;
    const now = context.now();
    const at = now.toISOString();
    if (stop) {
      // A stop ends a model response: the kit bounds the responses a turn's record may hold by these counts.
      state.counters.stops += 1;
      goal = chargeTurn(state, goal, now, stop.tokensUsed, context.clock());
      replaceGoal(state, goal);
    }
    if (!isEnforced(goal)) return NO_DECISION;
    const budget = budgetState(goal, WIND_DOWN_AT);
    // Spent, or told to wind down a turn ago: this stop ends work on the goal until the user raises its budget.
    if (budget === "spent" || (stop && goal.spent.windDownAt)) {
      const limited = letGoalGo(goal, "budget-limited", `budget reached: ${spendText(goal.budget, goal.spent)}`, now);
      replaceGoal(state, limited);
      letGo = {
        goal: limited,
        message: `The agent was let go: the goal's budget is spent (${spendText(goal.budget, goal.spent)}).`,
        todo: "Raise it in the session (goal: budget <more>) to go on.",
      };
      return decision({ userNote: budgetSpentNote(limited) });
    }
    if (config.enforcement !== "enforce") return NO_DECISION;
    if (goal.status === "blocked" && goal.blockers.length > 0) return NO_DECISION;
    // The host still runs work it started for the agent; its end brings the turn back. Not a stall.
    if (stop?.backgroundWork) return NO_DECISION;
    // The host ended the turn itself (the user interrupted it, or it failed): not the agent's stop to refuse.
    if (stop && endedByHost(stop.endReason)) return NO_DECISION;
    if (budget === "wind-down") {
      replaceGoal(state, { ...goal, spent: { ...goal.spent, windDownAt: at } });
      return refusal(goal, false, true);
    }
    if (options.counted === false) return refusal(goal, false, false);
    const { progressed, tree } = progressSinceRefusal(goal);
    const refused = progressed ? 0 : goal.stopStreak.count;
    if (refused >= config.stopBlockLimit) {
      state.counters.stalls += 1;
      const stalled = pushGoalEvent(goal, { at, type: "stalled", note: `${refused} refused stops without progress` });
      // Kept with the goal (redacted) for `goalpost status` and the report: what the agent was stuck on.
      const words = stop?.lastMessage ? sanitizeText(stop.lastMessage, { maxLength: 300 }) : "";
      const why = `needs input: ${refused} refused stops without progress${words ? `; the agent's last words: "${words}"` : ""}`;
      const held = letGoalGo(stalled, "needs-input", why, now);
      replaceGoal(state, held);
      letGo = {
        goal: held,
        message: `The agent was let go after ${refused} refused stops without progress${words ? `; its last words: "${words}"` : ""}.`,
        todo: "Answer it in the session: your next prompt takes the goal up again.",
      };
      return decision({ userNote: needsInputNote(held, refused, stop?.lastMessage) });
    }
    // Spelled out once per goal in a conversation: the earlier reason is still in it until a compaction.
    const guided = state.stopGuided?.goalId === goal.id;
    // A draft's refusal says how to open it, not how to work it: that is still to be said once it is open.
    if (goal.status !== "draft") state.stopGuided = { goalId: goal.id, revision: goal.revision };
    // Kept in the goal's history so the report can show every refused stop, not just the count.
    const streak = { count: refused + 1, tree, at };
    replaceGoal(
      state,
      pushGoalEvent(
        { ...goal, stopStreak: streak },
        { at, type: "stop-blocked", note: `refused stop ${refused + 1} without progress` },
      ),
    );
    return refusal(goal, guided, false);
  }
  if (result.userNote) store.audit({ sessionId: event.sessionId, goalId: root.id, type: "stalled", note: result.userNote });
  if (letGo) notifyUser(config, userNotice("let-go", letGo.goal, letGo.message, letGo.todo), process.env, store.warn, store.root);
  return result;
}

/**
 * Whether the work moved on since the last refused stop: goalpost's own run of the checks passed since,
 * or the work tree changed. The tree is fingerprinted only when a tool that may change files ran since
 * that refusal (an edit, or a command that is neither reading nor a check), so a goal update, a turn of
 * talk or of reading is never progress and costs no fingerprint. The first fingerprint of a streak has
 * nothing to compare with and counts as progress: such a streak needs one turn more to end.
 */
function progressSinceRefusal(goal: GoalRecord): { progressed: boolean; tree: string | null } {
  const streak = goal.stopStreak;
  if (streak.count === 0 || !streak.at) return { progressed: false, tree: null };
  const since = streak.at;
  const run = goal.verification;
  if (run?.state === "passed" && run.finishedAt && run.finishedAt > since) return { progressed: true, tree: streak.tree };
  const changing = goal.toolHistory.some((entry) => entry.at > since && (entry.kind === "action" || entry.kind === "other"));
  if (!changing) return { progressed: false, tree: streak.tree };
  const tree = fingerprintOrNull(goal.cwd);
  return { progressed: tree !== null && tree !== streak.tree, tree: tree ?? streak.tree };
}

function fingerprintOrNull(cwd: string): string | null {
  try {
    return treeFingerprint(cwd);
  } catch {
    return null;
  }
}
