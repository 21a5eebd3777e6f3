// What goalpost last wrote of each goal's standing, kept outside the session file: its phase, which goal
// was active, and its latest run's id and state. A session file is the user's and the agent's shell can
// write it (outside a host sandbox): a script that marks the goal complete, cancelled or budget-limited,
// or its run passed, leaves the ledger as goalpost left it. The store compares the two whenever it reads a
// session to change it (goal-store.ts): a goal whose standing moved without goalpost is read as it was,
// and the user is told. The ledger is in the same state root, so a script that knows of it can forge both:
// this tells of the plain forgery, it does not prevent the careful one (core's threat model says so).
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { goalPhase, isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import { writeFileAtomic } from "./atomic-file.js";
import { recordNotices } from "./record-notice.js";
import { safeFileName } from "./safe-file-name.js";
import type { SessionFile } from "./session-file.js";

interface LedgerGoal {
  readonly phase: string;
  /** The latest run's id and state, "" when there was none. */
  readonly run: string;
}

interface GoalLedger {
  readonly activeGoalId: string | null;
  readonly goals: Readonly<Record<string, LedgerGoal>>;
}

const ledgerPath = (root: string, sessionId: string) => join(root, "ledger", `${safeFileName(sessionId)}.json`);

const runOf = (goal: GoalRecord) => (goal.verification ? `${goal.verification.id}:${goal.verification.state}` : "");

/** The ledger a session file stands for. */
function ledgerOf(session: SessionFile): GoalLedger {
  return {
    activeGoalId: session.activeGoalId,
    goals: Object.fromEntries(session.goals.map((goal) => [goal.id, { phase: goalPhase(goal), run: runOf(goal) }])),
  };
}

export function readLedger(root: string, sessionId: string): GoalLedger | null {
  try {
    const data = JSON.parse(readFileSync(ledgerPath(root, sessionId), "utf8")) as Partial<GoalLedger>;
    return typeof data.goals === "object" && data.goals !== null
      ? { activeGoalId: data.activeGoalId ?? null, goals: data.goals }
      : null;
  } catch {
    return null;
  }
}

/**
 * Writes the ledger when it changed (`before`: the session as read). Never throws. One that could not be
 * written (a full disk) is removed rather than left behind the session file: a stale ledger would undo
 * goalpost's own change as a forgery; none only means the next change starts a new one.
 */
export function writeLedger(root: string, before: SessionFile | null, after: SessionFile): void {
  const ledger = ledgerOf(after);
  if (before && JSON.stringify(ledgerOf(before)) === JSON.stringify(ledger)) return;
  const path = ledgerPath(root, after.sessionId);
  try {
    mkdirSync(join(root, "ledger"), { recursive: true, mode: 0o700 });
    writeFileAtomic(path, `${JSON.stringify(ledger)}\n`);
  } catch {
    try {
      rmSync(path, { force: true });
    } catch {}
  }
}

/**
 * Each goal whose standing in the file is not what goalpost last wrote, in words for the user; and, when
 * `restore`, the session put back to the ledger's standing where it can be: an open goal the file closes
 * or lets go is open again as it was, a run the file changed is forgotten (the next stop asks for a new
 * one), the active goal is the ledger's. A goal the file no longer has cannot be brought back: it is told.
 */
export function forgedStanding(session: SessionFile, ledger: GoalLedger, restore: boolean): string[] {
  const told: string[] = [];
  for (const [id, was] of Object.entries(ledger.goals)) {
    const goal = session.goals.find((candidate) => candidate.id === id);
    if (!goal) {
      if (was.phase !== "complete" && was.phase !== "cancelled" && was.phase !== "blocked-closed")
        told.push(`goal ${id} (${was.phase}) is gone from the session file`);
      continue;
    }
    const phase = goalPhase(goal);
    if (phase !== was.phase) {
      told.push(`goal ${id} reads ${phase} where goalpost left it ${was.phase}`);
      if (restore) {
        const mutable = goal as { status: GoalRecord["status"]; closedAt: string | null };
        mutable.status = (was.phase === "blocked-closed" ? "blocked" : was.phase) as GoalRecord["status"];
        if (isOpen({ status: mutable.status, closedAt: null })) mutable.closedAt = null;
      }
    }
    if (runOf(goal) !== was.run) {
      told.push(`goal ${id}'s run of the checks reads ${runOf(goal) || "none"} where goalpost left ${was.run || "none"}`);
      if (restore) (goal as { verification: GoalRecord["verification"] }).verification = null;
    }
  }
  if (session.activeGoalId !== ledger.activeGoalId && session.goals.some((goal) => goal.id === ledger.activeGoalId)) {
    told.push(`the active goal reads ${session.activeGoalId ?? "none"} where goalpost left ${ledger.activeGoalId}`);
    if (restore) (session as { activeGoalId: string | null }).activeGoalId = ledger.activeGoalId;
  }
  return told;
}

/** The breach, recorded to be told at the user's next prompt and kept for doctor and status. */
export function recordForgedStanding(root: string, sessionId: string, told: readonly string[]): void {
  if (told.length === 0) return;
  recordNotices(root, [
    {
      kind: "breach",
      message: `goalpost's session file for ${sessionId} was written by something other than goalpost: ${told.join("; ")}. goalpost reads each goal as it left it; if you changed the file yourself, use goal: commands instead.`,
    },
  ]);
}
