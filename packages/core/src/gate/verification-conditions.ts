// The gate's evidence condition: goalpost's own passing run of the user's checks, on the tree as it is.
// The agent's receipts no longer count here (they stay progress signals); only a verification goalpost
// ran, in its sandbox, on a fingerprinted tree — or the user's own acceptance.
import type { GoalRecord } from "../record/goal-record.js";
import { goalText } from "../text/goal-text.js";

/** The gate's conditions about goalpost's run of the checks (the others are about the record). */
export const VERIFICATION_CONDITION_CODES = [
  "awaiting_user",
  "checks_missing",
  "verification_missing",
  "verification_running",
  "verification_failed",
  "verification_stale",
] as const;
export type VerificationConditionCode = (typeof VERIFICATION_CONDITION_CODES)[number];

export interface VerificationGateOptions {
  /** The work tree's fingerprint now; a passing run on another tree does not count. Unknown: not checked. */
  readonly tree?: string | null;
  /** The user accepted the work (`/goal accept`): their word stands in for the checks. */
  readonly acceptedByUser?: boolean;
}

const commands = (goal: GoalRecord) => goal.checks.map((check) => `\`${goalText(check.command, 120)}\``).join(", ");

export function verificationConditions(
  goal: GoalRecord,
  options: VerificationGateOptions,
): { code: VerificationConditionCode; message: string }[] {
  if (options.acceptedByUser) return [];
  if (goal.awaitingUser)
    return [{ code: "awaiting_user", message: `The goal waits for the user: ${goalText(goal.awaitingUser.summary, 400)}` }];
  if (goal.checks.length === 0)
    return [
      {
        code: "checks_missing",
        message:
          "No check is set for this goal, so goalpost has nothing to run. The user sets one with `goal: check add <command>`, or accepts the work with `goal: accept`.",
      },
    ];
  const run = goal.verification;
  if (!run)
    return [
      {
        code: "verification_missing",
        message: `goalpost has not run the checks (${commands(goal)}) yet: goalpost_close with status complete runs them once every other condition holds.`,
      },
    ];
  if (run.state === "running")
    return [{ code: "verification_running", message: `goalpost is running the checks (${commands(goal)}) now.` }];
  if (run.state !== "passed")
    return [
      {
        code: "verification_failed",
        message: `goalpost's run of the checks ${run.state === "void" ? "proves nothing" : "did not pass"}: ${goalText(run.verdict, 600)}`,
      },
    ];
  if (options.tree && run.tree !== options.tree)
    return [
      {
        code: "verification_stale",
        message:
          "Files changed since goalpost's passing run of the checks: the pass no longer counts, and closing runs them again.",
      },
    ];
  return [];
}
