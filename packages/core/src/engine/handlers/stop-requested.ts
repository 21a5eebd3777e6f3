// The agent wants to stop: refused while the main session's goal is open (a goal blocked with its
// blockers recorded may stop). After `stopBlockLimit` refusals in a row with no progress, the stop is
// let through as a stall — and every attempt after it until there is progress — so a host without a
// loop cap of its own never loops forever. A stop goes through while the host says its own goal's work
// stopped for a usage limit or its token budget (Codex). The host's own
// "task complete" call (Copilot CLI's autopilot) is a stop attempt too, and shares the count.
import { isHostLimited } from "../../host/host-goal.js";
import { pushGoalEvent } from "../../record/bounded-history.js";
import { isOpen } from "../../record/goal-phase.js";
import type { GoalRecord } from "../../record/goal-record.js";
import { goalText } from "../../text/goal-text.js";
import { verificationAlive } from "../../verify/verification-request.js";
import { waitingNote } from "../check-commands.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { stallNote, stopBlockReason } from "../policy-text.js";
import { activeGoal, replaceGoal } from "../session-goals.js";
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
    if (!settled || !isOpen(settled)) {
      const verdict = settled?.verification?.verdict;
      return decision({
        userNote: `goalpost: goal ${open.id} is closed as complete${verdict ? `: ${goalText(verdict, 300)}` : ""}.`,
      });
    }
    if (settled.awaitingUser) return decision({ userNote: waitingNote(settled) ?? "" });
    if (settled.verification?.state === "running" && !verificationAlive(settled.verification, context.now()))
      abandonVerification(context, event, settled.id);
  }
  return attemptStop(context, event, (goal, guided) => decision({ action: "block-stop", reason: stopBlockReason(goal, guided) }));
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
 * One attempt to end the session's work — a stop, or the host's own "task complete" call: refused with
 * `refusal` while the goal is open, and counted; after `stopBlockLimit` refusals in a row with no
 * progress, let through as a recorded stall.
 */
export function attemptStop(
  context: EngineContext,
  event: EngineEventOf<"stop-requested" | "tool-about-to-run">,
  /** `guided`: a refusal for this revision of the goal already said what to do (say only what is next). */
  refusal: (goal: GoalRecord, guided: boolean) => EngineDecision,
): EngineDecision {
  const { store, config } = context;
  if (config.enforcement !== "enforce") return NO_DECISION;
  const root = activeGoal(store.peek(event.sessionId));
  if (!root || root.status === "paused" || (root.status === "blocked" && root.blockers.length > 0)) return NO_DECISION;
  const { result } = store.update(context.identityOf(event), (state) => {
    const goal = activeGoal(state);
    if (!goal) return NO_DECISION;
    const blocks = state.counters.consecutiveStopBlocks;
    // Stalled already: every stop attempt goes through until there is progress (a prompt from the
    // user, a goal update), which resets the count. A host may make several in a row (Copilot CLI's
    // task_complete, then its agentStop).
    if (blocks > config.stopBlockLimit) return NO_DECISION;
    if (blocks === config.stopBlockLimit) {
      state.counters.stalls += 1;
      state.counters.consecutiveStopBlocks = blocks + 1;
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
    const guided = state.stopGuided?.goalId === goal.id && state.stopGuided.revision === goal.revision;
    state.stopGuided = { goalId: goal.id, revision: goal.revision };
    // Kept in the goal's history so the report can show every refused stop, not just the count.
    replaceGoal(
      state,
      pushGoalEvent(goal, { at: context.now().toISOString(), type: "stop-blocked", note: `refused stop ${blocks + 1} in a row` }),
    );
    return refusal(goal, guided);
  });
  if (result.userNote) store.audit({ sessionId: event.sessionId, goalId: root.id, type: "stalled", note: result.userNote });
  return result;
}
