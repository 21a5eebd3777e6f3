// Same-directory continuation, conservatively: a goal moves to a new session only when the user says
// continue. Zero open goals: say so, never pretend. One: it moves (the new session gets it, the old
// session's copy is closed as moved) — unless its session still runs (hooks in the last LIVE_MS, no
// end recorded): then only when the user names it (`/goal continue <goal id>`). A nested session the
// agent starts in the same folder ("keep going") would otherwise take the user's goal, and the first
// session could stop. Copies of one goal id in several sessions: one goal, the newest
// copy. Two or more goals: refuse and list them, so the user picks. `peers` are the stores of other
// hosts on this machine (see store-registry.ts): a goal left in Claude Code continues in Codex.
import { AmbiguousContinuationError, GoalNotFoundError } from "../base/errors.js";
import { retireGoal } from "../lifecycle/goal-lifecycle.js";
import { pushGoalEvent } from "../record/bounded-history.js";
import { isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import { goalText } from "../text/goal-text.js";
import type { GoalStore, SessionIdentity } from "./goal-store.js";

interface ContinuationCandidate {
  readonly goalId: string;
  readonly sessionId: string;
  readonly objective: string;
  readonly updatedAt: string;
  /** The state root that holds it: the caller's own, or another host's. */
  readonly root: string;
  /** Its session still runs: hooks lately and no end recorded. */
  readonly live: boolean;
}

/** A session with a hook this recent and no end recorded is taken to run still. */
const LIVE_MS = 10 * 60_000;

/** Open root goals of other sessions in this directory, in this store and its peers, one per goal id (the newest copy). */
export function continuationCandidates(
  store: GoalStore,
  cwd: string,
  excludeSessionId?: string,
  peers: readonly GoalStore[] = [],
): ContinuationCandidate[] {
  const newest = new Map<string, ContinuationCandidate>();
  for (const [source, entry] of [store, ...peers].flatMap((source) =>
    source.continuationEntries(cwd).map((entry) => [source, entry] as const),
  )) {
    if (entry.sessionId === excludeSessionId && source === store) continue;
    const session = source.peek(entry.sessionId);
    const live = session !== null && !session.endedAt && source.now().getTime() - Date.parse(session.updatedAt) < LIVE_MS;
    for (const goal of entry.goals) {
      // Only top-level goals: a sub-goal moves with its parent.
      if (goal.level === "task" || goal.parentId) continue;
      const candidate = {
        goalId: goal.id,
        sessionId: entry.sessionId,
        objective: goal.objective,
        updatedAt: goal.updatedAt,
        root: source.root,
        live,
      };
      const known = newest.get(goal.id);
      if (!known || known.updatedAt < candidate.updatedAt) newest.set(goal.id, candidate);
    }
  }
  return [...newest.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

type ContinuationOutcome =
  | { readonly kind: "none"; readonly message: string }
  /** The one goal here is its running session's: it moves only when named. */
  | { readonly kind: "live"; readonly message: string }
  | { readonly kind: "already-here"; readonly goal: GoalRecord }
  | { readonly kind: "continued"; readonly goal: GoalRecord; readonly fromSessionId: string };

/**
 * Moves an open goal of this directory into `identity`'s session. The new copy is written before the
 * old one is closed: a crash in between leaves two copies of one goal id, which the newest-copy rule
 * resolves, never a lost goal.
 */
export function continueGoal(
  store: GoalStore,
  identity: SessionIdentity,
  goalId?: string,
  peers: readonly GoalStore[] = [],
  /**
   * `userAsked`: the user typed the continue command themselves (`/goal continue`), which is their word
   * that the goal moves here, even from a session that ran a moment ago — VS Code says no chat's end, so
   * otherwise a new chat would wait ten idle minutes. Without it (a "keep going"), such a goal moves only
   * when named.
   */
  options: { readonly userAsked?: boolean } = {},
): ContinuationOutcome {
  const own = store
    .read(identity.sessionId)
    ?.goals.find((goal) => isOpen(goal) && goal.level !== "task" && !goal.setAsideFor && (!goalId || goal.id === goalId));
  if (own) return { kind: "already-here", goal: own };

  let candidates = continuationCandidates(store, identity.cwd, identity.sessionId, peers);
  if (goalId) {
    candidates = candidates.filter((candidate) => candidate.goalId === goalId);
    if (candidates.length === 0)
      throw new GoalNotFoundError(
        `No open goal ${goalId} was found for ${identity.cwd}. Run goalpost status to list open goals.`,
      );
  }
  if (candidates.length === 0) {
    return {
      kind: "none",
      message: `No open goal was found for ${identity.cwd}. Do not pretend a goal exists: ask the user for the objective, or start one with goal: <objective>.`,
    };
  }
  if (candidates.length > 1) throw new AmbiguousContinuationError(candidates);

  const [chosen] = candidates as [ContinuationCandidate];
  if (chosen.live && !goalId && !options.userAsked)
    return {
      kind: "live",
      message: `Goal ${chosen.goalId} ("${goalText(chosen.objective, 120)}") is still being worked on in session ${chosen.sessionId}, which had hooks in the last ${LIVE_MS / 60_000} minutes. It moves here only at the user's own word: goal: continue (or goal: continue ${chosen.goalId}).`,
    };
  const origin = [store, ...peers].find((candidate) => candidate.root === chosen.root) ?? store;
  const originSession = origin.read(chosen.sessionId);
  const from =
    origin === store ? `session ${chosen.sessionId}` : `${originSession?.host ?? "another host"} session ${chosen.sessionId}`;
  const to = origin === store ? "session" : `${identity.host} session`;
  const source = originSession?.goals ?? [];
  const moving = collectSubtree(source, chosen.goalId).filter((goal) => isOpen(goal));
  if (moving.length === 0) {
    return { kind: "none", message: `Goal ${chosen.goalId} is no longer open.` };
  }
  const at = store.now().toISOString();
  const { session } = store.update(identity, (target) => {
    for (const goal of moving) {
      const copy = pushGoalEvent(
        { ...goal, sessionId: identity.sessionId, updatedAt: at },
        { at, type: "moved", note: `continued from ${from}` },
      );
      target.goals = [...target.goals.filter((existing) => existing.id !== goal.id), copy];
    }
    target.activeGoalId = moving.at(-1)?.id ?? chosen.goalId;
  });
  origin.update({ sessionId: chosen.sessionId, host: originSession?.host ?? identity.host, cwd: identity.cwd }, (old) => {
    const movedIds = new Set(moving.map((goal) => goal.id));
    old.goals = old.goals.map((goal) =>
      movedIds.has(goal.id) && isOpen(goal)
        ? retireGoal(
            goal,
            { status: "cancelled", reason: `moved to ${to} ${identity.sessionId}`, eventType: "moved" },
            new Date(at),
          )
        : goal,
    );
    if (old.activeGoalId && movedIds.has(old.activeGoalId)) old.activeGoalId = null;
  });
  store.audit({ sessionId: identity.sessionId, goalId: chosen.goalId, type: "moved", note: `from ${from}` });
  const goal = session.goals.find((candidate) => candidate.id === chosen.goalId)!;
  return { kind: "continued", goal, fromSessionId: chosen.sessionId };
}

function collectSubtree(goals: readonly GoalRecord[], rootId: string): GoalRecord[] {
  const result: GoalRecord[] = [];
  const visit = (id: string) => {
    const goal = goals.find((candidate) => candidate.id === id);
    if (!goal) return;
    result.push(goal);
    for (const child of goals.filter((candidate) => candidate.parentId === id)) visit(child.id);
  };
  visit(rootId);
  return result;
}
