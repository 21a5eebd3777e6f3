// A goal change goalpost read from a host's own record — Claude Code's transcript (its `/goal clear`
// runs with no prompt hook), Codex's goal store (its terminal UI's /goal) — that no prompt hook of the
// user's saw. The user may well have made it; but the record is a file, and a command the agent runs
// as the user can write it (threat model, core's README). So such a change never cancels or replaces
// a goal by itself: the goal is paused, or the new objective waits beside it, and the user is asked
// to say so in words goalpost sees (`goal: clear`, `goal: resume`, `goal: confirm`).

import { activeGoal } from "../session/session-goals.js";
import { goalText } from "../text/goal-text.js";
import { decision, type EngineContext } from "./engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "./engine-event.js";
import { setPaused } from "./goal-changes.js";
import { HELD_FOR_USER, heldQuestion } from "./held-goal.js";

type Event = EngineEventOf<"native-goal-changed">;

/** A clear read from the host's record: the open goal is paused and the user asked. */
export function holdClearedGoal(context: EngineContext, event: Event, pick = activeGoal): EngineDecision {
  const { result } = setPaused(context, event, true, pick, { note: HELD_FOR_USER, heldFor: "host-record-cleared" });
  if (!result) return NO_DECISION;
  context.store.audit({ sessionId: event.sessionId, goalId: result.id, type: "paused", note: HELD_FOR_USER });
  return decision({
    context: `goalpost: goal ${result.id} is paused: ${event.host}'s record says its goal was cleared, which goalpost did not see the user do. Do not work on it or close it until the user says.`,
    userNote: heldQuestion(result.id, event.host),
  });
}

/** A new host goal read from the record while goalpost's mirror of the host's goal is open: it waits for `goal: confirm`. */
export function proposeFromRecord(context: EngineContext, event: Event, objective: string): EngineDecision {
  const goal = activeGoal(context.store.peek(event.sessionId));
  if (!goal) return NO_DECISION;
  context.store.update(context.identityOf(event), (state) => {
    state.pendingReplacement = { objective, prompt: objective, at: context.now().toISOString() };
  });
  const note = `goalpost: ${event.host}'s own record has a new goal, "${goalText(objective, 200)}", which goalpost saw no prompt of yours set. Goal ${goal.id} is unchanged; to replace it, type \`goal: confirm\`.`;
  return decision({ context: note, userNote: note });
}
