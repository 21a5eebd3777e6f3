// What the user's /goal commands do to the session's goal: set it (captured as a draft, or mirrored from
// the host's own goal), clear it, carry on one left in this directory, propose a replacement for an open
// one, pause or resume it. The prompt handler and the host-goal handlers call these; none is a handler.

import { homedir } from "node:os";
import { GoalpostError } from "../errors.js";
import { createGoal, pauseGoal, resumeGoal } from "../lifecycle/goal-lifecycle.js";
import { budgetText, parseBudget, splitTrailingBudget } from "../record/goal-budget.js";
import type { GoalRecord, GoalSource } from "../record/goal-record.js";
import { activeGoal, replaceGoal } from "../session/session-goals.js";
import { continueGoal } from "../store/continuation.js";
import type { SessionFile } from "../store/session-file.js";
import { goalText } from "../text/goal-text.js";
import { checkToolchain } from "../verify/check-definition.js";
import { deriveChecks } from "../verify/derive-checks.js";
import { ciEnvironment } from "../verify/project-checks.js";
import { capturedChecksNote } from "./check-commands.js";
import { decision, type EngineContext } from "./engine-context.js";
import type { EngineDecision, EngineEventOf } from "./engine-event.js";
import { requirementsFromWords } from "./goal-command.js";
import { startTurn } from "./goal-spend.js";

type Event = EngineEventOf<"prompt-submitted">;

/** A goal the user stated: a /goal or goal: prompt, or the host's own goal mirrored (source native). */
export function captureGoal(
  context: EngineContext,
  event: EngineEventOf<"prompt-submitted" | "native-goal-changed"> & { readonly prompt: string },
  command: { readonly objective: string; readonly source: GoalSource },
): EngineDecision {
  const { store } = context;
  const identity = context.identityOf(event);
  // A host with a /goal of its own runs it too: goalpost's record mirrors it.
  const source: GoalSource = context.profile.nativeGoal && /^\s*\/goal\b/i.test(event.prompt) ? "native" : command.source;
  // The checks come from the user's words and the project as it is now; what defines them is recorded
  // right after, off this hook's path (startVerification's start task, or the agent's first tool call,
  // whichever comes first), and the checks run once for the starting point.
  // "… budget 2h" at the end is the goal's budget, not its words; without one, the config's default.
  const { objective, budget: stated } = splitTrailingBudget(command.objective);
  const budget = stated ?? (context.config.budget ? parseBudget(context.config.budget) : null);
  const requirements = requirementsFromWords(objective);
  const checks = deriveChecks(objective, identity.cwd, requirements, "searchPath" in event ? (event.searchPath ?? null) : null);
  const { session, result: goal } = store.update(identity, (state) => {
    // The turn starts before the goal exists: what the host recorded until now is not the new goal's.
    startTurn(state, context.now(), "tokensUsed" in event ? event.tokensUsed : undefined);
    context.cancelOpenGoals(state, "replaced by a new goal");
    state.pendingReplacement = null;
    const created = createGoal(
      {
        ...identity,
        objective,
        budget,
        requirements,
        checks,
        checkPath: "searchPath" in event ? (event.searchPath ?? null) : null,
        source,
        status: "draft",
        sourcePrompt: event.prompt,
        startingPoint: checks.length > 0,
      },
      context.now(),
    );
    state.goals.push(created);
    state.activeGoalId = created.id;
    state.sentGoal = { goalId: created.id, revision: created.revision, prompts: 0 };
    state.counters.prompts += 1;
    return created;
  });
  store.audit({ sessionId: event.sessionId, goalId: goal.id, type: "opened", note: `draft from ${source}: ${goal.objective}` });
  // What of the user's home the checks' run will read, named to them now (the baseline keeps it).
  const home =
    goal.checks.length > 0
      ? checkToolchain(goal.cwd, { commands: goal.checks.map((check) => check.command), searchPath: goal.checkPath }).home
      : [];
  if (goal.checkStart)
    context.startVerification({
      task: "start",
      root: store.root,
      sessionId: event.sessionId,
      goalId: goal.id,
      verificationId: goal.checkStart.id,
      allowUnsandboxed: false,
    });
  return decision({
    context: context.render(session, goal, "full"),
    userNote: `goalpost: goal captured as a draft (${goal.id}); ${capturedChecksNote(goal, home, homedir(), goal.checks.length > 0 ? ciEnvironment(goal.cwd) : {})}${goal.budget ? ` Budget: ${budgetText(goal.budget)}.` : ""}`,
  });
}

/** The user cleared the goal, with goalpost's `/goal clear` or the host's own. */
export function clearGoal(context: EngineContext, event: EngineEventOf<"prompt-submitted" | "native-goal-changed">) {
  const { result: cleared } = context.store.update(context.identityOf(event), (state) =>
    context.cancelOpenGoals(state, "cleared by user"),
  );
  if (cleared)
    context.store.audit({ sessionId: event.sessionId, goalId: cleared.id, type: "closed", note: "cancelled: cleared by user" });
  return decision({
    context: cleared
      ? `goalpost: the user cleared goal ${cleared.id}. Do not continue it.`
      : "goalpost: there was no open goal to clear.",
    userNote: cleared ? `goalpost: goal ${cleared.id} cleared.` : "goalpost: no open goal.",
  });
}

export function continueEarlierGoal(context: EngineContext, event: Event, goalId: string | undefined): EngineDecision {
  try {
    const outcome = continueGoal(context.store, context.identityOf(event), goalId, context.peers());
    if (outcome.kind === "none")
      return decision({ context: `goalpost: ${outcome.message}`, userNote: "goalpost: no open goal to continue." });
    if (outcome.kind === "live")
      return decision({ context: `goalpost: ${outcome.message}`, userNote: `goalpost: ${outcome.message}` });
    const session = context.store.read(event.sessionId)!;
    return decision({
      context: context.render(session, outcome.goal, "full"),
      userNote: `goalpost: continuing goal ${outcome.goal.id}.`,
    });
  } catch (error) {
    if (!GoalpostError.isInstance(error)) throw error;
    return decision({ context: `goalpost: ${error.message}`, userNote: "goalpost: could not continue; see the message." });
  }
}

/**
 * `/goal edit <text>` and `/goal replace <text>`: the new text waits beside the open goal, which
 * stays as it is until the user types `/goal confirm`. With no goal open, the text is captured at once.
 */
export function proposeReplacement(context: EngineContext, event: Event, objective: string): EngineDecision {
  const goal = activeGoal(context.store.peek(event.sessionId));
  if (!goal) return captureGoal(context, event, { objective, source: "slash" });
  context.store.update(context.identityOf(event), (state) => {
    state.pendingReplacement = { objective, prompt: event.prompt, at: context.now().toISOString() };
  });
  const note = `goalpost: goal ${goal.id} is unchanged. To replace it with "${goalText(objective, 200)}", type /goal confirm.`;
  return decision({ context: note, userNote: note });
}

/**
 * Pauses or resumes the goal `pick` finds in the session, under its lock; null when there is none, or
 * it is already so. The user moved it: its stop count starts again.
 */
export function setPaused(
  context: EngineContext,
  event: EngineEventOf<"prompt-submitted" | "native-goal-changed">,
  pause: boolean,
  pick: (session: SessionFile) => GoalRecord | null,
  held?: { note: string; heldFor: NonNullable<GoalRecord["heldFor"]> },
) {
  return context.store.update(context.identityOf(event), (state) => {
    const goal = pick(state);
    if (!goal || pause === (goal.status === "paused")) return null;
    const moved = pause ? pauseGoal(goal, context.now(), held?.note, held?.heldFor) : resumeGoal(goal, context.now());
    replaceGoal(state, { ...moved, stopStreak: { ...moved.stopStreak, count: 0 } });
    return moved;
  });
}
