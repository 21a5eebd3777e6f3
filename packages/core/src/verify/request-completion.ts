// The model asks to close its goal as complete. Every condition on the record is checked as before;
// the evidence is goalpost's own run of the user's checks on the tree as it is now. A passing run on
// this very tree closes the goal at once; a failing one on it is the refusal; otherwise a run starts and
// the goal closes by itself when it passes (see finish-verification.ts). With no check to run, or a pass
// goalpost cannot judge alone, the goal waits for the user.

import { CompletionRefusedError } from "../base/errors.js";
import { evaluateCompletionGate, type UnmetCondition } from "../gate/completion-gate.js";
import { VERIFICATION_CONDITION_CODES } from "../gate/verification-conditions.js";
import { assertClosable, closeGoal } from "../lifecycle/goal-lifecycle.js";
import { pushGoalEvent } from "../record/bounded-history.js";
import { newGoalId } from "../record/goal-identity.js";
import type { GoalRecord } from "../record/goal-record.js";
import { settleClosedGoal } from "../session/close-in-session.js";
import { replaceGoal } from "../session/session-goals.js";
import type { SessionFile } from "../store/session-file.js";
import { goalText } from "../text/goal-text.js";
import { type VerificationRequest, verificationAlive } from "./verification-request.js";

export type CompletionOutcome =
  | { readonly kind: "closed"; readonly goal: GoalRecord }
  | { readonly kind: "refused"; readonly error: CompletionRefusedError }
  | { readonly kind: "verifying"; readonly goal: GoalRecord; readonly start: VerificationRequest | null }
  | { readonly kind: "awaiting-user"; readonly goal: GoalRecord };

const VERIFICATION_CODES: ReadonlySet<string> = new Set(VERIFICATION_CONDITION_CODES);

const NO_CHECKS_SUMMARY =
  "goalpost has no check to run for this goal. Type `goal: accept` to close it as complete on your word, or `goal: check add <command>` to have goalpost run one.";

/** A new run for `goal`, recorded as running before anything starts it (so two closes start one run). */
export function beginVerification(
  session: SessionFile,
  goal: GoalRecord,
  at: Date,
  root: string,
  allowUnsandboxed = false,
): { goal: GoalRecord; start: VerificationRequest } {
  const id = newGoalId(at).replace(/^goal_/, "run_");
  const started: GoalRecord = pushGoalEvent(
    {
      ...goal,
      verification: {
        id,
        state: "running",
        startedAt: at.toISOString(),
        finishedAt: null,
        tree: null,
        definition: null,
        sandbox: "",
        results: [],
        verdict: "goalpost is running the checks",
        pid: null,
        pidStart: null,
      },
      closeRequest: { at: at.toISOString(), verificationId: id },
    },
    { at: at.toISOString(), type: "verifying", note: goal.checks.map((check) => check.command).join(" && ") },
  );
  replaceGoal(session, started);
  return {
    goal: started,
    start: { task: "checks", root, sessionId: session.sessionId, goalId: goal.id, verificationId: id, allowUnsandboxed },
  };
}

/**
 * Decides a close as complete, inside the store's lock. `tree` is the work tree's fingerprint, taken
 * before the lock (git is slow to hold a lock for).
 */
export function requestCompletion(
  session: SessionFile,
  goal: GoalRecord,
  options: { readonly at: Date; readonly tree: string | null; readonly reason: string | null; readonly root: string },
): CompletionOutcome {
  const { at, tree } = options;
  assertClosable(goal, "complete");
  const gate = evaluateCompletionGate(goal, { tree });
  if (gate.ok) {
    const closed = closeGoal(goal, { status: "complete", ...(options.reason ? { reason: options.reason } : {}) }, at, { tree });
    settleClosedGoal(session, goal, closed, at);
    return { kind: "closed", goal: closed };
  }
  const onRecord = gate.unmet.filter((condition) => !VERIFICATION_CODES.has(condition.code));
  const evidence = gate.unmet.find((condition) => VERIFICATION_CODES.has(condition.code));
  const refuse = (unmet: readonly UnmetCondition[]): CompletionOutcome => ({
    kind: "refused",
    error: new CompletionRefusedError(goal.id, unmet),
  });
  if (onRecord.length > 0 || !evidence) return refuse(gate.unmet);
  const run = goal.verification;
  switch (evidence.code) {
    case "awaiting_user":
      return { kind: "awaiting-user", goal };
    case "checks_missing": {
      const waiting: GoalRecord = {
        ...goal,
        awaitingUser: { reason: "no-checks", summary: NO_CHECKS_SUMMARY, at: at.toISOString() },
        closeRequest: { at: at.toISOString(), verificationId: null },
      };
      replaceGoal(session, waiting);
      return { kind: "awaiting-user", goal: waiting };
    }
    case "verification_running":
      if (run && verificationAlive(run, at)) return { kind: "verifying", goal, start: null };
      break;
    case "verification_failed":
      // The same tree fails the same way: the verdict is reused, not run again.
      if (run?.state === "failed" && tree !== null && run.tree === tree) return refuse([evidence]);
      break;
  }
  const begun = beginVerification(session, goal, at, options.root);
  return { kind: "verifying", goal: begun.goal, start: begun.start };
}

/** What the model reads while goalpost verifies. */
export function verifyingText(goal: GoalRecord): string {
  const checks = goal.checks.map((check) => `\`${goalText(check.command, 120)}\``).join(", ");
  return `Every other condition holds. goalpost is now running the user's checks itself (${checks}), in a sandbox, on the files as they are. The goal closes as complete by itself when they pass; if they fail, it stays open and the next message says why. Do not change files meanwhile: a change voids the run. Call goalpost_status to see the verdict.`;
}
