// Before a tool runs: goalpost's own tools are allowed for the main session and refused to subagents;
// with a goal open, a call out of the goal's scope or past the drift limit is denied (or warned).
// Only what the decision needs is judged here; the receipt waits for the tool's result.
import { goalToolName, isGoalpostCommand } from "../../evidence/goal-tool-names.js";
import { pushGoalEvent } from "../../record/bounded-history.js";
import type { GoalRecord } from "../../record/goal-record.js";
import { noteRecentFile } from "../../record/working-context.js";
import { recordToolUse } from "../../store/tool-use-index.js";
import { judgeDrift } from "../drift-policy.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { SUBAGENT_BOUNDARY_NOTICE, scopeRefusal } from "../policy-text.js";
import { scopeViolation } from "../scope-policy.js";
import { activeGoal, replaceGoal } from "../session-goals.js";

export function onToolAboutToRun(context: EngineContext, event: EngineEventOf<"tool-about-to-run">): EngineDecision {
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
  // The goalpost CLI is the shell form of the goal tools: a subagent may not use it either.
  if (subagent && call.command !== undefined && isGoalpostCommand(call.command))
    return decision({ action: "deny-tool", reason: SUBAGENT_BOUNDARY_NOTICE });
  if (subagent || !activeGoal(session)) return NO_DECISION;
  if (context.classifier.isBookkeeping(event.toolName, call)) return NO_DECISION;

  const { result } = store.update(context.identityOf(event), (state) => {
    const goal = activeGoal(state);
    if (!goal) return NO_DECISION;
    const at = context.now().toISOString();
    const violation = scopeViolation(goal, call);
    if (violation && config.enforcement !== "off") {
      const reason = scopeRefusal(violation, goal.scope);
      if (config.enforcement === "enforce") {
        replaceGoal(state, pushGoalEvent(goal, { at, type: "drift-denied", note: `scope: ${violation}` }));
        return decision({ action: "deny-tool", reason });
      }
      replaceGoal(state, pushGoalEvent(goal, { at, type: "drift-warned", note: `scope: ${violation}` }));
      return decision({ context: reason });
    }
    const verdict = judgeDrift(goal, config);
    if (verdict.kind === "deny") {
      replaceGoal(state, pushGoalEvent(goal, { at, type: "drift-denied", note: `${goal.drift.sinceUpdate} calls since update` }));
      return decision({ action: "deny-tool", reason: verdict.reason });
    }
    state.counters.toolCalls += 1;
    let next: GoalRecord = { ...goal, drift: { sinceUpdate: goal.drift.sinceUpdate + 1 } };
    for (const path of call.paths) next = noteRecentFile(next, path);
    replaceGoal(state, next);
    return verdict.kind === "warn" ? decision({ context: verdict.message }) : NO_DECISION;
  });
  return result;
}
