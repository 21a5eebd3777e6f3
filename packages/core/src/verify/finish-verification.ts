// A finished run lands on its goal, inside the store's lock. Only the run the goal expects lands (a
// newer close started another: this one is superseded). When the model had asked to close: a pass on
// unchanged checks closes the goal as complete; a pass on changed checks, or a run that could not be
// sandboxed, waits for the user; anything else keeps the goal open with the verdict on record.

import { CompletionRefusedError } from "../base/errors.js";
import { unmetWords } from "../gate/completion-gate.js";
import { closeGoal, takeUpGoal } from "../lifecycle/goal-lifecycle.js";
import { pushGoalEvent } from "../record/bounded-history.js";
import type { AwaitingUser, Verification } from "../record/goal-checks.js";
import { isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import { settleClosedGoal } from "../session/close-in-session.js";
import { replaceGoal } from "../session/session-goals.js";
import type { SessionFile } from "../store/session-file.js";

interface FinishedRun {
  readonly run: Verification;
  /** The checks' definition changed since the user set them: what changed, in a line. */
  readonly changedChecks: string | null;
  /** No sandbox could run the checks, and the user has not allowed a run without one: why. */
  readonly unsandboxed: string | null;
}

export type FinishOutcome = "superseded" | "recorded" | "closed" | "awaiting-user" | "refused";

export function finishVerification(session: SessionFile, goalId: string, finished: FinishedRun, at: Date): FinishOutcome {
  const found = session.goals.find((goal) => goal.id === goalId);
  const { run } = finished;
  if (!found || !isOpen(found) || found.verification?.id !== run.id) return "superseded";
  const stamp = at.toISOString();
  let goal: GoalRecord = pushGoalEvent(
    { ...found, verification: run },
    { at: stamp, type: "verified", note: `${run.state}: ${run.verdict}` },
  );
  if (goal.closeRequest?.verificationId !== run.id) {
    replaceGoal(session, goal);
    return "recorded";
  }
  const wait = (awaitingUser: AwaitingUser): FinishOutcome => {
    replaceGoal(session, { ...goal, closeRequest: null, awaitingUser });
    return "awaiting-user";
  };
  if (finished.unsandboxed)
    return wait({
      reason: "unsandboxed",
      summary: `goalpost could not sandbox the checks (${finished.unsandboxed}), so it did not run them. Type \`goal: accept\` to have goalpost run them once without a sandbox, or \`goal: refuse\` to keep the goal open; \`goalpost doctor\` says what the sandbox needs here.`,
      at: stamp,
    });
  if (run.state === "passed" && finished.changedChecks)
    return wait({
      reason: "checks-changed",
      summary: `The checks passed (${run.verdict}), but what defines them changed since the goal was set (${finished.changedChecks}). Type \`goal: accept\` to close the goal as complete, or \`goal: refuse\` to keep it open.`,
      at: stamp,
    });
  if (run.state === "passed") {
    try {
      const closed = closeGoal(goal, { status: "complete" }, at, { tree: run.tree });
      settleClosedGoal(session, goal, closed, at);
      return "closed";
    } catch (error) {
      if (!(error instanceof CompletionRefusedError)) throw error;
      goal = pushGoalEvent(goal, { at: stamp, type: "refused", note: unmetWords(error.unmet) });
    }
  } else goal = pushGoalEvent(goal, { at: stamp, type: "refused", note: `checks ${run.state}: ${run.verdict}` });
  // A failure that lands after goalpost let the agent go (its backstop, while the run went on) is work
  // the agent must do: the goal is enforced again, and the next stop says what failed.
  if (goal.status === "needs-input" && run.state === "failed")
    goal = takeUpGoal(goal, "taken up: goalpost's run of the checks failed after the agent was let go", at);
  replaceGoal(session, { ...goal, closeRequest: null });
  return "refused";
}
