// Every sentence the engine says to a model, in one place, so wording stays consistent across hosts.
import { spendText } from "../record/goal-budget.js";
import type { GoalRecord } from "../record/goal-record.js";
import { goalText, quotedGoal } from "../text/goal-text.js";

const short = (text: string, length = 200) => goalText(text, length);

export const SUBAGENT_BOUNDARY_NOTICE =
  "goalpost: goals belong to the main session. Do not call goalpost tools and do not open, update or close goals. Complete only the task you were given and return concrete evidence (files, commands, results) to the main session.";

export function driftWarning(count: number, denyAt: number): string {
  return `goalpost drift warning: ${count} tool calls have run since the goal was last updated. Call goalpost_update with what you verified and what remains; at ${denyAt} calls the next one is denied.`;
}

/** A drift warning again at a revision the model was warned at in full: the facts, in one line. */
export function driftReminder(count: number, denyAt: number): string {
  return `goalpost drift warning: ${count} calls since the last goalpost_update; at ${denyAt} the next is denied.`;
}

export function driftDenial(count: number, goal: GoalRecord): string {
  return `goalpost drift guard: ${count} tool calls have run since the goal was last updated. Before any other tool, call goalpost_update with verified progress (doneSoFar, inspectionEvidence or verificationResults) and the current remaining and blockers. Goal: ${short(goal.objective)}`;
}

export function pathScopeRefusal(what: string, scope: readonly string[]): string {
  return `goalpost scope guard: ${goalText(what, 300)} is outside this goal's scope (${scope.map((entry) => goalText(entry, 120)).join(", ")}). Stay within scope, or ask the user to change the goal's scope.`;
}

/**
 * How every stop refusal begins. Hosts that return a blocked stop's reason to the agent as a new
 * prompt (Copilot CLI) recognise it by this, so it is never taken for the user's words.
 */
export const STOP_BLOCK_PREFIX = "goalpost: this session should not stop yet:";

/**
 * A blocked stop's reason: what to do next, in a sentence or two (the goal itself is in the model's
 * context already; every blocked stop's reason stays in the conversation: see docs/performance.md).
 */
export function stopBlockReason(goal: GoalRecord, guided = false): string {
  if (goal.status === "draft")
    return `${STOP_BLOCK_PREFIX} goal ${goal.id} is still a draft. Next: inspect the code it concerns, then open it with goalpost_open (a precise objective, requirements, the first remaining steps).`;
  const run = goal.verification;
  if (goal.closeRequest && run?.state === "running")
    return `${STOP_BLOCK_PREFIX} goalpost is still running the user's checks for goal ${goal.id}; it closes as complete by itself if they pass. Change no files meanwhile (a change voids the run); call goalpost_status in a little while.`;
  const failed =
    run?.state === "failed"
      ? ` goalpost's own run of the checks did not pass: ${short(run.verdict, 400)}.`
      : run?.state === "void"
        ? ` goalpost's own run of the checks proves nothing: ${short(run.verdict, 600)}.`
        : "";
  // After goalpost's run refused the close, the next step is what it found, not more evidence.
  const fallback =
    run?.state === "failed"
      ? "make what failed pass, then call goalpost_close again"
      : run?.state === "void"
        ? "mend what kept the run from proving anything, then call goalpost_close again"
        : "record the evidence";
  const next = ` Next: ${goal.remaining[0] ? short(goal.remaining[0], 120) : fallback}.`;
  // What to do and the goal's id are said once per revision of the goal: the earlier reason is still in the conversation.
  if (guided) return `${STOP_BLOCK_PREFIX} the goal is still open.${failed}${next}`;
  return `${STOP_BLOCK_PREFIX} goal ${goal.id} is still open.${failed}${next} Record progress with goalpost_update; close with goalpost_close when done, or as blocked.`;
}

/** The goal's budget is nearly spent: one more turn to finish the item in hand and write down what is left. */
export function windDownReason(goal: GoalRecord): string {
  return `${STOP_BLOCK_PREFIX} goal ${goal.id} has used most of its budget (${spendText(goal.budget, goal.spent)}). Wind down: finish the item in hand, write what is left into the goal with goalpost_update (remaining), then stop; your next stop ends work on it.`;
}

/** The budget is spent: the stop goes through and the goal waits for the user. */
export function budgetSpentNote(goal: GoalRecord): string {
  return `goalpost: goal ${quotedGoal(goal)} reached its budget (${spendText(goal.budget, goal.spent)}); it stays open but is no longer enforced. To carry on, raise it (goal: budget <more>, e.g. goal: budget 1h); goal: clear ends it.${left(goal)}`;
}

/** goalpost let a stuck agent go: what it was stuck on, for the user. */
export function needsInputNote(goal: GoalRecord, refused: number, lastMessage: string | null | undefined): string {
  const said = lastMessage?.trim() ? ` Its last words: "${short(lastMessage, 300)}".` : "";
  return `goalpost: goal ${quotedGoal(goal)} needs your input: the agent tried to stop ${refused} times without changing the work tree, so goalpost let it stop.${said}${left(goal)} Your next message puts it back to work; goal: clear ends it.`;
}

const left = (goal: GoalRecord) => {
  const next = goal.blockers[0] ?? goal.remaining[0];
  return next ? ` Open: ${short(next, 160)}${goal.remaining.length > 1 ? ` (+${goal.remaining.length - 1} more)` : ""}.` : "";
};

/** For hosts whose MCP tools take the session as arguments (profile.sessionArguments). */
export function sessionArgumentsNote(sessionId: string, cwd: string): string {
  return `goalpost tools in this chat take sessionId ${JSON.stringify(sessionId)} and cwd ${JSON.stringify(cwd)} as arguments.`;
}
