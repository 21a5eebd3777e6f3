// Before a tool runs: goalpost's own tools are allowed for the main session and refused to
// subagents; a direct run of the shell goal tools is noted so the bin can tell it came from the main
// agent; with a goal open, tampering with goalpost is denied, and a call out of the goal's scope or
// past the drift limit is denied (or warned). A verification call is noted too: its result is a
// receipt only if this hook saw it first. Judging the command waits for the tool's result.
import { goalToolInvocation, goalToolName, mentionsGoalpost } from "../../evidence/goal-tool-names.js";
import type { HostProfile } from "../../host/host-profile.js";
import { pushGoalEvent } from "../../record/bounded-history.js";
import { isEnforced } from "../../record/goal-phase.js";
import type { GoalRecord } from "../../record/goal-record.js";
import { noteRecentFile } from "../../record/working-context.js";
import { markRestored } from "../../session/compaction-restore.js";
import { notePendingCall } from "../../session/pending-calls.js";
import { activeGoal, replaceGoal } from "../../session/session-goals.js";
import { approvalHash } from "../../store/shell-approvals.js";
import { recordToolUse } from "../../store/tool-use-index.js";
import { baselineOf } from "../../verify/check-definition.js";
import { judgeDrift } from "../drift-policy.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { tickTurn } from "../goal-spend.js";
import { pathScopeViolation } from "../path-scope.js";
import { pathScopeRefusal, SUBAGENT_BOUNDARY_NOTICE, windDownReason } from "../policy-text.js";
import { attemptStop } from "../stop-backstop.js";
import { TAMPER_ADVICE, tamperViolation } from "../tamper-guard.js";

type Event = EngineEventOf<"tool-about-to-run">;

const NATIVE_COMPLETION_REFUSED =
  "goalpost's goal is still open. Close it first with goalpost_close (status complete, with the evidence it asks for); the host's own goal can be marked complete after that.";
const NATIVE_PAUSE_REFUSED =
  "goalpost's goal is still open, and only the user pauses a goal. If you need the user, say so and stop; they can pause it themselves.";

/** Whether the call is the host's own tool call `call` describes (see HostProfile.nativeGoalCompletion). */
function isHostToolCall(call: HostProfile["nativeGoalCompletion"], event: Event): boolean {
  if (!call || event.toolName !== call.tool) return false;
  if (call.field === undefined) return true;
  const input = event.toolInput as Record<string, unknown> | null | undefined;
  return typeof input === "object" && input !== null && input[call.field] === call.value;
}

export function onToolAboutToRun(context: EngineContext, event: Event): EngineDecision {
  const { store, config } = context;
  const session = store.peek(event.sessionId);
  const subagent = context.isSubagentEvent(event, session);
  if (goalToolName(event.toolName)) {
    if (event.toolUseId)
      recordToolUse(store, {
        toolUseId: event.toolUseId,
        sessionId: event.sessionId,
        cwd: event.cwd,
        host: event.host,
        subagent,
      });
    // Goal tools only touch goalpost's own state: the main session may use them without a permission prompt.
    return decision(subagent ? { action: "deny-tool", reason: SUBAGENT_BOUNDARY_NOTICE } : { action: "allow-tool" });
  }
  const call = context.classifier.describe(event.toolName, event.toolInput);
  if (subagent) {
    // Goals are the main session's: a subagent may not go near goalpost, however the command is spelled.
    return call.command !== undefined && mentionsGoalpost(call.command)
      ? decision({ action: "deny-tool", reason: SUBAGENT_BOUNDARY_NOTICE })
      : NO_DECISION;
  }
  const invocation = call.command === undefined ? null : goalToolInvocation(call.command);
  if (invocation) {
    const at = context.now().toISOString();
    store.update(context.identityOf(event), (state) => {
      state.approvals.push({ hash: approvalHash(invocation.verb, invocation.args), verb: invocation.verb, at });
    });
    return NO_DECISION;
  }
  if (!activeGoal(session)) return NO_DECISION;
  if (isHostToolCall(context.profile.nativeGoalCompletion, event))
    return attemptStop(context, event, (goal, _guided, windDown) =>
      decision({
        action: "deny-tool",
        reason: windDown ? `${NATIVE_COMPLETION_REFUSED} ${windDownReason(goal)}` : NATIVE_COMPLETION_REFUSED,
      }),
    );
  if (isHostToolCall(context.profile.nativeGoalPause, event))
    return decision({ action: "deny-tool", reason: NATIVE_PAUSE_REFUSED });
  const tampering = tamperViolation(call, event.toolInput, {
    stateRoot: store.root,
    protectedFiles: context.protectedFiles,
    protectedDirs: context.protectedDirs,
    cwd: event.cwd,
    // Judged by the tool's name, not by what it names: a tool the profile does not know that names only
    // goalpost's state is not reading it as bookkeeping — it may be writing it.
    unknownTool: !call.shell && !call.edits && !context.classifier.knows(event.toolName),
  });
  if (tampering) {
    store.update(context.identityOf(event), (state) => {
      const goal = activeGoal(state);
      if (goal)
        replaceGoal(
          state,
          pushGoalEvent(goal, { at: context.now().toISOString(), type: "drift-denied", note: `tamper: ${tampering}` }),
        );
    });
    return decision({
      action: "deny-tool",
      reason: `goalpost: ${tampering} is not allowed: goalpost's state, hook entry and configuration belong to the user, not the agent. ${TAMPER_ADVICE}`,
    });
  }
  if (context.classifier.isBookkeeping(event.toolName, call)) return NO_DECISION;
  const verifies = context.classifier.classify(event.toolName, event.toolInput).kind === "verification";

  let restoring = false;
  const { session: updated, result } = store.update(context.identityOf(event), (state) => {
    let goal = activeGoal(state);
    if (!goal) return NO_DECISION;
    tickTurn(state, context.now(), context.clock());
    const at = context.now().toISOString();
    // What defines the checks is recorded before the agent's first action: the process started at the
    // goal's capture usually has; if not yet, this call waits for it to be taken here.
    if (goal.checks.length > 0 && !goal.checkBaseline) {
      goal = { ...goal, checkBaseline: baselineOf(goal, context.now()) };
      replaceGoal(state, goal);
    }
    // A compaction no session start followed (hosts without SessionStart(compact)): the goal goes back
    // in with this call, before the model's next action, not only at the next prompt.
    restoring = markRestored(state, at, "rendered at the first tool call after compaction");
    goal = activeGoal(state)!;
    // Paused by the user, or let go by goalpost (stuck, or its budget spent): recorded, not enforced.
    if (!isEnforced(goal)) return NO_DECISION;
    const violation = pathScopeViolation(goal, call);
    if (violation && config.enforcement !== "off") {
      const reason = pathScopeRefusal(violation, goal.scope);
      if (config.enforcement === "enforce") {
        replaceGoal(state, pushGoalEvent(goal, { at, type: "drift-denied", note: `scope: ${violation}` }));
        return decision({ action: "deny-tool", reason });
      }
      replaceGoal(state, pushGoalEvent(goal, { at, type: "drift-warned", note: `scope: ${violation}` }));
      return decision({ context: reason });
    }
    const verdict = judgeDrift(goal, config, state.driftGuided?.goalId === goal.id);
    if (verdict.kind === "deny") {
      replaceGoal(state, pushGoalEvent(goal, { at, type: "drift-denied", note: `${goal.drift.sinceUpdate} calls since update` }));
      return decision({ action: "deny-tool", reason: verdict.reason });
    }
    state.counters.toolCalls += 1;
    if (verifies) notePendingCall(state, event, at);
    let next: GoalRecord = { ...goal, drift: { sinceUpdate: goal.drift.sinceUpdate + 1 } };
    if (verdict.kind === "warn") state.driftGuided = { goalId: goal.id };
    for (const path of call.paths) next = noteRecentFile(next, path);
    // Kept in the history (the report marks each warning among the tool calls).
    if (verdict.kind === "warn")
      next = pushGoalEvent(next, { at, type: "drift-warned", note: `${goal.drift.sinceUpdate} calls since update` });
    replaceGoal(state, next);
    return verdict.kind === "warn" ? decision({ context: verdict.message }) : NO_DECISION;
  });
  const goal = activeGoal(updated);
  if (!restoring || !goal) return result;
  const restored = context.render(updated, goal, "full");
  return { ...result, context: result.context ? `${restored}\n\n${result.context}` : restored };
}
