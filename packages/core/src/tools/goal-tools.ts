// goalpost_status, goalpost_open, goalpost_update, goalpost_close: the same four operations on every
// host. MCP servers, the CLI and SDK extensions only wrap these. Refusals are GoalpostErrors whose
// messages a model can act on; every refusal and change is recorded in the audit log.

import type * as z from "zod/mini";
import {
  GoalAlreadyOpenError,
  GoalNotFoundError,
  GoalpostError,
  InvalidInputError,
  SubagentRefusedError,
  UserGoalError,
} from "../base/errors.js";
import { evaluateCompletionGate, unmetWords } from "../gate/completion-gate.js";
import { applyGoalUpdate, closeGoal, createGoal, isUserGoal } from "../lifecycle/goal-lifecycle.js";
import { pushGoalEvent } from "../record/bounded-history.js";
import {
  type GoalCloseInput,
  type GoalOpenInput,
  type GoalUpdateInput,
  goalCloseInputSchema,
  goalOpenInputSchema,
  goalUpdateInputSchema,
} from "../record/goal-inputs.js";
import type { GoalRecord } from "../record/goal-record.js";
import { settleClosedGoal } from "../session/close-in-session.js";
import { renderSessionGoal } from "../session/render-goal.js";
import { activeGoal, replaceGoal } from "../session/session-goals.js";
import { withSessionSecrets } from "../session/session-secrets.js";
import { continuationCandidates } from "../store/continuation.js";
import type { GoalStore, SessionIdentity } from "../store/goal-store.js";
import type { SessionFile } from "../store/session-file.js";
import { goalText } from "../text/goal-text.js";
import { sanitizeList } from "../text/sanitize-list.js";
import { checkDefinition } from "../verify/check-definition.js";
import { closedNote, recentRunClose } from "../verify/close-note.js";
import { deriveChecks } from "../verify/derive-checks.js";
import { type CompletionOutcome, requestCompletion, verifyingText } from "../verify/request-completion.js";
import { treeFingerprint } from "../verify/tree-fingerprint.js";
import { type StartVerification, startVerificationInProcess } from "../verify/verification-request.js";

export interface ToolCaller extends SessionIdentity {
  /** True when a subagent makes the call: goal tools refuse it. */
  readonly subagent?: boolean;
}

export interface GoalToolResult {
  /** What the model reads. */
  readonly text: string;
  readonly goal: GoalRecord | null;
}

export interface GoalTools {
  status(caller: ToolCaller): GoalToolResult;
  open(caller: ToolCaller, input: unknown): GoalToolResult;
  update(caller: ToolCaller, input: unknown): GoalToolResult;
  close(caller: ToolCaller, input: unknown): GoalToolResult;
}

function parse<T>(schema: z.ZodMiniType<T>, input: unknown, what: string): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`);
  throw new InvalidInputError(what, issues);
}

function gateSummary(goal: GoalRecord): string {
  const gate = evaluateCompletionGate(goal);
  if (gate.ok) return "The completion gate is satisfied: goalpost_close with status complete will be accepted.";
  return `Before goalpost_close can mark this goal complete (${gate.unmet.length} open):\n${gate.unmet.map((condition) => `- ${condition.message}`).join("\n")}`;
}

export interface GoalToolsOptions {
  /** Starts goalpost's run of the checks when a close needs one (see GoalEngineOptions.startVerification). */
  readonly startVerification?: StartVerification;
  /** The work tree's fingerprint (see tree-fingerprint.ts); replaceable for tests. */
  readonly treeOf?: (cwd: string) => string | null;
}

export function createGoalTools(store: GoalStore, options: GoalToolsOptions = {}): GoalTools {
  const now = () => store.now();
  const startVerification = options.startVerification ?? startVerificationInProcess(store, null);
  const treeOf = options.treeOf ?? treeFingerprint;

  function guard(caller: ToolCaller): void {
    if (caller.subagent) throw new SubagentRefusedError();
  }

  function requireRoot(session: SessionFile): GoalRecord {
    const root = activeGoal(session);
    if (!root)
      throw new GoalNotFoundError(
        "This session has no open goal. Open one with goalpost_open (or the user can type goal: <objective>).",
      );
    return root;
  }

  const tools: GoalTools = {
    status(caller) {
      guard(caller);
      const session = store.read(caller.sessionId);
      const root = activeGoal(session);
      if (!root || !session) {
        const others = continuationCandidates(store, caller.cwd, caller.sessionId);
        const hint = others.length
          ? ` Open goals from other sessions in this directory (the user can continue one with goal: continue <id>):\n${others.map((other) => `- ${goalText(other.goalId, 80)}: ${goalText(other.objective, 300)}`).join("\n")}`
          : "";
        // goalpost's run closed the goal while no stop waited for it: the agent hears the close, and what the
        // work changed, to pass on to the user (verify/close-note.ts).
        const closed = session ? recentRunClose(session.goals, now()) : null;
        const told = closed ? `${closedNote(closed, closed.verification)} Tell the user this, with what changed.\n\n` : "";
        return { text: `${told}This session has no open goal.${hint}`, goal: null };
      }
      const text = renderSessionGoal(session, root, { form: "full", budget: 6000 });
      return { text: `${text}\n\n${gateSummary(root)}`, goal: root };
    },

    open(caller, input) {
      guard(caller);
      const request: GoalOpenInput = parse(goalOpenInputSchema, input, "goalpost_open input");
      const at = now();
      const { result } = store.update(caller, (session) => {
        const root = activeGoal(session);
        const { level, ...fields } = request;
        if (root && root.status !== "draft" && level !== "issue") throw new GoalAlreadyOpenError(root.id, root.objective);
        let goal: GoalRecord;
        if (root && root.status === "draft") {
          // Activating the captured draft: the model's inspected objective refines the user's words.
          const { scope: _scope, ...update } = fields;
          const { goal: updated } = applyGoalUpdate(root, { ...update, status: "active" }, at);
          goal = fields.scope ? { ...updated, scope: sanitizeList([...updated.scope, ...fields.scope]) } : updated;
          replaceGoal(session, goal);
        } else {
          // A sub-goal under the active goal, or a new top-level goal.
          const parent = root && level === "issue" ? root : null;
          // A sub-goal is checked as its parent is; a goal the model opens on its own gets the project's
          // tests, never checks from its own words (only the user binds a check).
          const checks = parent ? parent.checks : deriveChecks("", caller.cwd);
          goal = createGoal(
            {
              ...caller,
              ...fields,
              checks,
              checkBaseline: parent ? parent.checkBaseline : checks.length > 0 ? checkDefinition(caller.cwd, at) : null,
              checkPath: parent?.checkPath ?? null,
              source: "tool",
              status: "active",
              level: parent ? "issue" : (level ?? "epic"),
              parentId: parent?.id ?? null,
            },
            at,
          );
          session.goals.push(goal);
        }
        session.activeGoalId = goal.id;
        return goal;
      });
      store.audit({ sessionId: caller.sessionId, goalId: result.id, type: "opened", note: result.objective });
      return { text: `Goal ${result.id} is open: ${goalText(result.objective)}\n\n${gateSummary(result)}`, goal: result };
    },

    update(caller, input) {
      guard(caller);
      const request: GoalUpdateInput = parse(goalUpdateInputSchema, input, "goalpost_update input");
      const { result } = store.update(caller, (session) => {
        const root = requireRoot(session);
        const { goal, changed } = applyGoalUpdate(root, request, now());
        // The stop count stays: an update is not progress (only a changed tree, a pass, or the user).
        replaceGoal(session, goal);
        // The model wrote this revision itself over the one it had: the next prompt need not send it back.
        const sent = session.sentGoal;
        if (sent?.goalId === goal.id && sent.revision === root.revision) session.sentGoal = { ...sent, revision: goal.revision };
        return { goal, changed };
      });
      store.audit({ sessionId: caller.sessionId, goalId: result.goal.id, type: "updated", note: result.changed.join(", ") });
      return {
        text: `Goal ${result.goal.id} updated (${result.changed.join(", ")}); revision ${result.goal.revision}.\n\n${gateSummary(result.goal)}`,
        goal: result.goal,
      };
    },

    close(caller, input) {
      guard(caller);
      const request: GoalCloseInput = parse(goalCloseInputSchema, input, "goalpost_close input");
      // The tree is fingerprinted before the lock: git can take a while, and hooks wait on the lock.
      const before = activeGoal(store.peek(caller.sessionId));
      const tree = request.status === "complete" && before ? treeOf(before.cwd) : null;
      const { result } = store.update(caller, (session) => {
        const root = requireRoot(session);
        // The user's goal stays the user's: the model may report it blocked, never drop it.
        if (isUserGoal(root) && request.status === "cancelled") throw new UserGoalError(root.id);
        if (request.status === "blocked" && !request.reason?.trim())
          throw new InvalidInputError("goalpost_close input", ["blocked needs a reason: the exact blocker, which the user sees"]);
        const at = now();
        if (request.status === "complete") {
          const outcome = requestCompletion(session, root, { at, tree, reason: request.reason ?? null, root: store.root });
          if (outcome.kind === "refused") {
            // The refusal is part of the goal's story: keep it, then report it.
            replaceGoal(
              session,
              pushGoalEvent(root, {
                at: at.toISOString(),
                type: "refused",
                note: unmetWords(outcome.error.unmet),
              }),
            );
          }
          return outcome;
        }
        const closed = closeGoal(root, request, at);
        settleClosedGoal(session, root, closed, at);
        return { kind: "closed", goal: closed } as CompletionOutcome;
      });
      if (result.kind === "refused") {
        store.audit({
          sessionId: caller.sessionId,
          goalId: result.error.goalId,
          type: "refused",
          note: unmetWords(result.error.unmet),
        });
        throw result.error;
      }
      if (result.kind === "verifying") {
        if (result.start) {
          store.audit({
            sessionId: caller.sessionId,
            goalId: result.goal.id,
            type: "verifying",
            note: result.start.verificationId,
          });
          startVerification(result.start);
          // A run that ended before it began (no verifier in this harness) is told now, not as under way.
          const after = store.read(caller.sessionId)?.goals.find((goal) => goal.id === result.goal.id);
          if (after?.verification?.id === result.start.verificationId && after.verification.state === "void")
            return {
              text: `Goal ${after.id}: goalpost could not run the checks: ${goalText(after.verification.verdict, 400)}. The goal stays open; tell the user.`,
              goal: after,
            };
        }
        return { text: `Goal ${result.goal.id}: ${verifyingText(result.goal)}`, goal: result.goal };
      }
      if (result.kind === "awaiting-user") {
        const summary = result.goal.awaitingUser?.summary ?? "";
        return {
          text: `Goal ${result.goal.id} waits for the user, who decides at their next message: ${goalText(summary, 600)} Tell the user this and stop.`,
          goal: result.goal,
        };
      }
      const closed = result.goal;
      store.audit({ sessionId: caller.sessionId, goalId: closed.id, type: "closed", note: closed.status });
      const how =
        closed.status === "complete" && closed.verification
          ? ` goalpost's run of the checks: ${goalText(closed.verification.verdict, 300)}.`
          : "";
      return { text: `Goal ${closed.id} is closed as ${closed.status}.${how}`, goal: closed };
    },
  };
  // Each call with the session's memory of secrets, as an engine event has it: what the agent's input
  // reveals is remembered, and what earlier events revealed is redacted (session/session-secrets.ts).
  const remembering =
    <Input extends unknown[]>(call: (caller: ToolCaller, ...input: Input) => GoalToolResult) =>
    (caller: ToolCaller, ...input: Input): GoalToolResult =>
      withSessionSecrets(store.root, caller.sessionId, () => call(caller, ...input));
  return {
    status: remembering(tools.status),
    open: remembering(tools.open),
    update: remembering(tools.update),
    close: remembering(tools.close),
  };
}

/** A tool error's text for a model: the refusal itself, or a plain internal-error line. */
export function toolErrorText(error: unknown): string {
  if (GoalpostError.isInstance(error)) return error.message;
  return `goalpost could not complete the call: ${error instanceof Error ? error.message : String(error)}`;
}
