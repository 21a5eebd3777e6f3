// What the store can still say about a session's open goal when it cannot be used as usual — the
// disk is full or read-only, a lock never frees, the session file is damaged — so that a fault never
// turns into "no goal": a hook that failed still refuses a stop while a goal is known open. Read, in
// order, from whatever is there, without a lock, a schema or a write: the session file, its newest
// set-aside copy, the continuation index, and last the open marker (a goal whose text is lost).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { currentGoal } from "../record/current-goal.js";
import { LET_GO } from "../record/goal-phase.js";
import type { GoalStatus } from "../record/goal-record.js";
import { OPEN_MARKERS } from "./open-goal-markers.js";
import { safeFileName } from "./safe-file-name.js";

interface KnownOpenGoal {
  readonly id: string;
  readonly objective: string;
  /**
   * Whether it would refuse a stop: false for a goal paused, let go (needs-input, budget-limited) or
   * blocked with its blockers named — still open, so a damaged file keeps it, but a stop goes through.
   * An open marker alone says nothing of its status: true.
   */
  readonly enforced: boolean;
  /** Where it was read from, for the user. */
  readonly source: "session file" | "set-aside copy" | "continuation index" | "open marker";
}

interface LooseGoal {
  readonly id?: unknown;
  readonly parentId?: unknown;
  readonly level?: unknown;
  readonly objective?: unknown;
  readonly status?: unknown;
  readonly closedAt?: unknown;
  readonly blockers?: unknown;
}

/** The session's current goal in `goals` (current-goal.ts), and whether it would refuse a stop. */
function openGoal(goals: unknown, activeId: unknown): { id: string; objective: string; enforced: boolean } | undefined {
  if (!Array.isArray(goals)) return undefined;
  const open = (goals as LooseGoal[]).filter(
    (goal) =>
      goal &&
      typeof goal.id === "string" &&
      (goal.closedAt === null || goal.closedAt === undefined) &&
      goal.status !== "complete",
  );
  const goal = currentGoal(open, activeId);
  if (!goal) return undefined;
  const enforced = !(
    LET_GO.has(goal.status as GoalStatus) ||
    (goal.status === "blocked" && Array.isArray(goal.blockers) && goal.blockers.length > 0)
  );
  return { id: String(goal.id), objective: typeof goal.objective === "string" ? goal.objective : "", enforced };
}

function parsed(path: string): { goals?: unknown; activeGoalId?: unknown } | undefined {
  try {
    const data: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof data === "object" && data !== null ? (data as { goals?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

function names(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}

/** The session's open goal as far as anything on disk says, or null when nothing says one is open. */
export function knownOpenGoal(root: string, sessionId: string): KnownOpenGoal | null {
  const name = safeFileName(sessionId);
  const sessions = join(root, "by-session");
  const file = parsed(join(sessions, `${name}.json`));
  if (file && Array.isArray(file.goals)) {
    const goal = openGoal(file.goals, file.activeGoalId);
    return goal ? { ...goal, source: "session file" } : null;
  }
  const copies = names(sessions)
    .filter((entry) => entry.startsWith(`${name}.json.corrupt-`))
    .sort()
    .reverse();
  for (const copy of copies) {
    const data = parsed(join(sessions, copy));
    const goal = data && openGoal(data.goals, data.activeGoalId);
    if (goal) return { ...goal, source: "set-aside copy" };
  }
  const index = join(root, "by-cwd-session");
  for (const entry of names(index).filter((candidate) => candidate.endsWith(`--${name}.json`))) {
    const data = parsed(join(index, entry));
    const goal = data && openGoal(data.goals, undefined);
    if (goal) return { ...goal, source: "continuation index" };
  }
  if (names(join(root, OPEN_MARKERS)).includes(name))
    return { id: "unknown", objective: "", enforced: true, source: "open marker" };
  return null;
}
