// What an older goalpost wrote, read as this one writes it. Each upgrade says what changed; the
// session file's schema version stays 1 while every change is one an older reader can ignore (a field
// it does not know) and this reader can derive.
import type { GoalRecord } from "../record/goal-record.js";
import type { SessionFile } from "./session-file.js";

/**
 * The history note of a goal held for the user's word (engine/held-goal.ts): before `heldFor`, a held
 * goal was known by this note alone, so it stays exactly as older releases wrote it.
 */
export const HELD_NOTE = "paused: the host's record says its goal was cleared; waiting for the user's word";

/** A goal paused with the held note by a goalpost before `heldFor` is held. */
function upgradeGoal(goal: GoalRecord): GoalRecord {
  const held = goal.status === "paused" && goal.heldFor === null && goal.history.at(-1)?.note === HELD_NOTE;
  return held ? { ...goal, heldFor: "host-record-cleared" } : goal;
}

export function upgradeSession(session: SessionFile | null): SessionFile | null {
  if (!session?.goals.some((goal) => goal.status === "paused")) return session;
  return { ...session, goals: session.goals.map(upgradeGoal) };
}
