// Charging a goal for the agent's turns: each turn's end adds one turn, the time since the turn began,
// and the tokens the host's record grew by. A paused goal, or one goalpost let go, is not charged.
import { budgetUsed, type GoalSpend } from "../record/goal-budget.js";
import { isEnforced } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import type { SessionFile } from "../store/session-file.js";

/** The host's token count moved on: returns what it grew by (0 the first time it is read, or when it went back, as on a new record). */
export function takeHostTokens(session: SessionFile, tokensUsed: number | null | undefined): number | null {
  if (tokensUsed === undefined || tokensUsed === null) return null;
  const before = session.hostTokens;
  session.hostTokens = tokensUsed;
  return before === null || tokensUsed < before ? 0 : tokensUsed - before;
}

/** A turn began: its working time is charged from now. */
export function startTurn(session: SessionFile, now: Date, tokensUsed: number | null | undefined): void {
  session.turnStartedAt = now.toISOString();
  // Read at the prompt so the turn's tokens are charged from here, not from the last stop.
  takeHostTokens(session, tokensUsed);
}

/** The turn ended: the goal, charged (enforced goals only); the session's turn clock restarts for a continuation. */
export function chargeTurn(session: SessionFile, goal: GoalRecord, now: Date, tokensUsed: number | null | undefined): GoalRecord {
  const added = takeHostTokens(session, tokensUsed);
  const began = session.turnStartedAt ? Date.parse(session.turnStartedAt) : Number.NaN;
  session.turnStartedAt = now.toISOString();
  if (!isEnforced(goal)) return goal;
  const seconds = Number.isFinite(began) ? Math.max(0, Math.round((now.getTime() - began) / 1000)) : 0;
  const spent: GoalSpend = {
    ...goal.spent,
    turns: goal.spent.turns + 1,
    seconds: goal.spent.seconds + seconds,
    tokens: added === null ? goal.spent.tokens : (goal.spent.tokens ?? 0) + added,
  };
  return { ...goal, spent };
}

/**
 * Where the goal stands against its budget: within it, near its end (wind down: past the share, or
 * with one turn left of a turn budget), or spent.
 */
export function budgetState(goal: GoalRecord, windDownShare: number): "within" | "wind-down" | "spent" {
  const used = budgetUsed(goal.budget, goal.spent);
  if (used >= 1) return "spent";
  const lastTurn = goal.budget?.turns != null && goal.spent.turns + 1 >= goal.budget.turns;
  return used >= windDownShare || lastTurn ? "wind-down" : "within";
}
