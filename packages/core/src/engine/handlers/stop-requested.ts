// The agent wants to stop: refused while the main session's goal is open (a goal blocked with its
// blockers recorded may stop). The backstop cannot be reset by the model: refusals are counted per
// goal and only progress (a changed work tree, a pass of goalpost's own run) or the user's prompt
// starts the count again; past `stopBlockLimit` the goal needs the user's input and stops go through,
// so no host loops forever. A goal's budget ends its turns the same way (budget-limited). A stop goes
// through while the host says its own goal's work stopped for a usage limit or its token budget
// (Codex). The host's own "task complete" call (Copilot CLI's autopilot) is a stop attempt too.
import { statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { isHostLimited } from "../../host/host-goal.js";
import { isUserGoal } from "../../lifecycle/goal-lifecycle.js";
import { pushGoalEvent } from "../../record/bounded-history.js";
import { durationText } from "../../record/goal-budget.js";
import { isOpen } from "../../record/goal-phase.js";
import type { GoalRecord } from "../../record/goal-record.js";
import { activeGoal, replaceGoal } from "../../session/session-goals.js";
import { goalText, quotedGoal } from "../../text/goal-text.js";
import { closedNote } from "../../verify/close-note.js";
import { runsInThisProcess, verificationAlive } from "../../verify/verification-request.js";
import { waitingNote } from "../check-commands.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { goalFileWrittenInTurn } from "../goal-file.js";
import { hostLimitNote } from "../host-goal-observed.js";
import { stopBlockReason, windDownReason } from "../policy-text.js";
import { attemptStop } from "../stop-backstop.js";
import { stopWaitSeconds } from "../stop-wait.js";

export function onStopRequested(context: EngineContext, event: EngineEventOf<"stop-requested">): EngineDecision {
  if (event.subagent) return NO_DECISION;
  goalFileWrittenInTurn(context, event);
  // The host stopped its own goal's work for a usage limit or its token budget: pushing on is futile, or past the user's budget.
  const session = context.store.peek(event.sessionId);
  const open = activeGoal(session);
  const hostGoal = session?.hostGoal?.goal;
  if (open && hostGoal && isHostLimited(hostGoal)) return decision({ userNote: hostLimitNote(hostGoal, open) });
  // A close the user has not heard of — the model closed the goal as blocked, or goalpost's run closed it as
  // complete while no stop waited (the agent asked the status tool first) — is told at this very stop.
  if (!open) return tellClose(context, event) ?? NO_DECISION;
  // The goal waits for the user's word: stopping to ask them is the right move.
  if (open?.awaitingUser) return decision({ userNote: waitingNote(open) ?? "" });
  if (open?.closeRequest && open.verification?.state === "running") {
    if (verificationAlive(open.verification, context.now()) && !runsInThisProcess(context.startVerification))
      context.beforeWait();
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
    if (!settled || !isOpen(settled)) return tellClose(context, event) ?? NO_DECISION;
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

/**
 * The user's goal closed and not told yet — as blocked by the model, or as complete on goalpost's run — told
 * now (the blocked close with the model's reason and what the user can do; the complete one with the
 * verdict and what the work changed), and marked told in its history, once. Null when there is none.
 */
function tellClose(context: EngineContext, event: EngineEventOf<"stop-requested">): EngineDecision | null {
  const untold = untoldClose(context.now());
  if (!context.store.peek(event.sessionId)?.goals.some(untold)) return null;
  const { result } = context.store.update(context.identityOf(event), (state) => {
    const goal = state.goals.find(untold);
    if (!goal) return null;
    const note =
      goal.status === "blocked" ? "the user was told it was closed as blocked" : "the user was told it was closed as complete";
    replaceGoal(state, pushGoalEvent(goal, { at: context.now().toISOString(), type: "told", note }));
    return goal;
  });
  if (!result) return null;
  if (result.status === "complete") return decision({ userNote: closedNote(result, result.verification) });
  const reason = result.closeReason ? `: "${goalText(result.closeReason, 300)}"` : "";
  return decision({
    userNote: `goalpost: the agent closed your goal ${quotedGoal(result)} as blocked${reason}. goalpost no longer holds it to that goal. If the blocker is not real, tell the agent how past it, or set the goal again (goal: …).`,
  });
}

/**
 * A day back at most: a goal an older goalpost closed (it kept no "told") is not told long after. A complete
 * close is told when goalpost's own run closed it (the user's `goal: accept` needs no telling).
 */
const untoldClose = (now: Date) => (goal: GoalRecord) =>
  (goal.status === "blocked" || (goal.status === "complete" && goal.verification?.state === "passed")) &&
  goal.closedAt !== null &&
  now.getTime() - Date.parse(goal.closedAt) < 86_400_000 &&
  isUserGoal(goal) &&
  !goal.history.some((entry) => entry.type === "told");

/** What the model reads while goalpost's run goes on past the stop's wait: how long, which check, and to wait. */
function verifyingReason(goal: GoalRecord, now: Date): string {
  const run = goal.verification;
  const elapsed = run ? durationText(Math.max(0, Math.round((now.getTime() - Date.parse(run.startedAt)) / 1000))) : "";
  const what = run?.verdict.startsWith("waiting:")
    ? run.verdict.slice("waiting: ".length)
    : `\`${goal.checks.map((check) => goalText(check.command, 80)).join("`, `")}\``;
  return `goalpost is still verifying (${elapsed}, ${what}). Its verdict closes the goal or says what failed. Do not change files meanwhile (that voids the run); end your turn again to wait for it.`;
}

/** Below this, the temporary folder a run works in is full for it (its walls, its home's copies, its output). */
const LOW_DISK_BYTES = 64 * 1024 ** 2;

/** Why a run may have died: the temporary folder's disk full, in words with the room left; null otherwise. */
function fullDisk(): string | null {
  try {
    const folder = tmpdir();
    const { bavail, bsize } = statfsSync(folder);
    const free = bavail * bsize;
    return free < LOW_DISK_BYTES
      ? `the disk of the temporary folder ${folder} is full (${Math.round(free / 1024 ** 2)} MB free) — free some space`
      : null;
  } catch {
    return null;
  }
}

/** A run whose process died before its verdict proves nothing: recorded void, so the next close runs again. */
function abandonVerification(context: EngineContext, event: EngineEventOf<"stop-requested">, goalId: string): void {
  context.store.update(context.identityOf(event), (session) => {
    const goal = session.goals.find((candidate) => candidate.id === goalId);
    const run = goal?.verification;
    if (!goal || run?.state !== "running" || verificationAlive(run, context.now())) return;
    const full = fullDisk();
    const verdict = `goalpost's run of the checks stopped before its verdict${full ? `: ${full}` : ""}; closing again runs them again`;
    replaceGoal(session, {
      ...goal,
      closeRequest: null,
      verification: { ...run, state: "void", verdict, finishedAt: context.now().toISOString() },
    });
  });
}

/**
 * Waits for goalpost's run of the checks to land (stop-wait.ts says how long): a quick suite's verdict
 * then decides this very stop. Returns the goal as it stands; null when it is gone.
 */
function awaitVerification(context: EngineContext, sessionId: string, goalId: string): GoalRecord | null {
  // A run in this very process (a harness's own) cannot move while this waits: read once, never wait.
  const deadline = runsInThisProcess(context.startVerification)
    ? 0
    : Date.now() + stopWaitSeconds(context.config, context.profile) * 1000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    const goal = context.store.peek(sessionId)?.goals.find((candidate) => candidate.id === goalId) ?? null;
    const run = goal?.verification;
    if (
      !goal ||
      !isOpen(goal) ||
      run?.state !== "running" ||
      !verificationAlive(run, context.now()) ||
      run.pid === process.pid ||
      Date.now() >= deadline
    )
      return goal;
    Atomics.wait(pause, 0, 0, 200);
  }
}
