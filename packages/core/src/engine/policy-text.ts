// Every sentence the engine says to a model, in one place, so wording stays consistent across hosts.
import type { GoalRecord } from "../record/goal-record.js";
import { goalText } from "../text/goal-text.js";

const short = (text: string, length = 200) => goalText(text, length);

export const SUBAGENT_BOUNDARY_NOTICE =
  "goalpost: goals belong to the main session. Do not call goalpost tools and do not open, update or close goals. Complete only the task you were given and return concrete evidence (files, commands, results) to the main session.";

export function driftWarning(count: number, denyAt: number): string {
  return `goalpost drift warning: ${count} tool calls have run since the goal was last updated. Call goalpost_update now with what you verified (doneSoFar, inspectionEvidence or verificationResults) and the current remaining list; after ${denyAt} calls without an update, the next tool call is denied.`;
}

export function driftDenial(count: number, goal: GoalRecord): string {
  return `goalpost drift guard: ${count} tool calls have run since the goal was last updated. Before any other tool, call goalpost_update with verified progress (doneSoFar, inspectionEvidence or verificationResults) and the current remaining and blockers. Goal: ${short(goal.objective)}`;
}

export function scopeRefusal(what: string, scope: readonly string[]): string {
  return `goalpost scope guard: ${goalText(what, 300)} is outside this goal's scope (${scope.map((entry) => goalText(entry, 120)).join(", ")}). Stay within scope, or ask the user to change the goal's scope.`;
}

/**
 * How every stop refusal begins. Hosts that return a blocked stop's reason to the agent as a new
 * prompt (Copilot CLI) recognise it by this, so it is never taken for the user's words.
 */
export const STOP_BLOCK_PREFIX = "goalpost: this session should not stop yet:";

export function stopBlockReason(goal: GoalRecord): string {
  const objective = `Objective: ${short(goal.objective, 300)}`;
  if (goal.status === "draft") {
    return [
      `${STOP_BLOCK_PREFIX} goal ${goal.id} is still a draft.`,
      objective,
      "Next:",
      "1. Inspect the code the goal concerns.",
      "2. Open it with goalpost_open: a precise objective, explicit requirements, the first remaining steps.",
      "3. Work through it, recording progress with goalpost_update.",
      "4. Close with goalpost_close only with evidence. If truly blocked, close as blocked with the exact blocker.",
    ].join("\n");
  }
  const next = goal.remaining[0];
  const run = goal.verification;
  if (goal.closeRequest && run?.state === "running")
    return [
      `${STOP_BLOCK_PREFIX} goalpost is still running the user's checks for goal ${goal.id} (started ${run.startedAt}).`,
      "The goal closes as complete by itself if they pass. Do not change files meanwhile: a change voids the run.",
      "Wait for the verdict: call goalpost_status in a little while.",
    ].join("\n");
  const failed =
    run && (run.state === "failed" || run.state === "void")
      ? `goalpost's own run of the checks did not pass: ${short(run.verdict, 400)}`
      : null;
  return [
    `${STOP_BLOCK_PREFIX} goal ${goal.id} is still open.`,
    objective,
    ...(failed ? [failed] : []),
    "Next:",
    "1. Reload the goal with goalpost_status.",
    next
      ? `2. Continue the next remaining item: ${short(next)}`
      : "2. Continue the work; if nothing remains, record the evidence.",
    "3. Record progress with goalpost_update (doneSoFar, remaining, verificationResults).",
    "4. Close with goalpost_close when the work is done: goalpost then runs the user's checks itself. If truly blocked, update blockers or close as blocked with the exact blocker.",
  ].join("\n");
}

export function stallNote(goal: GoalRecord, blocks: number): string {
  return `goalpost let this stop through after ${blocks} blocked stops without progress on goal ${goal.id}. The goal stays open and returns with the next prompt.`;
}

/** For hosts whose MCP tools take the session as arguments (profile.sessionArguments). */
export function sessionArgumentsNote(sessionId: string, cwd: string): string {
  return `goalpost tools in this chat take sessionId ${JSON.stringify(sessionId)} and cwd ${JSON.stringify(cwd)} as arguments.`;
}
