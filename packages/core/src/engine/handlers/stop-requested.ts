// The agent wants to stop: refused while the main session's goal is open (a goal blocked with its
// blockers recorded may stop). The backstop cannot be reset by the model: refusals are counted per
// goal and only progress (a changed work tree, a pass of goalpost's own run) or the user's prompt
// starts the count again; past `stopBlockLimit` the goal needs the user's input and stops go through,
// so no host loops forever. A goal's budget ends its turns the same way (budget-limited). A stop goes
// through while the host says its own goal's work stopped for a usage limit or its token budget
// (Codex). The host's own "task complete" call (Copilot CLI's autopilot) is a stop attempt too.
import { isHostLimited } from "../../host/host-goal.js";
import { letGoalGo } from "../../lifecycle/goal-lifecycle.js";
import { pushGoalEvent } from "../../record/bounded-history.js";
import { durationText, spendText, WIND_DOWN_AT } from "../../record/goal-budget.js";
import { isEnforced, isOpen } from "../../record/goal-phase.js";
import type { GoalRecord } from "../../record/goal-record.js";
import { activeGoal, replaceGoal } from "../../session/session-goals.js";
import { goalText } from "../../text/goal-text.js";
import { sanitizeText } from "../../text/sanitize-text.js";
import { changesText } from "../../verify/source-changes.js";
import { treeFingerprint } from "../../verify/tree-fingerprint.js";
import { verificationAlive } from "../../verify/verification-request.js";
import { waitingNote } from "../check-commands.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { budgetState, chargeTurn } from "../goal-spend.js";
import { budgetSpentNote, needsInputNote, stopBlockReason, windDownReason } from "../policy-text.js";
import { hostLimitNote } from "./host-goal-observed.js";

export function onStopRequested(context: EngineContext, event: EngineEventOf<"stop-requested">): EngineDecision {
  if (event.subagent) return NO_DECISION;
  // The host stopped its own goal's work for a usage limit or its token budget: pushing on is futile, or past the user's budget.
  const session = context.store.peek(event.sessionId);
  const open = activeGoal(session);
  const hostGoal = session?.hostGoal?.goal;
  if (open && hostGoal && isHostLimited(hostGoal)) return decision({ userNote: hostLimitNote(hostGoal, open.id) });
  // The goal waits for the user's word: stopping to ask them is the right move.
  if (open?.awaitingUser) return decision({ userNote: waitingNote(open) ?? "" });
  if (open?.closeRequest && open.verification?.state === "running") {
    if (verificationAlive(open.verification, context.now())) context.beforeWait();
    // A run no process has claimed (the tool that asked for it could not start one: Copilot CLI's
    // extension) is started here; a second start of a claimed run leaves at once.
    if (open.verification.pid === null)
      context.startVerification({
        task: "checks",
        root: context.store.root,
        sessionId: event.sessionId,
        goalId: open.id,
        verificationId: open.verification.id,
        allowUnsandboxed: false,
      });
    const settled = awaitVerification(context, event.sessionId, open.id);
    if (!settled || !isOpen(settled)) return decision({ userNote: closedNote(open.id, settled?.verification ?? null) });
    if (settled.awaitingUser) return decision({ userNote: waitingNote(settled) ?? "" });
    const run = settled.verification;
    if (run?.state === "running" && verificationAlive(run, context.now()))
      // goalpost's own work, not the agent's lack of progress: held, never counted toward letting it go.
      return attemptStop(
        context,
        event,
        (goal) => decision({ action: "block-stop", reason: verifyingReason(goal, context.now()) }),
        {
          counted: false,
        },
      );
    if (run?.state === "running") abandonVerification(context, event, settled.id);
  }
  return attemptStop(context, event, (goal, guided, windDown) =>
    decision({ action: "block-stop", reason: windDown ? windDownReason(goal) : stopBlockReason(goal, guided) }),
  );
}

/** What the model reads while goalpost's run goes on past the stop's wait: how long, which check, and to wait. */
export function verifyingReason(goal: GoalRecord, now: Date): string {
  const run = goal.verification;
  const elapsed = run ? durationText(Math.max(0, Math.round((now.getTime() - Date.parse(run.startedAt)) / 1000))) : "";
  const what = run?.verdict.startsWith("waiting:")
    ? run.verdict.slice("waiting: ".length)
    : `\`${goal.checks.map((check) => goalText(check.command, 80)).join("`, `")}\``;
  return `goalpost is still verifying (${elapsed}, ${what}). Its verdict closes the goal or says what failed. Do not change files meanwhile (that voids the run); end your turn again to wait for it.`;
}

/** What the user hears when goalpost's run closed the goal: the verdict, and what the work changed. */
export function closedNote(goalId: string, run: GoalRecord["verification"]): string {
  const verdict = run?.verdict ? `: ${goalText(run.verdict, 300)}` : "";
  const changed =
    run?.changed && run.changed.files.length > 0
      ? ` Changed since the goal was set: ${goalText(changesText(run.changed), 600)}.`
      : "";
  return `goalpost: goal ${goalId} is closed as complete${verdict}.${changed}`;
}

/** A run whose process died before its verdict proves nothing: recorded void, so the next close runs again. */
function abandonVerification(context: EngineContext, event: EngineEventOf<"stop-requested">, goalId: string): void {
  context.store.update(context.identityOf(event), (session) => {
    const goal = session.goals.find((candidate) => candidate.id === goalId);
    const run = goal?.verification;
    if (!goal || run?.state !== "running" || verificationAlive(run, context.now())) return;
    const verdict = "goalpost's run of the checks stopped before its verdict; closing again runs them again";
    replaceGoal(session, {
      ...goal,
      closeRequest: null,
      verification: { ...run, state: "void", verdict, finishedAt: context.now().toISOString() },
    });
  });
}

/**
 * Waits a few seconds (verifyWaitSeconds) for goalpost's run of the checks to land: a quick suite's
 * verdict then decides this very stop. Returns the goal as it stands; null when it is gone.
 */
function awaitVerification(context: EngineContext, sessionId: string, goalId: string): GoalRecord | null {
  const deadline = Date.now() + context.config.verifyWaitSeconds * 1000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    const goal = context.store.peek(sessionId)?.goals.find((candidate) => candidate.id === goalId) ?? null;
    const run = goal?.verification;
    if (!goal || !isOpen(goal) || run?.state !== "running" || !verificationAlive(run, context.now()) || Date.now() >= deadline)
      return goal;
    Atomics.wait(pause, 0, 0, 200);
  }
}

/**
 * One attempt to end the session's work — a stop, or the host's own "task complete" call. A stop ends
 * a turn, which the goal is charged for. Then, in order: a spent budget lets the stop through and the
 * goal is budget-limited; a budget near its end refuses once, to wind down; background work the host
 * still runs lets it through uncounted; and past `stopBlockLimit` refusals with no progress the goal
 * needs the user's input and the stop goes through. Otherwise it is refused with `refusal`.
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
  const { result } = store.update(context.identityOf(event), (state) => {
    let goal = activeGoal(state);
    if (!goal) return NO_DECISION;
    const now = context.now();
    const at = now.toISOString();
    if (stop) {
      goal = chargeTurn(state, goal, now, stop.tokensUsed);
      replaceGoal(state, goal);
    }
    if (!isEnforced(goal)) return NO_DECISION;
    const budget = budgetState(goal, WIND_DOWN_AT);
    // Spent, or told to wind down a turn ago: this stop ends work on the goal until the user raises its budget.
    if (budget === "spent" || (stop && goal.spent.windDownAt)) {
      const limited = letGoalGo(goal, "budget-limited", `budget reached: ${spendText(goal.budget, goal.spent)}`, now);
      replaceGoal(state, limited);
      return decision({ userNote: budgetSpentNote(limited) });
    }
    if (config.enforcement !== "enforce") return NO_DECISION;
    if (goal.status === "blocked" && goal.blockers.length > 0) return NO_DECISION;
    // The host still runs work it started for the agent; its end brings the turn back. Not a stall.
    if (stop?.backgroundWork) return NO_DECISION;
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
  });
  if (result.userNote) store.audit({ sessionId: event.sessionId, goalId: root.id, type: "stalled", note: result.userNote });
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
