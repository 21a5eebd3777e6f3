// A goal paused because a host's record said its goal was cleared, which no prompt of the user's did
// (handlers/host-record-change.ts): held (`heldFor`), and asked about at each prompt until the user
// clears or resumes it.
import type { GoalRecord } from "../record/goal-record.js";
import { HELD_NOTE } from "../store/older-records.js";

/** The history note of a goal paused this way. */
export const HELD_FOR_USER = HELD_NOTE;

/** Whether `goal` is held for the user's word. */
export const heldForUser = (goal: GoalRecord) => goal.status === "paused" && goal.heldFor !== null;

/** What the user is asked while a goal is held. */
export const heldQuestion = (goalId: string, host: string) =>
  `goalpost: ${host}'s own record says its /goal was cleared, but goalpost saw no prompt of yours do it (a command the agent runs can write that record). Goal ${goalId} is paused, not cancelled: type \`goal: clear\` to cancel it, or \`goal: resume\` to go on with it.`;
