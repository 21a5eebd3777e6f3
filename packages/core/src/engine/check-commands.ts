// The user's word on checks, typed as prompts: `/goal check add|drop|list|accept` sets what goalpost
// runs, `/goal accept` and `/goal refuse` answer a goal that waits for them. Only prompts the user typed
// reach here: the model can propose a check (goalpost_update proposedChecks) but never bind one.

import { closeGoal } from "../lifecycle/goal-lifecycle.js";
import { pushGoalEvent } from "../record/bounded-history.js";
import type { GoalCheck } from "../record/goal-checks.js";
import type { GoalRecord } from "../record/goal-record.js";
import { settleClosedGoal } from "../session/close-in-session.js";
import { activeGoal, replaceGoal } from "../session/session-goals.js";
import { goalText, quotedGoal } from "../text/goal-text.js";
import { sanitizeText } from "../text/sanitize-text.js";
import { checkToolchain } from "../verify/check-definition.js";
import { userCheck } from "../verify/derive-checks.js";
import { beginVerification } from "../verify/request-completion.js";
import type { VerificationRequest } from "../verify/verification-request.js";
import { decision, type EngineContext } from "./engine-context.js";
import type { EngineDecision, EngineEventOf } from "./engine-event.js";
import type { CheckAction } from "./goal-command.js";

type Event = EngineEventOf<"prompt-submitted">;

const say = (text: string): EngineDecision => decision({ context: `goalpost: ${text}`, userNote: `goalpost: ${text}` });
const NO_GOAL = say("there is no open goal here.");

/** The checks as a line the user reads: "1. `npm test` (test, from your words)". */
function checksLine(checks: readonly GoalCheck[]): string {
  if (checks.length === 0) return "none";
  const from = { words: "from your words", project: "the project's", user: "set by you" } as const;
  const source = (check: GoalCheck) => (check.from ? `the project's, from ${check.from}` : from[check.source]);
  return checks
    .map(
      (check, index) =>
        `${index + 1}. \`${goalText(check.command, 160)}\` (${check.kind}, ${source(check)}${check.requirement ? `, for requirement ${check.requirement}` : ""}${check.exitStatusCounts ? ", its exit status counts" : ""})`,
    )
    .join("; ");
}

/** The home folders a run may read, as the user writes them: "~/.cargo, ~/.rustup". */
function homeWords(home: readonly string[], userHome: string | undefined): string {
  return home
    .map((folder) => (userHome && folder.startsWith(`${userHome}/`) ? `~${folder.slice(userHome.length)}` : folder))
    .join(", ");
}

/**
 * What goalpost tells the user about a new goal's checks: what it will run, what of their home the run
 * may read (named once, here), and that it runs them now for the starting point.
 */
export function capturedChecksNote(
  goal: GoalRecord,
  home: readonly string[] = [],
  userHome?: string,
  ciFile: string | null = null,
): string {
  if (goal.checks.length === 0)
    return "goalpost found no check to run for it: `goal: check add <command>` sets one; without one, completing it waits for your `goal: accept`.";
  const sees = `it sees the project and the system's programs${home.length > 0 ? `, and of your home only ${homeWords(home, userHome)} (read-only)` : ", not your home"}`;
  const starting = goal.checkStart ? " It runs them once now, to see where the goal starts from." : "";
  const settings = Object.entries(goal.checkEnv).map(([name, value]) => `${name}=${value}`);
  const offer =
    settings.length > 0
      ? ` They run with ${settings.join(" ")}, as the project's CI runs its tests (${ciFile ?? "its workflows"}); \`goal: check env NAME=value\` changes one.`
      : "";
  return `to check it, goalpost will run ${checksLine(goal.checks)} itself, in a sandbox: ${sees} (\`goal: check add|drop <command>\` changes the checks).${starting}${offer}`;
}

function editChecks(context: EngineContext, event: Event, action: CheckAction, command: string): EngineDecision {
  const { result } = context.store.update(context.identityOf(event), (session) => {
    const goal = activeGoal(session);
    if (!goal) return null;
    let checks = goal.checks;
    let proposed = goal.proposedChecks;
    let checkEnv = goal.checkEnv;
    let problem: string | null = null;
    if (action === "add") {
      const typed = sanitizeText(command, { maxLength: 300 });
      if (typed === "") problem = "say which command: `goal: check add <command>`.";
      else if (!checks.some((check) => check.command === typed)) checks = [...checks, userCheck(typed)];
    } else if (action === "drop" || action === "trust") {
      const index = /^\d+$/.test(command) ? Number(command) - 1 : checks.findIndex((check) => check.command === command.trim());
      if (index < 0 || index >= checks.length) problem = `no check "${goalText(command, 120)}" to ${action}.`;
      else if (action === "drop") checks = checks.filter((_, at) => at !== index);
      // The user's word: this check passes on its exit status alone (goalpost reads no runner's report in it).
      else checks = checks.map((check, at) => (at === index ? { ...check, exitStatusCounts: true } : check));
    } else if (action === "env") {
      const settings = command.split(/\s+/).filter(Boolean);
      const bad = settings.find((setting) => !/^[A-Za-z_][A-Za-z0-9_]*=\S*$/.test(setting) || /^(?:PATH|HOME|CI)=/.test(setting));
      if (settings.length === 0 || bad)
        problem = `say it as NAME=value (not PATH, HOME or CI): \`goal: check env TZ=UTC\`${bad ? `; "${goalText(bad, 60)}" is not` : ""}.`;
      else
        checkEnv = {
          ...checkEnv,
          ...Object.fromEntries(
            settings.map((setting) => [setting.slice(0, setting.indexOf("=")), setting.slice(setting.indexOf("=") + 1)]),
          ),
        };
    } else if (action === "accept") {
      if (proposed.length === 0) problem = "the agent proposed no check.";
      for (const text of proposed)
        if (!checks.some((check) => check.command === text)) checks = [...checks, { ...userCheck(text) }];
      proposed = [];
    }
    // The programs the checks start are the user's word too: resolved again as the host's PATH has them.
    const baseline =
      checks !== goal.checks && goal.checkBaseline
        ? {
            ...goal.checkBaseline,
            ...checkToolchain(goal.cwd, { commands: checks.map((check) => check.command), searchPath: goal.checkPath }),
          }
        : goal.checkBaseline;
    if (checks !== goal.checks || proposed !== goal.proposedChecks || checkEnv !== goal.checkEnv)
      replaceGoal(session, {
        ...goal,
        checks,
        proposedChecks: proposed,
        checkEnv,
        checkBaseline: baseline,
        // A run of other checks, or with other variables, proves nothing about these.
        verification: checks !== goal.checks || checkEnv !== goal.checkEnv ? null : goal.verification,
        updatedAt: context.now().toISOString(),
        revision: goal.revision + 1,
      });
    return { goal, checks, checkEnv, problem };
  });
  if (!result) return NO_GOAL;
  if (result.problem) return say(result.problem);
  const env = Object.entries(result.checkEnv).map(([name, value]) => `${name}=${value}`);
  return say(
    `the checks of goal ${quotedGoal(result.goal)}: ${checksLine(result.checks)}${env.length > 0 ? `, run with ${env.join(" ")}` : ""}.`,
  );
}

/** `/goal accept`: the user closes a goal that waits for them, or lets its checks run once unsandboxed. */
function accept(context: EngineContext, event: Event): EngineDecision {
  const at = context.now();
  let start: VerificationRequest | null = null;
  const { result } = context.store.update(context.identityOf(event), (session) => {
    const goal = activeGoal(session);
    if (!goal?.awaitingUser)
      return { goal, text: goal ? `goal ${quotedGoal(goal)} is not waiting for you; nothing changed.` : null };
    if (goal.awaitingUser.reason === "unsandboxed") {
      const begun = beginVerification(session, { ...goal, awaitingUser: null }, at, context.store.root, true);
      start = begun.start;
      return { goal, text: `goalpost runs the checks of goal ${quotedGoal(goal)} once without a sandbox, as you allowed.` };
    }
    const accepted = pushGoalEvent(goal, {
      at: at.toISOString(),
      type: "accepted",
      note: `by the user: ${goal.awaitingUser.reason}`,
    });
    try {
      const closed = closeGoal(accepted, { status: "complete", reason: "accepted by the user" }, at, { acceptedByUser: true });
      settleClosedGoal(session, goal, closed, at);
      return { goal, text: `goal ${quotedGoal(goal)} is closed as complete, on your word.` };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { goal, text: `goal ${quotedGoal(goal)} cannot close yet: ${goalText(message, 600)}` };
    }
  });
  if (start) context.startVerification(start);
  return result.text ? say(result.text) : NO_GOAL;
}

/** `/goal refuse`: the goal stays open and the model hears that the user did not accept it. */
function refuse(context: EngineContext, event: Event): EngineDecision {
  const at = context.now().toISOString();
  const { result } = context.store.update(context.identityOf(event), (session) => {
    const goal = activeGoal(session);
    if (!goal?.awaitingUser) return { goal, waiting: null };
    // The pass the user refused no longer counts: a later close runs the checks again, and asks again.
    const verification = goal.verification
      ? { ...goal.verification, state: "void" as const, verdict: "the user did not accept this run" }
      : null;
    replaceGoal(
      session,
      pushGoalEvent(
        { ...goal, awaitingUser: null, closeRequest: null, verification },
        { at, type: "refused", note: `by the user: ${goal.awaitingUser.reason}` },
      ),
    );
    return { goal, waiting: goal.awaitingUser };
  });
  if (!result.goal) return NO_GOAL;
  if (!result.waiting) return say(`goal ${quotedGoal(result.goal)} is not waiting for you; nothing changed.`);
  return decision({
    context: `goalpost: the user did not accept goal ${result.goal.id} as complete (${result.waiting.reason}). It stays open: ask them what is missing, or keep working on it.`,
    userNote: `goalpost: goal ${quotedGoal(result.goal)} stays open.`,
  });
}

export function onCheckCommand(
  context: EngineContext,
  event: Event,
  command: { kind: "check"; action: CheckAction; command: string } | { kind: "accept" } | { kind: "refuse" },
): EngineDecision {
  if (command.kind === "accept") return accept(context, event);
  if (command.kind === "refuse") return refuse(context, event);
  return editChecks(context, event, command.action, command.command);
}

/** A line for the user when their goal waits for them or the agent proposed checks; null otherwise. */
export function waitingNote(goal: GoalRecord): string | null {
  if (goal.awaitingUser) return `goalpost: goal ${quotedGoal(goal)} waits for you. ${goal.awaitingUser.summary}`;
  if (goal.proposedChecks.length > 0)
    return `goalpost: the agent proposes these checks for goal ${quotedGoal(goal)}: ${goal.proposedChecks.map((text) => `\`${goalText(text, 160)}\``).join(", ")}. \`goal: check accept\` takes them.`;
  return null;
}
