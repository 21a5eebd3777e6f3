// Charging a goal for the agent's turns: each turn's end adds one turn and the turn's working time (a
// paused goal, or one goalpost let go, is not charged them); the tokens the host's record grew by are
// charged whenever it is read, at a prompt or a stop. Working time is what passed between the hooks the
// host ran in the turn, each gap counted up to IDLE_GAP_SECONDS and measured on the machine's monotonic
// clock where it can be (so a jump of the wall clock is not work), and none before a turn the host
// starts itself after a stop went through (an idle night is not work).
import { readFileSync } from "node:fs";
import { budgetUsed, type GoalSpend } from "../record/goal-budget.js";
import { isEnforced } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import { activeGoal, replaceGoal } from "../session/session-goals.js";
import type { SessionFile } from "../store/session-file.js";

/** The host's token count moved on: returns what it grew by (0 the first time it is read, or when it went back, as on a new record). */
function takeHostTokens(session: SessionFile, tokensUsed: number | null | undefined): number | null {
  if (tokensUsed === undefined || tokensUsed === null) return null;
  const before = session.hostTokens;
  session.hostTokens = tokensUsed;
  return before === null || tokensUsed < before ? 0 : tokensUsed - before;
}

/** A gap between two of the host's hooks longer than this is the user or the host away, not the agent working. */
export const IDLE_GAP_SECONDS = 10 * 60;

/**
 * The host ran a hook: the time since the last one in this turn (capped, never negative) is working time.
 * With no turn running (the last stop let the agent go: nothing ran since), the turn starts now — the
 * hours before a turn the host starts without a prompt (a background task's end) are nobody's work.
 */
export function tickTurn(session: SessionFile, now: Date, clock: string | null = null): void {
  const last = Date.parse(session.turnLastAt ?? session.turnStartedAt ?? "");
  if (Number.isFinite(last)) {
    // On one boot the monotonic clock says how long it was; the wall clock may have jumped meanwhile.
    const span = monotonicSpan(session.turnLastClock ?? null, clock) ?? (now.getTime() - last) / 1000;
    const gap = Math.min(IDLE_GAP_SECONDS, Math.max(0, span));
    session.turnSeconds = (session.turnSeconds ?? 0) + gap;
  }
  session.turnLastAt = now.toISOString();
  session.turnLastClock = clock;
}

let bootId: string | undefined;
/**
 * The machine's monotonic clock, `<boot id>:<ms since boot>` (Linux: the kernel's boot id and
 * CLOCK_MONOTONIC, the same in every process), or null where it cannot be told which boot it is.
 */
export function monotonicClock(): string | null {
  if (bootId === undefined) {
    try {
      bootId = readFileSync("/proc/sys/kernel/random/boot_id", "latin1").trim();
    } catch {
      bootId = "";
    }
  }
  return bootId ? `${bootId}:${Number(process.hrtime.bigint() / 1_000_000n)}` : null;
}

/** Seconds between two readings of the monotonic clock on one boot; null otherwise. */
function monotonicSpan(before: string | null, after: string | null): number | null {
  if (!before || !after) return null;
  const [bootBefore, msBefore] = before.split(":");
  const [bootAfter, msAfter] = after.split(":");
  if (bootBefore !== bootAfter) return null;
  const span = (Number(msAfter) - Number(msBefore)) / 1000;
  return Number.isFinite(span) ? span : null;
}

/** A turn began: its working time is counted from now, and any tokens the host recorded since go to the goal. */
export function startTurn(
  session: SessionFile,
  now: Date,
  tokensUsed: number | null | undefined,
  clock: string | null = null,
): void {
  session.turnStartedAt = now.toISOString();
  session.turnLastAt = session.turnStartedAt;
  session.turnLastClock = clock;
  session.turnSeconds = 0;
  const added = takeHostTokens(session, tokensUsed);
  const goal = activeGoal(session);
  const charged = goal && chargeTokens(goal, added);
  if (charged && charged !== goal) replaceGoal(session, charged);
}

/** A stop went through: no turn runs until the host's next hook (a prompt, or a turn it starts itself). */
export function endTurn(session: SessionFile): void {
  session.turnStartedAt = null;
  session.turnLastAt = null;
  session.turnLastClock = null;
}

/** The turn ended: the goal, charged (turns and time while enforced); the session's turn clock restarts for a continuation. */
export function chargeTurn(
  session: SessionFile,
  goal: GoalRecord,
  now: Date,
  tokensUsed: number | null | undefined,
  clock: string | null = null,
): GoalRecord {
  const withTokens = chargeTokens(goal, takeHostTokens(session, tokensUsed));
  tickTurn(session, now, clock);
  const seconds = Math.round(session.turnSeconds ?? 0);
  session.turnStartedAt = now.toISOString();
  session.turnLastAt = session.turnStartedAt;
  session.turnSeconds = 0;
  if (!isEnforced(withTokens)) return withTokens;
  const spent: GoalSpend = {
    ...withTokens.spent,
    turns: withTokens.spent.turns + 1,
    seconds: withTokens.spent.seconds + seconds,
  };
  return { ...withTokens, spent };
}

/**
 * Tokens the host's record grew by go to the goal unless the user paused it. A host may write a turn's
 * usage after its stop hook ran (Claude Code at times, Copilot CLI's buffered log), so what arrives late
 * still belongs to the goal's work, even once goalpost let the agent go.
 */
function chargeTokens(goal: GoalRecord, added: number | null): GoalRecord {
  if (added === null || goal.status === "paused") return goal;
  return { ...goal, spent: { ...goal.spent, tokens: (goal.spent.tokens ?? 0) + added } };
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
