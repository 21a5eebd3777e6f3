// The status model as one table. A goal's phase is its status plus, for blocked, whether it is closed:
// `blocked` without closedAt is resumable, with closedAt it is terminal. Terminal goals never reopen.
import type { GoalRecord, GoalStatus } from "./goal-record.js";

export const GOAL_PHASES = [
  "draft",
  "active",
  "blocked",
  "paused",
  "needs-input",
  "budget-limited",
  "blocked-closed",
  "complete",
  "cancelled",
] as const;
export type GoalPhase = (typeof GOAL_PHASES)[number];

const TERMINAL_PHASES: ReadonlySet<GoalPhase> = new Set(["blocked-closed", "complete", "cancelled"]);

/**
 * Allowed moves. A draft must be activated (inspected) before it can complete; anything open may be
 * blocked, paused, closed as blocked, or cancelled; a paused goal must be resumed before it can
 * complete; terminal phases go nowhere.
 */
export const PHASE_TRANSITIONS: Readonly<Record<GoalPhase, readonly GoalPhase[]>> = {
  draft: ["draft", "active", "blocked", "paused", "needs-input", "budget-limited", "blocked-closed", "cancelled"],
  active: ["active", "blocked", "paused", "needs-input", "budget-limited", "blocked-closed", "complete", "cancelled"],
  blocked: ["active", "blocked", "paused", "needs-input", "budget-limited", "blocked-closed", "complete", "cancelled"],
  // Paused by the user: it resumes (to active, or to draft if it never was) or is cancelled; it never completes as paused.
  paused: ["paused", "active", "draft", "cancelled"],
  // Let go by goalpost (stuck, or its budget spent): the user's word brings it back; work done
  // before may still close it, and the agent may still say why it is blocked.
  "needs-input": ["needs-input", "active", "draft", "paused", "budget-limited", "blocked-closed", "complete", "cancelled"],
  "budget-limited": ["budget-limited", "active", "draft", "paused", "blocked-closed", "complete", "cancelled"],
  "blocked-closed": [],
  complete: [],
  cancelled: [],
};

export function goalPhase(goal: Pick<GoalRecord, "status" | "closedAt">): GoalPhase {
  if (goal.status === "blocked") return goal.closedAt ? "blocked-closed" : "blocked";
  return goal.status;
}

export function isOpen(goal: Pick<GoalRecord, "status" | "closedAt">): boolean {
  return !TERMINAL_PHASES.has(goalPhase(goal));
}

/**
 * Whether a user's goal ended in this session within `withinMs` of `now`: closed here (not moved to
 * another session, where its story goes on), and neither a sub-goal nor a task. What the status line,
 * the folder's index and `goalpost status` show as an ending.
 */
export function endedWithin(
  goal: Pick<GoalRecord, "closedAt" | "parentId" | "level" | "history">,
  withinMs: number,
  now: Date,
): boolean {
  return (
    goal.closedAt !== null &&
    !goal.parentId &&
    goal.level !== "task" &&
    goal.history.at(-1)?.type !== "moved" &&
    now.getTime() - Date.parse(goal.closedAt) < withinMs
  );
}

/** Open statuses goalpost does not enforce: the user paused the goal, or goalpost let the agent go. */
export const LET_GO: ReadonlySet<GoalStatus> = new Set(["paused", "needs-input", "budget-limited"]);

/** Open and held to it: stops are refused and drift is denied. Paused, needs-input and budget-limited goals are kept and shown only. */
export function isEnforced(goal: Pick<GoalRecord, "status" | "closedAt">): boolean {
  return isOpen(goal) && !LET_GO.has(goal.status);
}

function canTransition(from: GoalPhase, to: GoalPhase): boolean {
  return PHASE_TRANSITIONS[from].includes(to);
}

/** Why a move is refused, in words a model can act on; null when it is allowed. */
export function transitionRefusal(from: GoalPhase, to: GoalPhase): string | null {
  if (canTransition(from, to)) return null;
  if (TERMINAL_PHASES.has(from)) return "the goal is closed; closed goals never reopen. Open a new goal instead.";
  if (from === "draft" && to === "complete")
    return "a draft goal must be inspected and activated (goalpost_open or an update with status active) before it can complete.";
  return "that move is not in the status table.";
}
