// Errors are values with identity. The marker is a global symbol, so `GoalpostError.isInstance` works
// even when two copies of @goalpost/core are loaded (an adapter bundle next to a harness's own copy).
import { goalText } from "../text/goal-text.js";

const MARKER = Symbol.for("goalpost.error");

export type GoalpostErrorCode =
  | "invalid_input"
  | "invalid_transition"
  | "goal_closed"
  | "empty_update"
  | "completion_refused"
  | "user_goal"
  | "goal_not_found"
  | "goal_already_open"
  | "session_mismatch"
  | "subagent_refused"
  | "ambiguous_continuation"
  | "store_corrupt"
  | "store_newer_version"
  | "store_lock_timeout";

export class GoalpostError extends Error {
  readonly [MARKER] = true;
  readonly code: GoalpostErrorCode;

  constructor(code: GoalpostErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GoalpostError";
    this.code = code;
  }

  static isInstance(value: unknown): value is GoalpostError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** Input that does not fit a schema; `issues` says where, in words. */
export class InvalidInputError extends GoalpostError {
  readonly issues: readonly string[];
  constructor(what: string, issues: readonly string[], options?: { cause?: unknown }) {
    super("invalid_input", `Invalid ${what}: ${issues.join("; ")}`, options);
    this.name = "InvalidInputError";
    this.issues = issues;
  }
}

export class InvalidTransitionError extends GoalpostError {
  readonly from: string;
  readonly to: string;
  constructor(from: string, to: string, reason: string) {
    super("invalid_transition", `A goal cannot go from ${from} to ${to}: ${reason}`);
    this.name = "InvalidTransitionError";
    this.from = from;
    this.to = to;
  }
}

export class GoalClosedError extends GoalpostError {
  readonly goalId: string;
  readonly status: string;
  constructor(goalId: string, status: string) {
    super("goal_closed", `Goal ${goalId} is closed (${status}) and cannot change. Open a new goal for further work.`);
    this.name = "GoalClosedError";
    this.goalId = goalId;
    this.status = status;
  }
}

export class EmptyUpdateError extends GoalpostError {
  readonly countingFields: readonly string[];
  constructor(countingFields: readonly string[]) {
    super(
      "empty_update",
      `The update changed nothing. An update must add or change at least one of: ${countingFields.join(", ")}. Repeating items already recorded does not count.`,
    );
    this.name = "EmptyUpdateError";
    this.countingFields = countingFields;
  }
}

/** A close as complete refused by the completion gate; `unmet` lists every missing condition. */
export class CompletionRefusedError extends GoalpostError {
  readonly goalId: string;
  readonly unmet: readonly { code: string; message: string }[];
  constructor(goalId: string, unmet: readonly { code: string; message: string }[]) {
    super(
      "completion_refused",
      `Refusing to mark goal ${goalId} complete. Missing or conflicting completion evidence:\n${unmet
        .map((condition) => `- ${condition.message}`)
        .join("\n")}`,
    );
    this.name = "CompletionRefusedError";
    this.goalId = goalId;
    this.unmet = unmet;
  }
}

export class GoalNotFoundError extends GoalpostError {
  constructor(message: string) {
    super("goal_not_found", message);
    this.name = "GoalNotFoundError";
  }
}

export class GoalAlreadyOpenError extends GoalpostError {
  readonly goalId: string;
  constructor(goalId: string, objective: string) {
    super(
      "goal_already_open",
      `Goal ${goalId} is already open ("${goalText(objective, 300)}"). Update it with goalpost_update, or close it with goalpost_close before opening another.`,
    );
    this.name = "GoalAlreadyOpenError";
    this.goalId = goalId;
  }
}

/** The model tried to drop a goal the user set: only the user cancels or clears it. */
export class UserGoalError extends GoalpostError {
  readonly goalId: string;
  constructor(goalId: string) {
    super(
      "user_goal",
      `Goal ${goalId} is the user's own: only the user can cancel or clear it (they type goal: clear). If you cannot go on, close it as blocked with the exact blocker as the reason — the user sees it — or keep working.`,
    );
    this.name = "UserGoalError";
    this.goalId = goalId;
  }
}

export class SubagentRefusedError extends GoalpostError {
  constructor() {
    super(
      "subagent_refused",
      "Goal tools belong to the main session. A subagent must not open, update or close the goal: finish the delegated subtask and report its evidence to the main session.",
    );
    this.name = "SubagentRefusedError";
  }
}

export class AmbiguousContinuationError extends GoalpostError {
  readonly candidates: readonly { goalId: string; sessionId: string; objective: string }[];
  constructor(candidates: readonly { goalId: string; sessionId: string; objective: string }[]) {
    super(
      "ambiguous_continuation",
      `Several open goals exist for this directory. Do not guess which one to continue; ask the user for the goal id:\n${candidates
        .map((c) => `- ${goalText(c.goalId, 80)} (session ${goalText(c.sessionId, 120)}): ${goalText(c.objective, 300)}`)
        .join("\n")}`,
    );
    this.name = "AmbiguousContinuationError";
    this.candidates = candidates;
  }
}

export class StoreError extends GoalpostError {
  readonly path: string;
  constructor(
    code: "store_corrupt" | "store_newer_version" | "store_lock_timeout",
    path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
    this.name = "StoreError";
    this.path = path;
  }
}
