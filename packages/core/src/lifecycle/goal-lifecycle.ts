// Creating, updating and closing a goal. Pure functions over records: no I/O, time passed in.
// Update semantics: remaining, blockers and progressMarkers replace; evidence lists and
// discoveredIssues only grow; objective replaces when given. An update that changes nothing is refused.
import {
  CompletionRefusedError,
  EmptyUpdateError,
  GoalClosedError,
  InvalidInputError,
  InvalidTransitionError,
} from "../base/errors.js";
import { evaluateCompletionGate } from "../gate/completion-gate.js";
import { coverageProblem, resolutionProblems } from "../gate/evidence-checks.js";
import type { VerificationGateOptions } from "../gate/verification-conditions.js";
import { pushGoalEvent } from "../record/bounded-history.js";
import { type GoalBudget, NO_SPEND } from "../record/goal-budget.js";
import type { CheckBaseline, GoalCheck } from "../record/goal-checks.js";
import { cwdHash, newGoalId } from "../record/goal-identity.js";
import type { GoalCloseInput, GoalUpdateInput } from "../record/goal-inputs.js";
import { type GoalPhase, goalPhase, isOpen, LET_GO, transitionRefusal } from "../record/goal-phase.js";
import type {
  GoalLevel,
  GoalRecord,
  GoalSource,
  GoalStatus,
  IssueResolution,
  RequirementCoverage,
} from "../record/goal-record.js";
import { sha256 } from "../record/sha256.js";
import { appendToList, itemKey, sanitizeList } from "../text/sanitize-list.js";
import { sanitizeText } from "../text/sanitize-text.js";

const TEXT_LIMITS = { objective: 600, preview: 300, reason: 600, requirements: 40 } as const;

interface CreateGoalInput {
  readonly sessionId: string;
  readonly cwd: string;
  readonly host: string;
  readonly objective: string;
  readonly source: GoalSource;
  readonly status?: "draft" | "active";
  readonly level?: GoalLevel;
  readonly parentId?: string | null;
  readonly requirements?: readonly string[];
  readonly remaining?: readonly string[];
  readonly scope?: readonly string[];
  readonly constraints?: readonly string[];
  readonly mustNotRegress?: readonly string[];
  readonly inspectionEvidence?: readonly string[];
  /** The user's checks, their defining files' baseline and the PATH checks run with (see verify/). */
  readonly checks?: readonly GoalCheck[];
  readonly checkBaseline?: CheckBaseline | null;
  readonly checkPath?: string | null;
  /** Variables the checks run with: the time zone and locale the project's CI sets (ci-workflows.ts). */
  readonly checkEnv?: Readonly<Record<string, string>>;
  /** Run the checks once right after the goal is set, for its starting point (the run is recorded as pending). */
  readonly startingPoint?: boolean;
  /** The prompt the goal was captured from: only its hash and a redacted preview are kept. */
  readonly sourcePrompt?: string;
  /** What the goal may cost (the user's words, or the config's default). */
  readonly budget?: GoalBudget | null;
  readonly id?: string;
}

/** How an opened goal began, in words, for its history (status, show, the report). */
const OPENED_AS: Partial<Record<GoalRecord["status"], string>> = {
  draft: "captured as a draft (active once the agent has looked at the work)",
  active: "opened active",
  paused: "opened paused",
};
export const GOAL_SOURCE_WORDS: Readonly<Record<GoalRecord["source"], string>> = {
  slash: "from the user's /goal",
  marker: "from the user's goal: line",
  tool: "by the agent's goalpost_open",
  task: "from a task in the host's plan",
  continuation: "continued from another session",
  api: "by the harness",
  native: "from the host's own goal",
  file: "from the project's .goalpost/goal.md",
};

export function createGoal(input: CreateGoalInput, now: Date = new Date()): GoalRecord {
  const objective = sanitizeText(input.objective, { maxLength: TEXT_LIMITS.objective, multiline: true });
  if (objective === "")
    throw new InvalidInputError("goal", ["objective is empty after removing control characters and white space"]);
  const at = now.toISOString();
  const preview = input.sourcePrompt === undefined ? null : sanitizeText(input.sourcePrompt, { maxLength: TEXT_LIMITS.preview });
  const goal: GoalRecord = {
    id: input.id ?? newGoalId(now),
    sessionId: input.sessionId,
    cwd: input.cwd,
    cwdHash: cwdHash(input.cwd),
    host: input.host,
    level: input.level ?? "epic",
    parentId: input.parentId ?? null,
    source: input.source,
    objective,
    statement: null,
    requirements: sanitizeList(input.requirements, { items: TEXT_LIMITS.requirements }),
    scope: sanitizeList(input.scope),
    constraints: sanitizeList(input.constraints),
    mustNotRegress: sanitizeList(input.mustNotRegress),
    sourcePromptHash:
      input.sourcePrompt === undefined ? null : sha256(sanitizeText(input.sourcePrompt, { maxLength: 100_000, multiline: true })),
    sourcePromptPreview: preview,
    status: input.status ?? "active",
    heldFor: null,
    setAsideFor: null,
    closeReason: null,
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    activatedAt: (input.status ?? "active") === "active" ? at : null,
    revision: 1,
    doneSoFar: [],
    remaining: sanitizeList(input.remaining),
    blockers: [],
    discoveredIssues: [],
    issueResolutions: [],
    requirementCoverage: [],
    validationProof: [],
    verificationResults: [],
    inspectionEvidence: sanitizeList(input.inspectionEvidence),
    completionAudit: [],
    toolHistory: [],
    receipts: [],
    lastEditAt: null,
    checks: [...(input.checks ?? [])],
    proposedChecks: [],
    checkBaseline: input.checkBaseline ?? null,
    checkPath: input.checkPath ?? null,
    checkEnv: { ...input.checkEnv },
    checkStart:
      input.startingPoint && (input.checks ?? []).length > 0
        ? {
            id: newGoalId(now).replace(/^goal_/, "start_"),
            state: "running",
            startedAt: at,
            finishedAt: null,
            pid: null,
            pidStart: null,
            definition: null,
            results: [],
            summary: "goalpost is taking the starting point: the checks, run once as the project is now",
            told: false,
          }
        : null,
    verification: null,
    closeRequest: null,
    awaitingUser: null,
    history: [],
    budget: input.budget ?? null,
    spent: NO_SPEND,
    stopStreak: { count: 0, tree: null, at: null },
    drift: { sinceUpdate: 0 },
    workingContext: { recentFiles: [], progressMarkers: [] },
  };
  return pushGoalEvent(goal, {
    at,
    type: "opened",
    note: `${OPENED_AS[goal.status] ?? goal.status}, ${GOAL_SOURCE_WORDS[goal.source]}`,
  });
}

const GROWING_LISTS = [
  "doneSoFar",
  "discoveredIssues",
  "validationProof",
  "verificationResults",
  "inspectionEvidence",
  "completionAudit",
  "requirements",
  "constraints",
  "mustNotRegress",
  "proposedChecks",
] as const;
const REPLACED_LISTS = ["remaining", "blockers"] as const;

/** The fields whose change makes an update count (named in the refusal of an empty update). */
const UPDATE_COUNTING_FIELDS = [
  "objective",
  "status",
  ...GROWING_LISTS,
  ...REPLACED_LISTS,
  "issueResolutions",
  "requirementCoverage",
  "progressMarkers",
] as const;

function sanitizeResolution(resolution: IssueResolution): IssueResolution {
  const target = resolution.target === undefined ? undefined : sanitizeText(resolution.target, { maxLength: 300 });
  return {
    covers: sanitizeList(resolution.covers, { items: 20 }),
    status: resolution.status,
    ...(target ? { target } : {}),
    resolution: sanitizeText(resolution.resolution, { maxLength: 600 }),
    evidence: sanitizeList(resolution.evidence, { items: 20 }),
  };
}

function sanitizeCoverage(entry: RequirementCoverage): RequirementCoverage {
  return {
    requirement: sanitizeText(entry.requirement, { maxLength: 300 }),
    evidence: sanitizeText(entry.evidence, { maxLength: 600 }),
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface GoalUpdateResult {
  readonly goal: GoalRecord;
  /** The fields that really changed. */
  readonly changed: readonly string[];
}

function assertOpen(goal: GoalRecord): void {
  if (!isOpen(goal)) throw new GoalClosedError(goal.id, goalPhase(goal));
}

function assertTransition(from: GoalPhase, to: GoalPhase): void {
  const refusal = transitionRefusal(from, to);
  if (refusal) throw new InvalidTransitionError(from, to, refusal);
}

/** How a goal the user set began: their own words, which only they may drop or reword. */
const USER_SOURCES: ReadonlySet<GoalSource> = new Set(["slash", "marker", "native", "continuation"]);

/** Whether the user set this goal (so only the user cancels it, and its objective stays theirs). */
export function isUserGoal(goal: Pick<GoalRecord, "source">): boolean {
  return USER_SOURCES.has(goal.source);
}

export function applyGoalUpdate(goal: GoalRecord, update: GoalUpdateInput, now: Date = new Date()): GoalUpdateResult {
  assertOpen(goal);
  const next: GoalRecord = { ...goal };
  const changed: string[] = [];

  if (update.objective !== undefined) {
    const objective = sanitizeText(update.objective, { maxLength: TEXT_LIMITS.objective, multiline: true });
    // The user's words stay; the model's clearer statement goes beside them.
    const field = isUserGoal(goal) ? "statement" : "objective";
    if (objective !== "" && objective !== goal.objective && objective !== goal.statement) {
      next[field] = objective;
      changed.push(field);
    }
  }
  if (update.status !== undefined && update.status !== goal.status) {
    // The user paused it, or goalpost let the agent go: only the user's word brings it back.
    if (LET_GO.has(goal.status))
      throw new InvalidTransitionError(goal.status, update.status, `the goal is ${goal.status}; only the user resumes it.`);
    assertTransition(goalPhase(goal), update.status);
    next.status = update.status;
    if (update.status === "active") next.activatedAt ??= now.toISOString();
    changed.push("status");
  }
  for (const field of GROWING_LISTS) {
    if (update[field] === undefined) continue;
    const limits = field === "requirements" ? { items: TEXT_LIMITS.requirements } : {};
    const { list, added } = appendToList(goal[field], update[field], limits);
    if (added.length > 0) {
      next[field] = list;
      changed.push(field);
    }
  }
  for (const field of REPLACED_LISTS) {
    if (update[field] === undefined) continue;
    const list = sanitizeList(update[field]);
    if (!sameJson(list.map(itemKey), goal[field].map(itemKey))) {
      next[field] = list;
      changed.push(field);
    }
  }
  // What the gate would refuse is refused now, with its reasons, rather than stored to block forever.
  const refused = [
    ...(update.issueResolutions ?? []).flatMap((resolution, index) =>
      resolutionProblems(sanitizeResolution(resolution), next.discoveredIssues).map(
        (problem) => `issueResolutions[${index}] ${problem}`,
      ),
    ),
    ...(update.requirementCoverage ?? []).flatMap((entry, index) => {
      const problem = coverageProblem(sanitizeCoverage(entry));
      return problem ? [`requirementCoverage[${index}]: ${problem}`] : [];
    }),
  ];
  if (refused.length > 0) throw new InvalidInputError("goal update", refused);
  if (update.issueResolutions !== undefined) {
    const known = new Set(goal.issueResolutions.map((entry) => JSON.stringify(entry)));
    const added = update.issueResolutions.map(sanitizeResolution).filter((entry) => !known.has(JSON.stringify(entry)));
    if (added.length > 0) {
      next.issueResolutions = [...goal.issueResolutions, ...added].slice(-80);
      changed.push("issueResolutions");
    }
  }
  if (update.requirementCoverage !== undefined) {
    const known = new Set(goal.requirementCoverage.map((entry) => JSON.stringify(entry)));
    const added = update.requirementCoverage
      .map(sanitizeCoverage)
      .filter((entry) => entry.requirement !== "" && !known.has(JSON.stringify(entry)));
    if (added.length > 0) {
      next.requirementCoverage = [...goal.requirementCoverage, ...added].slice(-80);
      changed.push("requirementCoverage");
    }
  }
  if (update.progressMarkers !== undefined) {
    const markers = update.progressMarkers
      .map((marker) => ({ text: sanitizeText(marker.text, { maxLength: 200 }), done: marker.done === true }))
      .filter((marker) => marker.text !== "")
      .slice(0, 40);
    if (!sameJson(markers, goal.workingContext.progressMarkers)) {
      next.workingContext = { ...goal.workingContext, progressMarkers: markers };
      changed.push("progressMarkers");
    }
  }
  if (changed.length === 0) throw new EmptyUpdateError(UPDATE_COUNTING_FIELDS);

  const at = now.toISOString();
  next.updatedAt = at;
  next.revision = goal.revision + 1;
  next.drift = { sinceUpdate: 0 };
  return { goal: pushGoalEvent(next, { at, type: "updated", note: changed.join(", ") }), changed };
}

/**
 * The user paused the goal (`/goal pause`): kept and shown, not enforced. Paused by goalpost for the
 * user's word (`heldFor`), the user is asked about it at each prompt.
 */
export function pauseGoal(
  goal: GoalRecord,
  now: Date = new Date(),
  note = "paused by the user",
  heldFor: GoalRecord["heldFor"] = null,
): GoalRecord {
  return { ...moveStatus(goal, "paused", note, now), heldFor };
}

/**
 * A new goal of the user's took its place while it was open: paused and out of the session's stack
 * (`setAsideFor` names the new goal), never cancelled — the user brings it back by name.
 */
export function setGoalAside(goal: GoalRecord, replacementId: string, now: Date = new Date()): GoalRecord {
  return { ...pauseGoal(goal, now, `set aside for goal ${replacementId}`), setAsideFor: replacementId };
}

/** The user resumed it (`/goal resume`): active again, or a draft if it never was active. */
export function resumeGoal(goal: GoalRecord, now: Date = new Date()): GoalRecord {
  return moveStatus(goal, goal.activatedAt ? "active" : "draft", "resumed by the user", now);
}

/**
 * goalpost lets the agent go: it stopped again and again without progress (needs-input), or the
 * goal's budget is spent (budget-limited). Kept and shown, not enforced, until the user's word.
 */
export function letGoalGo(
  goal: GoalRecord,
  status: "needs-input" | "budget-limited",
  note: string,
  now: Date = new Date(),
): GoalRecord {
  return moveStatus(goal, status, note, now);
}

/** The user answered a goal goalpost let go: held to it again, its stop streak started afresh. */
export function takeUpGoal(goal: GoalRecord, note: string, now: Date = new Date()): GoalRecord {
  const moved = moveStatus(goal, goal.activatedAt ? "active" : "draft", note, now);
  return { ...moved, stopStreak: { count: 0, tree: null, at: null }, spent: { ...moved.spent, windDownAt: null } };
}

function moveStatus(goal: GoalRecord, status: GoalStatus, note: string, now: Date): GoalRecord {
  assertOpen(goal);
  assertTransition(goalPhase(goal), status);
  const at = now.toISOString();
  // A move out of a hold (resumed, cleared) ends it; so does one out of being set aside.
  return pushGoalEvent(
    { ...goal, status, heldFor: null, setAsideFor: null, updatedAt: at, revision: goal.revision + 1 },
    { at, type: "updated", note },
  );
}

interface RetireOptions {
  readonly status: "complete" | "cancelled" | "blocked";
  readonly reason: string | null;
  /** The history entry's type: "closed", or "moved" when the goal went to another session. */
  readonly eventType?: "closed" | "moved";
}

/**
 * The one way a goal leaves the open states: status, closedAt, reason, revision and a history entry
 * together. It checks no evidence: `closeGoal` guards the user's goal with the completion gate;
 * task goals (closed on the host's word), moves and cancellations come here directly.
 */
export function retireGoal(goal: GoalRecord, options: RetireOptions, now: Date = new Date()): GoalRecord {
  const at = now.toISOString();
  const reason = options.reason === null ? null : sanitizeText(options.reason, { maxLength: TEXT_LIMITS.reason }) || null;
  const closed: GoalRecord = {
    ...goal,
    status: options.status,
    closedAt: at,
    closeReason: reason,
    heldFor: null,
    setAsideFor: null,
    updatedAt: at,
    revision: goal.revision + 1,
  };
  return pushGoalEvent(closed, {
    at,
    type: options.eventType ?? "closed",
    note: reason ? `${options.status}: ${reason}` : options.status,
  });
}

/** Throws unless the goal may move to `status` at all (open, an allowed move, activated once for complete). */
export function assertClosable(goal: GoalRecord, status: GoalCloseInput["status"]): void {
  assertOpen(goal);
  const target: GoalPhase = status === "blocked" ? "blocked-closed" : status;
  assertTransition(goalPhase(goal), target);
  // A draft cannot slip through blocked into complete: it must have been active (inspected) once.
  if (status === "complete" && goal.status !== "active" && !goal.activatedAt)
    throw new InvalidTransitionError(
      goalPhase(goal),
      "complete",
      "a goal that was never activated must be inspected and activated (goalpost_open, or an update with status active) before it can complete.",
    );
}

/**
 * Closes a goal. `complete` passes the completion gate or throws CompletionRefusedError listing every
 * unmet condition; `blocked` and `cancelled` close without proof and are final.
 */
export function closeGoal(
  goal: GoalRecord,
  input: GoalCloseInput,
  now: Date = new Date(),
  gate: VerificationGateOptions = {},
): GoalRecord {
  assertClosable(goal, input.status);
  if (input.status === "complete") {
    const result = evaluateCompletionGate(goal, gate);
    if (!result.ok) throw new CompletionRefusedError(goal.id, result.unmet);
  }
  // Closed goals wait for nothing.
  const settled = { ...goal, closeRequest: null, awaitingUser: null };
  return retireGoal(settled, { status: input.status, reason: input.reason ?? null }, now);
}
