// What goalpost holds, for the human and for scripts: goals as rows (status, list) and one goal in
// full (show). Reads the stores only (read-only stores: a damaged record is reported, never moved).
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { createGoalStore, type GoalRecord, renderGoalContext } from "@goalpost/core";
import {
  archivedSessions,
  changesText,
  durationText,
  endedWithin,
  evaluateCompletionGate,
  type GoalBudget,
  isOpen,
  RECENTLY_CLOSED_MS,
  type SessionFile,
  spendText,
  uncoveredRequirements,
} from "@goalpost/core/internal";
import { localTime, timeZoneName } from "./local-time.js";
import { EVENT_TITLE } from "./report/timeline.js";
import type { Colors } from "./terminal.js";

export interface GoalRow {
  readonly root: string;
  readonly host: string;
  readonly sessionId: string;
  readonly cwd: string;
  readonly goalId: string;
  readonly objective: string;
  readonly status: string;
  readonly open: boolean;
  readonly archived: boolean;
  readonly remaining: number;
  readonly blockers: number;
  readonly drift: number;
  readonly stalls: number;
  readonly unrestoredCompactions: number;
  readonly updatedAt: string;
  readonly createdAt: string;
  readonly gate: "satisfied" | "open";
  readonly unmet: readonly string[];
  /** Where a goal continued here came from ("codex session 019a…"), or null. */
  readonly continuedFrom: string | null;
  /** The commands goalpost runs itself before the goal may close as complete. */
  readonly checks: readonly string[];
  /** Where the checks started from, in words ("1 of 3 tests fail (`npm test`)"), or null before it is taken. */
  readonly startingPoint: string | null;
  /** goalpost's latest run of them, or null. */
  readonly verification: {
    readonly state: string;
    readonly verdict: string;
    readonly sandbox: string;
    /** What the work changed since the goal was set, as the run saw it ("src/a.js (+3 −1)"), or null. */
    readonly changed: string | null;
  } | null;
  /** What the goal waits for the user to judge (`/goal accept` or `/goal refuse`), or null. */
  readonly waitingForYou: string | null;
  /** What the goal has cost, against its budget when it has one: "3 of 5 turns, 12 min, 41,200 tokens". */
  readonly spent: string;
  /** Whether anything was spent or a budget set: the line is shown only then. */
  readonly charged: boolean;
  readonly budget: GoalBudget | null;
  /** Why goalpost let the agent go (needs-input, budget-limited), from the goal's history; null otherwise. */
  readonly letGo: string | null;
  /** When it closed, and how it was proven or why it ended, in words; null while open. */
  readonly closedAt: string | null;
  readonly ending: string | null;
}

const warnToStderr = (message: string) => process.stderr.write(`${message}\n`);

export interface LocatedSession {
  readonly root: string;
  readonly session: SessionFile;
  readonly archived: boolean;
}

/** Live sessions of every root, and archived ones when asked: `show` finds a goal wherever retention put it. */
function locateSessions(roots: readonly string[], withArchived: boolean): LocatedSession[] {
  return roots.flatMap((root) => {
    const store = createGoalStore({ root, warn: warnToStderr, readOnly: true });
    return [
      ...store.sessions().map((session) => ({ root, session, archived: false })),
      ...(withArchived ? archivedSessions(store).map((session) => ({ root, session, archived: true })) : []),
    ];
  });
}

/**
 * The sessions with open goals in `dir`, found through each store's continuation index (one small file
 * per session and folder with open goals, keyed by the folder through its links): only their records
 * are read, however many sessions the stores hold.
 */
function sessionsWithOpenGoalsIn(roots: readonly string[], dir: string): LocatedSession[] {
  return roots.flatMap((root) => {
    const store = createGoalStore({ root, warn: warnToStderr, readOnly: true });
    const ids = new Set(store.continuationEntries(dir).map((entry) => entry.sessionId));
    return [...ids].flatMap((id) => {
      const session = store.peek(id);
      return session ? [{ root, session, archived: false }] : [];
    });
  });
}

/** A directory as the hosts would have sent it: resolved, and through its links when it exists. */
function canonicalDir(path: string): string {
  try {
    return realpathSync(resolve(path));
  } catch {
    return resolve(path);
  }
}

/** One goal as status, list and --json show it. */
export function goalRow({ root, session, archived }: LocatedSession, goal: GoalRecord): GoalRow {
  const gate = evaluateCompletionGate(goal);
  return {
    root,
    host: session.host,
    sessionId: session.sessionId,
    cwd: session.cwd,
    goalId: goal.id,
    objective: goal.objective,
    status: goal.status,
    open: isOpen(goal),
    archived,
    remaining: goal.remaining.length,
    blockers: goal.blockers.length,
    drift: goal.drift.sinceUpdate,
    stalls: session.counters.stalls,
    unrestoredCompactions: session.compactions.filter((entry) => entry.restoredAt === null).length,
    updatedAt: goal.updatedAt,
    createdAt: goal.createdAt,
    gate: gate.ok ? "satisfied" : "open",
    unmet: gate.unmet.map((condition) => condition.code),
    continuedFrom: continuedFrom(goal),
    checks: goal.checks.map((check) => check.command),
    startingPoint: goal.checkStart?.summary ?? null,
    verification: goal.verification
      ? {
          state: goal.verification.state,
          verdict: goal.verification.verdict,
          sandbox: goal.verification.sandbox,
          changed: goal.verification.changed?.files.length ? changesText(goal.verification.changed) : null,
        }
      : null,
    waitingForYou: goal.awaitingUser?.summary ?? null,
    spent: spendText(goal.budget, goal.spent),
    charged: goal.budget !== null || goal.spent.turns > 0 || (goal.spent.tokens ?? 0) > 0,
    budget: goal.budget,
    letGo: goal.status === "needs-input" || goal.status === "budget-limited" ? (goal.history.at(-1)?.note ?? null) : null,
    closedAt: goal.closedAt,
    ending: goal.closedAt ? ending(goal) : null,
  };
}

/** How a closed goal ended, in the user's words: what proved it, or why it closed otherwise. */
function ending(goal: GoalRecord): string {
  const run = goal.verification;
  if (goal.status === "complete")
    return run?.state === "passed"
      ? `proven by goalpost's own run of ${goal.checks.map((check) => `\`${check.command}\``).join(", ") || "the checks"}: ${run.verdict.split("\n")[0]}${run.changed?.files.length ? `; changed since the goal was set: ${changesText(run.changed)}` : ""}`
      : `closed as complete${goal.closeReason ? `: ${goal.closeReason}` : ""}`;
  if (goal.status === "blocked") return `closed as blocked${goal.closeReason ? `: ${goal.closeReason}` : ""}`;
  return `${goal.status}${goal.closeReason ? `: ${goal.closeReason}` : ""}`;
}

/** The session a goal was last continued from, from its history's "moved" entry on this side. */
function continuedFrom(goal: GoalRecord): string | null {
  const moved = goal.history.findLast((entry) => entry.type === "moved" && entry.note?.startsWith("continued from "));
  return moved?.note?.slice("continued from ".length) ?? null;
}

interface GoalFilter {
  readonly dir?: string;
  /** Closed goals too, of every session (archived ones included). */
  readonly closed?: boolean;
  /** Only the goals closed in the last RECENTLY_CLOSED_MS (with `dir`: found through its index), not the open ones. */
  readonly recent?: boolean;
}

/**
 * Goals (task goals are part of their parent's view) with where each lives, newest first: the open
 * ones; every goal with `closed`; the ones closed lately with `recent`.
 */
export function foundGoals(roots: readonly string[], filter: GoalFilter = {}): FoundGoal[] {
  const now = new Date();
  const keep = (goal: GoalRecord) =>
    filter.recent ? endedWithin(goal, RECENTLY_CLOSED_MS, now) : filter.closed === true || isOpen(goal);
  const dir = filter.dir === undefined ? undefined : canonicalDir(filter.dir);
  const located =
    dir !== undefined && filter.closed !== true
      ? sessionsWithOpenGoalsIn(roots, dir)
      : locateSessions(roots, filter.closed === true);
  return located
    .filter((located) => dir === undefined || canonicalDir(located.session.cwd) === dir)
    .flatMap((located) =>
      located.session.goals.filter((goal) => goal.level !== "task" && keep(goal)).map((goal) => ({ located, goal })),
    )
    .sort((a, b) => b.goal.updatedAt.localeCompare(a.goal.updatedAt));
}

/** The goals `foundGoals` finds, as rows: what status, list and --json show. */
export function goalRows(roots: readonly string[], filter: GoalFilter = {}): GoalRow[] {
  return foundGoals(roots, filter).map(({ located, goal }) => goalRow(located, goal));
}

/** "3 min ago", "2 h ago", "5 d ago": enough to tell a live goal from a forgotten one. */
function ago(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} d ago`;
}

const STATUS_COLOR: Record<string, keyof Colors> = {
  active: "green",
  draft: "yellow",
  blocked: "red",
  paused: "yellow",
  "needs-input": "yellow",
  "budget-limited": "yellow",
  complete: "green",
  cancelled: "dim",
  moved: "dim",
};

function statusBadge(status: string, color: Colors): string {
  const paint = color[STATUS_COLOR[status] ?? "white"] as (text: string) => string;
  return paint(status);
}

/** A goal that closed lately, in two lines: ✓ or ✗, when, and how it ended; the objective. */
export function closedRowText(goal: GoalRow, color: Colors, hostName: (id: string) => string): string {
  const mark = goal.status === "complete" ? color.green("✓") : color.dim("✗");
  return [
    `${mark} ${color.bold(goal.goalId)}  ${statusBadge(goal.status, color)} ${ago(goal.closedAt ?? goal.updatedAt)}  ${color.dim(`${hostName(goal.host)} · session ${goal.sessionId}`)}`,
    `  ${goal.objective.split("\n")[0]}`,
    `  ${goal.ending ?? ""}`,
  ].join("\n");
}

/** One goal as a few lines: id, status, host and session; the objective; its counts. */
export function rowText(goal: GoalRow, color: Colors, hostName: (id: string) => string): string {
  // In the user's words: what is left, what blocks, how far the agent went without recording progress,
  // how long it is open, and what stands between it and closing.
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const counts = [
    goal.remaining > 0 ? `${plural(goal.remaining, "step")} left` : "no step left",
    ...(goal.blockers > 0 ? [color.red(plural(goal.blockers, "blocker"))] : []),
    ...(goal.drift > 0 ? [color.yellow(`${plural(goal.drift, "tool call")} since the agent last recorded progress`)] : []),
    `open ${durationText(Math.max(0, Math.round((Date.now() - Date.parse(goal.createdAt)) / 1000)))}`,
    `updated ${ago(goal.updatedAt)}`,
    goal.gate === "satisfied"
      ? color.green("ready to close")
      : `${plural(goal.unmet.length, "condition")} to meet before it can close`,
  ];
  return [
    `${color.bold(goal.goalId)}  ${statusBadge(goal.status, color)}${goal.archived ? color.dim(" (archived)") : ""}  ${color.dim(`${hostName(goal.host)} · session ${goal.sessionId}`)}`,
    `  ${goal.objective.split("\n")[0]}`,
    `  ${counts.join(" · ")}`,
    ...(goal.continuedFrom ? [color.dim(`  continued from ${goal.continuedFrom}`)] : []),
    ...(goal.startingPoint ? [`  starting point: ${goal.startingPoint}`] : []),
    `  checks: ${goal.checks.length > 0 ? goal.checks.join(", ") : "none"}${goal.verification ? ` · goalpost's last run: ${goal.verification.state === "passed" ? color.green("passed") : goal.verification.state === "running" ? "running" : color.red(goal.verification.state)} — ${goal.verification.verdict.split("\n")[0]}` : ""}`,
    ...(goal.verification?.changed ? [`  changed since the goal was set: ${goal.verification.changed}`] : []),
    ...(goal.charged ? [`  spent: ${goal.spent}`] : []),
    ...(goal.waitingForYou ? [color.yellow(`  ! waits for you: ${goal.waitingForYou}`)] : []),
    ...(goal.letGo ? [color.yellow(`  ! ${goal.letGo}`)] : []),
    ...(goal.unrestoredCompactions > 0
      ? [color.yellow(`  ! ${goal.unrestoredCompactions} compaction(s) not yet followed by a restore`)]
      : []),
  ].join("\n");
}

export interface FoundGoal {
  readonly located: LocatedSession;
  readonly goal: GoalRecord;
}

/** A goal by its id, or a session's latest goal by the session id. */
export function findGoal(roots: readonly string[], id: string): FoundGoal | null {
  for (const located of locateSessions(roots, true)) {
    const goal =
      located.session.goals.find((candidate) => candidate.id === id) ??
      (located.session.sessionId === id ? located.session.goals.at(-1) : undefined);
    if (goal) return { located, goal };
  }
  return null;
}

/** The latest goal of `dir`, open ones first (`show` and `report` with no id): the one that just closed, when none is open. */
export function latestGoalIn(roots: readonly string[], dir: string): FoundGoal | null {
  const here = foundGoals(roots, { dir, closed: true });
  return here.find(({ goal }) => isOpen(goal)) ?? here[0] ?? null;
}

/** One event of a goal's history as a line: its local time, what happened in words, the note. */
export const historyLine = (event: GoalRecord["history"][number]) =>
  `${localTime(event.at)}  ${EVENT_TITLE[event.type][0]}${event.note ? ` — ${event.note}` : ""}`;

export function showText({ goal }: FoundGoal): string {
  const gate = evaluateCompletionGate(goal);
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const requirements = goal.requirements.length;
  const facts = [
    goal.closedAt
      ? `closed ${localTime(goal.closedAt)} as ${goal.status}${goal.closeReason ? ` (${goal.closeReason})` : ""}`
      : `open ${durationText(Math.max(0, Math.round((Date.now() - Date.parse(goal.createdAt)) / 1000)))}`,
    ...(requirements > 0 ? [`${requirements - uncoveredRequirements(goal).length} of ${requirements} requirements covered`] : []),
    ...(goal.budget || goal.spent.turns > 0 ? [`spent ${spendText(goal.budget, goal.spent)}`] : []),
  ];
  const gateText = gate.ok
    ? "Ready to close: every condition is met."
    : `${plural(gate.unmet.length, "condition")} to meet before it can close:\n${gate.unmet.map((condition) => `- ${condition.message}`).join("\n")}`;
  const history = goal.history.slice(-10).map((event) => `  ${historyLine(event)}`);
  return [
    `${goal.id}  ${goal.status}`,
    goal.objective.split("\n")[0],
    facts.join(" · "),
    "",
    gateText,
    "",
    `Recent history (times in ${timeZoneName()}):`,
    ...(history.length > 0 ? history : ["  nothing yet"]),
    "",
    "What the agent sees:",
    renderGoalContext(goal, { form: "full", budget: 8000 }),
  ].join("\n");
}
