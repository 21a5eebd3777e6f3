// What the user's /goal commands do to the session's goal: set it (captured as a draft, or mirrored from
// the host's own goal), clear it, carry on one left in this directory, propose a replacement for an open
// one, pause or resume it. The prompt handler and the host-goal handlers call these; none is a handler.

import { homedir } from "node:os";
import { GoalpostError } from "../base/errors.js";
import { createGoal, pauseGoal, resumeGoal, setGoalAside } from "../lifecycle/goal-lifecycle.js";
import { budgetText, parseBudget, splitTrailingBudget } from "../record/goal-budget.js";
import { isGoalId } from "../record/goal-identity.js";
import { isOpen } from "../record/goal-phase.js";
import type { GoalRecord, GoalSource } from "../record/goal-record.js";
import { activeGoal, goalAncestors, replaceGoal } from "../session/session-goals.js";
import { continueGoal } from "../store/continuation.js";
import type { SessionFile } from "../store/session-file.js";
import { goalName, goalText, quotedGoal } from "../text/goal-text.js";
import { checkToolchain } from "../verify/check-definition.js";
import { ciTests } from "../verify/ci-workflows.js";
import { deriveChecks } from "../verify/derive-checks.js";
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
  // The project's CI test run, read once: its command may be the test check, and the time zone and locale
  // it runs with are the checks' too (said below).
  const ciRun = ciTests(identity.cwd);
  const checks = deriveChecks(
    objective,
    identity.cwd,
    requirements,
    "searchPath" in event ? (event.searchPath ?? null) : null,
    ciRun,
  );
  const ci = checks.some((check) => check.kind === "test") ? ciRun : null;
  const { session, result } = store.update(identity, (state) => {
    // The turn starts before the goal exists: what the host recorded until now is not the new goal's.
    startTurn(state, context.now(), "tokensUsed" in event ? event.tokensUsed : undefined, context.clock());
    state.pendingReplacement = null;
    const created = createGoal(
      {
        ...identity,
        objective,
        budget,
        requirements,
        checks,
        checkPath: "searchPath" in event ? (event.searchPath ?? null) : null,
        checkEnv: ci?.env ?? {},
        source,
        status: "draft",
        sourcePrompt: event.prompt,
        startingPoint: checks.length > 0,
      },
      context.now(),
    );
    // The goal it replaces is paused and set aside, never cancelled: the user brings it back by name.
    const replaced = setAsideStack(state, created.id, context.now());
    state.goals.push(created);
    state.activeGoalId = created.id;
    state.sentGoal = { goalId: created.id, revision: created.revision, prompts: 0 };
    state.counters.prompts += 1;
    return { created, replaced };
  });
  const { created: goal, replaced } = result;
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
  // The host's own /goal ran on the same words: which verdict counts, said once, here.
  const twoGoals =
    source === "native" && event.type === "prompt-submitted"
      ? " The host's own /goal runs beside it: its verdict is its model's word, while goalpost closes this goal only when its own run of your checks passes (type goal: … instead of /goal … to set goalpost's alone)."
      : "";
  return decision({
    context: context.render(session, goal, "full"),
    userNote: `goalpost: goal captured as a draft; ${replaced ? `${setAsideNote(replaced)} ` : ""}${capturedChecksNote(goal, home, homedir(), ci?.file ?? null)}${goal.budget ? ` Budget: ${budgetText(goal.budget)}.` : ""}${twoGoals}`,
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
    userNote: cleared ? `goalpost: goal ${quotedGoal(cleared)} cleared.` : "goalpost: no open goal.",
  });
}

export function continueEarlierGoal(
  context: EngineContext,
  event: Event,
  goalId: string | undefined,
  /** The user typed `/goal continue` (or `resume`) themselves: a goal moves even from a session that ran lately. */
  userAsked = false,
): EngineDecision {
  try {
    const outcome = continueGoal(context.store, context.identityOf(event), goalId, context.peers(), { userAsked });
    if (outcome.kind === "none")
      return decision({ context: `goalpost: ${outcome.message}`, userNote: "goalpost: no open goal to continue." });
    if (outcome.kind === "live")
      return decision({ context: `goalpost: ${outcome.message}`, userNote: `goalpost: ${outcome.message}` });
    const session = context.store.read(event.sessionId)!;
    return decision({
      context: context.render(session, outcome.goal, "full"),
      userNote: `goalpost: continuing goal ${quotedGoal(outcome.goal)}.`,
    });
  } catch (error) {
    if (!GoalpostError.isInstance(error)) throw error;
    return decision({ context: `goalpost: ${error.message}`, userNote: "goalpost: could not continue; see the message." });
  }
}

/**
 * `/goal edit <text>` and `/goal replace <text>`: the new text waits beside the open goal, which
 * stays as it is until the user types `goal: confirm`. With no goal open, the text is captured at once.
 */
export function proposeReplacement(context: EngineContext, event: Event, objective: string): EngineDecision {
  const goal = activeGoal(context.store.peek(event.sessionId));
  if (!goal) return captureGoal(context, event, { objective, source: "slash" });
  context.store.update(context.identityOf(event), (state) => {
    state.pendingReplacement = { objective, prompt: event.prompt, at: context.now().toISOString() };
  });
  const note = `goalpost: goal ${quotedGoal(goal)} is unchanged. To replace it with "${goalText(objective, 200)}", type goal: confirm.`;
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

/** One line for the user: the goal set aside, and the words that bring it back (`goal:` works on every host). */
const setAsideNote = (goal: GoalRecord): string =>
  `${quotedGoal(goal)} is paused, not lost: \`goal: resume ${goalName(goal)}\` brings it back.`;

/**
 * Sets the session's current goal aside for `replacementId`: its outermost goal paused and out of the
 * stack, the goals under it kept as they are and out of the stack with it. Returns the outermost one.
 */
function setAsideStack(session: SessionFile, replacementId: string, now: Date): GoalRecord | null {
  const active = activeGoal(session);
  if (!active) return null;
  const root = goalAncestors(session, active)[0] ?? active;
  for (const goal of subtree(session, root)) replaceGoal(session, { ...goal, setAsideFor: replacementId });
  const aside = setGoalAside(root, replacementId, now);
  replaceGoal(session, aside);
  session.activeGoalId = null;
  return aside;
}

/** The open goals under `root` (its sub-goals and tasks, at any depth). */
const subtree = (session: SessionFile, root: GoalRecord): GoalRecord[] =>
  session.goals.filter(
    (goal) => goal.id !== root.id && isOpen(goal) && goalAncestors(session, goal).some((above) => above.id === root.id),
  );

/** The goals set aside in the session (outermost ones), newest first. */
const setAsideGoals = (session: SessionFile | null): GoalRecord[] =>
  (session?.goals ?? [])
    .filter((goal) => isOpen(goal) && goal.setAsideFor !== null && !goal.parentId)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

const squeeze = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2026"'`]/g, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * `goal: resume <words or id>`: the set-aside goal so named comes back (resumed, its stack with it) and
 * the current one is set aside in its place; `goal: resume` alone with no goal current brings back the
 * newest. A name that fits nothing set aside changes nothing and says so. Null when nothing set aside
 * is meant, so the caller goes on as before: `goal: resume` alone resumes a paused goal, and a goal id
 * no goal set aside here has continues a goal of another session.
 */
export function resumeSetAside(context: EngineContext, event: Event, name: string | undefined): EngineDecision | null {
  const session = context.store.peek(event.sessionId);
  const aside = setAsideGoals(session);
  if (name === undefined && (aside.length === 0 || activeGoal(session))) return null;
  const wanted = name === undefined ? "" : squeeze(name);
  const named =
    name === undefined ? aside.slice(0, 1) : aside.filter((goal) => goal.id === name || squeeze(goal.objective).includes(wanted));
  if (named.length !== 1) {
    if (named.length === 0 && isGoalId(name ?? "")) return null;
    const list = (named.length > 1 ? named : aside).map(quotedGoal).join(", ");
    const note =
      named.length > 1
        ? `goalpost: "${name}" names more than one goal set aside here (${list}); nothing changed. Name one by more of its words.`
        : `goalpost: no goal set aside here is named "${goalText(name ?? "", 120)}"; nothing changed.${list ? ` Set aside: ${list}.` : ""}`;
    return decision({ userNote: note, context: note });
  }
  const target = named[0]!;
  const { session: after, result } = context.store.update(context.identityOf(event), (state) => {
    const found = state.goals.find((goal) => goal.id === target.id);
    if (!found || !isOpen(found) || !found.setAsideFor) return null;
    const current = activeGoal(state);
    const replaced = current ? setAsideStack(state, found.id, context.now()) : null;
    for (const goal of subtree(state, found)) replaceGoal(state, { ...goal, setAsideFor: null });
    const back = resumeGoal(found, context.now());
    replaceGoal(state, { ...back, stopStreak: { ...back.stopStreak, count: 0 } });
    state.activeGoalId = found.id;
    return { back, replaced };
  });
  if (!result) return null;
  context.store.audit({
    sessionId: event.sessionId,
    goalId: result.back.id,
    type: "updated",
    note: "resumed by name: set aside before",
  });
  const note = `goalpost: back to ${quotedGoal(result.back)}.${result.replaced ? ` ${setAsideNote(result.replaced)}` : ""}`;
  return decision({ context: context.render(after, result.back, "full"), userNote: note });
}
