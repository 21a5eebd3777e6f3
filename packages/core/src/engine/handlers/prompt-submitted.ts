// A prompt: `/goal …` captures a draft, `/goal clear` cancels, `/goal continue` carries on a goal left
// in this directory, `/goal status` reports; any other user prompt with a goal open gets the goal block
// (in full once after a compaction) and resets drift and the stop counter. A prompt the host wrote
// itself (origin host) is never captured and resets nothing. What each command does to the goal is
// goal-changes.ts (also the host-goal handlers'); budgets budget-command.ts, checks check-commands.ts.
import { takeUpGoal } from "../../lifecycle/goal-lifecycle.js";
import type { GoalRecord } from "../../record/goal-record.js";
import { awaitsRestore, markRestored } from "../../session/compaction-restore.js";
import type { RenderForm } from "../../session/render-goal.js";
import { activeGoal, replaceGoal } from "../../session/session-goals.js";
import { continuationCandidates } from "../../store/continuation.js";
import { recordNotice } from "../../store/record-notice.js";
import type { SessionFile } from "../../store/session-file.js";
import { goalText, quotedGoal } from "../../text/goal-text.js";
import { onBudgetCommand, spendLine } from "../budget-command.js";
import { onCheckCommand, waitingNote } from "../check-commands.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { noticeIssue } from "../github-issue-notice.js";
import { captureGoal, clearGoal, continueEarlierGoal, proposeReplacement, resumeSetAside, setPaused } from "../goal-changes.js";
import { asksToContinue, type GoalCommand, parseGoalCommand } from "../goal-command.js";
import { goalFromFile, markGoalFileAtPrompt } from "../goal-file.js";
import { startTurn } from "../goal-spend.js";
import { heldForUser, heldQuestion } from "../held-goal.js";
import { pendingFocus, restoreWorkingContext } from "../session-focus.js";
import { promptHash } from "../typed-prompts.js";

type Event = EngineEventOf<"prompt-submitted">;
type GoalCommandKind = GoalCommand["kind"];

/**
 * `/goal pause` pauses the session's goal (kept, shown, not enforced); `/goal resume` resumes a paused
 * one. Null when there is nothing to pause or resume here (then `/goal resume` continues a goal left
 * in this directory, as `/goal continue` does).
 */
function pauseOrResume(context: EngineContext, event: Event, pause: boolean): EngineDecision | null {
  const goal = activeGoal(context.store.peek(event.sessionId));
  // Let go for its budget: resuming means more budget, which is the user's to name.
  if (!pause && goal?.status === "budget-limited")
    return decision({ userNote: `${spendLine(goal)} Raise the budget to carry on: goal: budget <more>, e.g. goal: budget 1h.` });
  // Let go for want of the user's word: this is it (the prompt itself takes it up).
  if (!pause && goal?.status === "needs-input") return injectGoal(context, event, false);
  if (!goal || (pause ? goal.status === "paused" : goal.status !== "paused")) {
    return pause && goal ? decision({ userNote: `goalpost: goal ${quotedGoal(goal)} is already paused.` }) : null;
  }
  const { session, result } = setPaused(context, event, pause, activeGoal);
  if (!result) return null;
  return decision({
    context: context.render(session, result, "full"),
    userNote: pause
      ? `goalpost: goal ${quotedGoal(result)} paused: kept and shown, not enforced, until goal: resume.`
      : `goalpost: goal ${quotedGoal(result)} resumed.`,
  });
}

/** The goal block for a prompt in a session with a goal open (full after a compaction or for status). */
function injectGoal(context: EngineContext, event: Event, status: boolean): EngineDecision {
  const at = context.now().toISOString();
  const { session, result } = context.store.update(context.identityOf(event), (state) => {
    // Another hook process may have closed the goal since the peek: then there is nothing to inject.
    if (!activeGoal(state)) return null;
    startTurn(state, context.now(), event.tokensUsed, context.clock());
    const found = activeGoal(state)!;
    let root = found;
    let started: string | null = null;
    if (event.origin === "user") {
      state.counters.prompts += 1;
      // The user's word: a goal goalpost let go for want of it is taken up; any stop count starts again.
      const answered =
        found.status === "needs-input"
          ? takeUpGoal(found, "taken up: the user answered", context.now())
          : { ...found, stopStreak: { ...found.stopStreak, count: 0 } };
      root = { ...answered, drift: { sinceUpdate: 0 } };
      // The starting point, taken since the goal was set: told to the user once.
      const start = root.checkStart;
      if (start && start.state !== "running" && !start.told) {
        started = `${start.summary}.${unreadHint(root)}`;
        root = { ...root, checkStart: { ...start, told: true } };
      }
      replaceGoal(state, root);
    }
    const restoring = awaitsRestore(state);
    // The model has this very revision, and the host keeps prompt context: nothing again, but a one-line
    // reference every REFERENCE_EVERY prompts, so that a long conversation still names it.
    const sent = state.sentGoal;
    const known = context.profile.keepsPromptContext && !restoring && sent?.goalId === root.id && sent.revision === root.revision;
    const prompts = known ? (sent?.prompts ?? 0) + 1 : 0;
    state.sentGoal = { goalId: root.id, revision: root.revision, prompts: prompts % REFERENCE_EVERY };
    markRestored(state, at, "rendered at the first prompt after compaction");
    return { restoring, known, remind: known && prompts % REFERENCE_EVERY === 0, started };
  });
  const root = activeGoal(session);
  if (!result || !root) return NO_DECISION;
  const form: RenderForm = result.restoring || status ? "full" : result.known ? "reference" : "compact";
  const waiting = event.origin === "user" ? waitingNote(root) : null;
  // Held because a host's record said "cleared": asked again until the user says which.
  const held = event.origin === "user" && heldForUser(root) ? heldQuestion(root.id, event.host) : null;
  const spendNote = status || root.status === "budget-limited" ? spendLine(root) : null;
  const started = result?.started ? `goalpost: where goal ${quotedGoal(root)} starts from: ${result.started}` : null;
  const userNote = [status ? `goalpost: goal ${quotedGoal(root)} is ${root.status}.` : null, started, spendNote, waiting, held]
    .filter(Boolean)
    .join(" ");
  // The model has this revision: nothing to send, unless a reminder is due.
  if (result.known && !result.remind && !status) return userNote ? decision({ userNote }) : NO_DECISION;
  return decision({ context: context.render(session, root, form), ...(userNote ? { userNote } : {}) });
}

/**
 * A test check whose output no runner goalpost reads printed a report in at the start, or whose runner
 * reported no test (a project whose tests are its pretest's, with an empty mocha after): said so, with the
 * user's way to let its exit status count.
 */
function unreadHint(goal: GoalRecord): string {
  const unread = (goal.checkStart?.results ?? []).filter(
    (result) =>
      (result.tests === null || (result.tests.passed === 0 && result.tests.failed === 0)) &&
      goal.checks.some((check) => check.command === result.command && check.kind === "test" && !check.exitStatusCounts),
  );
  if (unread.length === 0) return "";
  const { command, tests } = unread[0]!;
  const quoted = goalText(command, 120);
  const seen = tests
    ? `\`${quoted}\`'s ${tests.runner} reports no test run`
    : `goalpost reads no test runner's report in \`${quoted}\`'s output`;
  return ` ${seen}, so its pass cannot show which tests ran; \`goal: check trust ${quoted}\` lets its exit status alone count.`;
}

function startTurnIfOpen(context: EngineContext, event: Event): void {
  if (!activeGoal(context.store.peek(event.sessionId))) return;
  context.store.update(context.identityOf(event), (state) => startTurn(state, context.now(), event.tokensUsed, context.clock()));
}

/** Prompts between two one-line references to an unchanged goal the model already has. */
const REFERENCE_EVERY = 10;

/**
 * The longest prompt goalpost reads: a goal's objective keeps 600 characters, so a 10 MB paste is
 * read as its first 64 KB (redacting and hashing all of it could outlast the host's hook timeout).
 */
const PROMPT_LIMIT = 64 * 1024;

const GOAL_COMMAND_HELP =
  "its commands, typed at the start of a prompt: goal: <what done means> sets a goal (an open one is set aside, paused: goal: resume <its first words> brings it back); goal: or goal: status shows it; goal: check add|drop|list <command> sets the checks goalpost runs itself before the goal may close, goal: check accept takes the agent's proposed ones; goal: accept or goal: refuse answers a goal that waits for you; goal: budget 2h, 200k tokens, 30 turns sets what it may cost (or goal: <text> budget 2h), goal: budget alone shows the spend; goal: pause and goal: resume stop and restart its enforcement; a command mistyped (goal: acept) changes nothing and asks what you meant; /goal edit <text> proposes a new objective beside the open goal, which goal: confirm puts in place; goal: clear cancels it; goal: continue [goal id] carries on a goal left open in this directory.";

/** What the user is told once per session with no goal and no task: that `goal:` exists (config `goalHint`). */
export const GOAL_HINT =
  "goalpost: no goal is set for this session. Type goal: <what done means> and goalpost keeps the agent on it until your checks pass.";

/** A GitHub issue's address in a prompt: the user names the issue the session works on. */
const ISSUE_ADDRESS = /https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/issues\/\d+/;

/**
 * A prompt with no goal: what the session works on if the model has not got it yet (its issue, a task);
 * with nothing known, the user hears once per session that /goal exists — the hint, to the user only.
 */
function focusOrHint(context: EngineContext, event: Event, session: SessionFile | null): EngineDecision {
  // The first prompt after a compaction on a host with no start after one: what the session was doing.
  if (session && !event.subagent && awaitsRestore(session)) {
    const work = restoreWorkingContext(context, event, "rendered at the first prompt after compaction, with no goal set");
    if (work) return decision({ context: work });
  }
  const focus = pendingFocus(context, event, session);
  if (focus) return decision({ context: focus });
  if (!context.config.goalHint || event.subagent || event.origin !== "user") return NO_DECISION;
  if (session?.hinted || session?.focus || session?.issue) return NO_DECISION;
  const { result: told } = context.store.update(context.identityOf(event), (state) => {
    if (state.hinted || state.focus || state.issue || activeGoal(state)) return false;
    state.hinted = true;
    return true;
  });
  return told ? decision({ userNote: GOAL_HINT }) : NO_DECISION;
}

/**
 * The commands that only show something, or hold the agent to a goal again: nothing in them loosens.
 * Every other command — clear, pause, accept, refuse, check, budget, a new goal or a confirmed edit
 * over an open one — can, and a prompt hook can be run by a script as well as by the host, while most
 * hosts keep no record of the user's prompts the agent cannot write. So one that changed a goal the
 * session already had is recorded, and told back at the user's next prompt and in `goalpost status`.
 */
const NEVER_LOOSENS = new Set<GoalCommandKind>(["status", "help", "unsupported", "near-miss", "buried", "resume", "continue"]);

export function onPromptSubmitted(context: EngineContext, whole: Event): EngineDecision {
  const event = whole.prompt.length > PROMPT_LIMIT ? { ...whole, prompt: whole.prompt.slice(0, PROMPT_LIMIT) } : whole;
  const command = event.origin === "user" ? parseGoalCommand(event.prompt) : null;
  // A resume by name sets the current goal aside: that loosens, as a new goal over it does.
  const loosens = command && (!NEVER_LOOSENS.has(command.kind) || (command.kind === "resume" && command.name));
  if (!loosens) return answerPrompt(context, event, command);
  const before = goalStates(context.store.peek(event.sessionId));
  const answer = answerPrompt(context, event, command);
  const after = goalStates(context.store.peek(event.sessionId));
  // A goal set where none was open changes no goal the session had: nothing to tell back.
  if ([...before].some(([id, state]) => after.get(id) !== state))
    recordNotice(context.store.root, {
      kind: "decision",
      message: `\`${goalText(event.prompt, 120)}\`${answer.userNote ? ` (${goalText(answer.userNote.replace(/^goalpost: /, ""), 200).replace(/\.$/, "")})` : ""}`,
      promptHash: promptHash(whole.prompt),
      sessionId: event.sessionId,
    });
  return answer;
}

/** What a command can change of each goal a session has, by id. */
const goalStates = (session: SessionFile | null): Map<string, string> =>
  new Map(
    (session?.goals ?? []).map(({ id, objective, status, checks, budget, awaitingUser, closedAt }) => [
      id,
      JSON.stringify([objective, status, checks, budget, awaitingUser, closedAt]),
    ]),
  );

function answerPrompt(context: EngineContext, event: Event, command: GoalCommand | null): EngineDecision {
  // The issue the session works on: the goal's words when it names one, else the branch.
  if (event.origin === "user")
    noticeIssue(
      context,
      event,
      command?.kind === "set" ? command.objective : ISSUE_ADDRESS.test(event.prompt) ? event.prompt : null,
    );
  if (command?.kind === "set") {
    // One word after /goal with a goal open reads like a command goalpost does not know: propose, never replace.
    if (command.source === "slash" && !/\s/.test(command.objective) && activeGoal(context.store.peek(event.sessionId)))
      return proposeReplacement(context, event, command.objective);
    return captureGoal(context, event, command);
  }
  // A command prompt starts a turn too: the goal's working time runs from here, not from the last stop.
  if (command && command.kind !== "status") startTurnIfOpen(context, event);
  if (command?.kind === "clear") return clearGoal(context, event);
  if (command?.kind === "budget") return onBudgetCommand(context, event, command.budget);
  if (command?.kind === "check" || command?.kind === "accept" || command?.kind === "refuse")
    return onCheckCommand(context, event, command);
  if (command?.kind === "near-miss") {
    const said = `"${goalText(command.typed, 120)}" is not a goalpost command, so nothing changed — did you mean \`${goalText(command.meant, 120)}\`?`;
    return decision({
      userNote: `goalpost: ${said}`,
      context: `goalpost: the user's prompt reads like a mistyped goalpost command; ${said} It is not a new goal: do not act on it as one.`,
    });
  }
  if (command?.kind === "buried") {
    const typed = goalText(command.typed, 120);
    return decision({
      userNote: `goalpost: "${typed}" comes after other words in your prompt, so no goal was set. To set one, start a prompt — or a line of it — with goal: <what done means>.`,
      context: `goalpost: the user's prompt mentions "${typed}" after other words; that set no goal. Do not act as if a goal were set.`,
    });
  }
  if (command?.kind === "resume") {
    const back = resumeSetAside(context, event, command.name);
    if (back) return back;
    // A goal id no goal set aside here has: a goal of another session, continued as `continue <id>` does.
    if (command.name !== undefined) return continueEarlierGoal(context, event, command.name, true);
  }
  if (command?.kind === "pause" || command?.kind === "resume") {
    const moved = pauseOrResume(context, event, command.kind === "pause");
    if (moved) return moved;
    if (command.kind === "resume") return continueEarlierGoal(context, event, undefined, true);
  }
  if (command?.kind === "continue") return continueEarlierGoal(context, event, command.goalId, true);
  if (command?.kind === "replace") return proposeReplacement(context, event, command.objective);
  if (command?.kind === "confirm") {
    const pending = context.store.peek(event.sessionId)?.pendingReplacement;
    if (pending)
      return captureGoal(context, { ...event, prompt: pending.prompt }, { objective: pending.objective, source: "slash" });
    return decision({ userNote: "goalpost: there is no replacement waiting for goal: confirm." });
  }
  if (command?.kind === "help" || command?.kind === "unsupported") {
    const said = command.kind === "unsupported" ? `"/goal ${command.verb}" is not a goalpost command; nothing changed. ` : "";
    return decision({
      context: `goalpost: ${said}${GOAL_COMMAND_HELP}`,
      userNote: `goalpost: ${said}${GOAL_COMMAND_HELP}`,
    });
  }
  // The project's goal file: a goal the user wrote there that goalpost has not taken yet (goal-file.ts).
  if (command) markGoalFileAtPrompt(context, event);
  const fromFile = command ? null : goalFromFile(context, event);
  if (fromFile) return fromFile;
  const status = command?.kind === "status";
  const session = context.store.peek(event.sessionId);
  if (!activeGoal(session)) {
    // "keep going" with no goal here and exactly one left open in this directory: continue it.
    if (!command && event.origin === "user" && asksToContinue(event.prompt)) {
      const candidates = continuationCandidates(context.store, event.cwd, event.sessionId, context.peers());
      if (candidates.length === 1) return continueEarlierGoal(context, event, undefined);
      const hint = context.continuationHint(event);
      if (hint) return decision({ context: hint });
    }
    return status
      ? decision({
          context: context.continuationHint(event) ?? "goalpost: this session has no open goal.",
          userNote: "goalpost: no open goal.",
        })
      : focusOrHint(context, event, session);
  }
  return injectGoal(context, event, status);
}
