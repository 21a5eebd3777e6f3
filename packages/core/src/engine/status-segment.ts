// The goal as one line for a host's status line (Claude Code's statusLine, Copilot CLI's custom
// footer): what the goal is and where it stands — the user's word it waits for first, then the
// requirements covered, goalpost's own run of the checks, and the budget spent. Read only. A goal that
// closed stays on the line for a while, with how it closed, so the ending is seen; after that, and
// with no goal at all, nothing — the user's own status line is all they see then.
import { uncoveredRequirements } from "../gate/requirement-coverage.js";
import { currentGoal } from "../record/current-goal.js";
import { budgetUsed, durationText } from "../record/goal-budget.js";
import { endedWithin, isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import type { SessionFile } from "../store/session-file.js";
import { sanitizeText } from "../text/sanitize-text.js";

/** Longest objective shown: a status line is one row beside others. */
const OBJECTIVE_CHARS = 48;
const TASK_CHARS = 32;

/** No controls (a terminal would act on them), no secrets, one line, bounded. */
const oneLine = (text: string, maxLength: number) => sanitizeText(text, { maxLength });

/** What the user must do, by status; an enforced goal says nothing here. */
const WAITING: Partial<Record<GoalRecord["status"], string>> = {
  draft: "draft",
  paused: "paused",
  blocked: "blocked",
  "needs-input": "needs your input",
  "budget-limited": "budget reached",
};

const CHECKS: Record<string, string> = {
  running: "checks running",
  passed: "checks passing",
  failed: "checks failing",
  void: "checks proved nothing",
};

/** The goal the line is about: the session's current goal (current-goal.ts), and the task in progress under it. */
function shownGoal(session: SessionFile): { goal: GoalRecord; task: GoalRecord | null } | null {
  const open = session.goals.filter(isOpen);
  const goal = currentGoal(open, session.activeGoalId);
  const pointed = open.find((candidate) => candidate.id === session.activeGoalId);
  return goal ? { goal, task: pointed?.level === "task" ? pointed : null } : null;
}

/** goalpost's run in a few words: "verifying 1 min 20 s", "checks passing", or where the goal started from. */
function checksText(goal: GoalRecord, now: Date): string {
  const run = goal.verification;
  if (run?.state === "running") {
    const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(run.startedAt)) / 1000));
    return `${run.verdict.startsWith("waiting:") ? "verification queued" : "verifying"} ${durationText(seconds)}`;
  }
  if (run) return CHECKS[run.state] ?? "checks";
  if (goal.checkStart?.state === "running") return "taking the starting point";
  return "checks not run yet";
}

/** How long a closed goal stays on the line (the host redraws it: Claude Code's refreshInterval). */
export const CLOSED_SHOWN_MS = 15 * 60_000;

/** The session's goal that closed last, in the last CLOSED_SHOWN_MS, as one line; "" when none did. */
function closedSegment(session: SessionFile, now: Date): string {
  const closed = session.goals
    .filter((goal) => endedWithin(goal, CLOSED_SHOWN_MS, now))
    .sort((a, b) => (b.closedAt ?? "").localeCompare(a.closedAt ?? ""))[0];
  if (!closed) return "";
  const objective = oneLine(closed.objective, OBJECTIVE_CHARS);
  if (closed.status === "complete")
    return `goalpost ✓ ${objective} · complete${closed.verification?.state === "passed" ? " · proven by goalpost's own run of the checks" : ""}`;
  return `goalpost ✗ ${objective} · ${closed.status === "blocked" ? "closed as blocked" : closed.status}`;
}

export function statusSegment(session: SessionFile, now: Date = new Date()): string {
  const shown = shownGoal(session);
  if (!shown) return closedSegment(session, now);
  const { goal, task } = shown;
  const parts = [`◎ ${oneLine(goal.objective, OBJECTIVE_CHARS)}`];
  const waiting = goal.awaitingUser ? "waiting for your goal: accept" : WAITING[goal.status];
  if (waiting) parts.push(waiting);
  if (task) parts.push(`task: ${oneLine(task.objective, TASK_CHARS)}`);
  const requirements = goal.requirements.length;
  if (requirements > 0)
    parts.push(`${requirements - uncoveredRequirements(goal).length} of ${requirements} requirements covered`);
  parts.push(goal.checks.length > 0 ? checksText(goal, now) : "no checks set");
  if (goal.budget) parts.push(`${Math.min(999, Math.round(budgetUsed(goal.budget, goal.spent) * 100))}% of budget`);
  return `goalpost ${parts.join(" · ")}`;
}
