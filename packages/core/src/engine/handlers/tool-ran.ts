// After a tool ran: the call joins the goal's tool history, an edit moves lastEditAt, and a
// verification run becomes a receipt with the host's own word on whether it passed. A host task
// tool's list moves the task goals.

import { summarizeToolCall } from "../../evidence/classify-tool-call.js";
import { goalToolName } from "../../evidence/goal-tool-names.js";
import { pushReceipt, pushToolCall } from "../../record/bounded-history.js";
import { sha256 } from "../../record/goal-identity.js";
import { noteRecentFile } from "../../record/working-context.js";
import type { EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { activeGoal, replaceGoal } from "../session-goals.js";
import { applyTasks, tasksFromToolInput } from "../task-goals.js";

export function onToolRan(context: EngineContext, event: EngineEventOf<"tool-ran">): EngineDecision {
  if (goalToolName(event.toolName)) return NO_DECISION;
  const { store } = context;
  const session = store.peek(event.sessionId);
  if (context.isSubagentEvent(event, session) || !activeGoal(session)) return NO_DECISION;
  const call = context.classifier.classify(event.toolName, event.toolInput);
  if (call.kind === "goal") return NO_DECISION;
  const summary = summarizeToolCall(call);
  store.update(context.identityOf(event), (state) => {
    const goal = activeGoal(state);
    if (!goal) return;
    const at = context.now().toISOString();
    let next = pushToolCall(goal, { at, tool: call.tool, kind: call.kind, summary });
    if (call.edits && event.succeeded !== false) next = { ...next, lastEditAt: at };
    if (call.kind === "verification" && call.category) {
      next = pushReceipt(next, {
        at,
        tool: call.tool,
        ...(call.command ? { command: summary.replace(/^[^:]*: /, "") } : {}),
        category: call.category,
        passed: event.succeeded,
        exitCode: event.exitCode ?? null,
        ...(typeof event.output === "string" ? { outputHash: sha256(event.output) } : {}),
        files: [...call.paths],
      });
    }
    for (const path of call.paths) next = noteRecentFile(next, path);
    replaceGoal(state, next);
    if (call.tasks) {
      const tasks = tasksFromToolInput(event.toolInput);
      if (tasks) applyTasks(state, activeGoal(state)!, tasks, context.now());
    }
  });
  return NO_DECISION;
}
