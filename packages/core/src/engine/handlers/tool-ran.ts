// After a tool ran: the call joins the goal's tool history, an edit moves lastEditAt, and a
// verification run becomes a receipt. Whether it passed is judged from what the host reported (its
// success flag and the tool's output) and from the command's shape; and it is a receipt at all only
// if the PreToolUse hook saw the same call first — a result piped into the hook by hand is not one.
// A host task tool's list moves the task goals.

import { summarizeToolCall } from "../../evidence/classify-tool-call.js";
import { goalToolInvocation, goalToolName } from "../../evidence/goal-tool-names.js";
import { unreadPathFields } from "../../evidence/path-arguments.js";
import { judgeShellReceipt, outputVerdict, type ReceiptJudgement } from "../../evidence/receipt-judgement.js";
import { pushReceipt, pushToolCall } from "../../record/bounded-history.js";
import type { VerificationCategory } from "../../record/goal-record.js";
import { sha256 } from "../../record/sha256.js";
import { checklistOf } from "../../record/working-context.js";
import { markRestored } from "../../session/compaction-restore.js";
import { takePendingCall } from "../../session/pending-calls.js";
import { activeGoal, replaceGoal } from "../../session/session-goals.js";
import { callPaths, noteWork } from "../../session/session-work.js";
import { recordNotice } from "../../store/record-notice.js";
import type { SessionFile } from "../../store/session-file.js";
import { quotedGoal } from "../../text/goal-text.js";
import { sanitizeText } from "../../text/sanitize-text.js";
import { decision, type EngineContext } from "../engine-context.js";
import { type EngineDecision, type EngineEventOf, NO_DECISION } from "../engine-event.js";
import { tickTurn } from "../goal-spend.js";
import { focusToSend, moveTaskFocus, tasksAfterCall } from "../session-focus.js";
import { applyTasks } from "../task-goals.js";

type Event = EngineEventOf<"tool-ran">;

/** A verification tool that is not a shell (runTests): the host's word and its output decide. */
function judgeToolReceipt(category: VerificationCategory, event: Event): ReceiptJudgement {
  const said = outputVerdict(event.output);
  if (said === "failed" || event.succeeded === false)
    return {
      category,
      passed: false,
      verdict: said === "failed" ? "its output reports failures" : "the host reported that it failed",
    };
  if (said === "nothing-ran") return { category, passed: null, verdict: "its output says no tests ran" };
  return event.succeeded === true
    ? { category, passed: true, verdict: "passed" }
    : { category, passed: null, verdict: "the host did not say whether it passed" };
}

/** How recent a refusal must be to be this close's: the call has just run. */
const REFUSAL_WINDOW_MS = 2 * 60 * 1000;

/**
 * The agent asked to close the goal as complete and was refused: the user is told, in the host's
 * channel for a hook's note (the refusal itself went to the agent as the tool's answer).
 */
function refusedCloseNote(session: SessionFile | null, now: Date): EngineDecision {
  const goal = activeGoal(session);
  const refused = goal?.history.at(-1);
  if (!goal || refused?.type !== "refused" || now.getTime() - Date.parse(refused.at) > REFUSAL_WINDOW_MS) return NO_DECISION;
  return decision({
    userNote: `goalpost: the agent asked to close goal ${quotedGoal(goal)} as complete and was refused (${sanitizeText(refused.note, { maxLength: 300 })}); it keeps working on it.`,
  });
}

/** No goal: a task tool's call moves the session's focus to the task in progress (session-focus.ts), shown when it changes. */
function taskFocus(context: EngineContext, event: Event): EngineDecision {
  if (!context.classifier.classify(event.toolName, event.toolInput).tasks) return NO_DECISION;
  const { result: shown } = context.store.update(context.identityOf(event), (state) => {
    if (activeGoal(state)) return "";
    const tasks = tasksAfterCall(state, event.toolInput, event.output);
    if (tasks === null) return "";
    noteWork(state, [], checklistOf(tasks));
    return moveTaskFocus(state, tasks, context.now()) ? focusToSend(state) : "";
  });
  return shown ? decision({ context: shown }) : NO_DECISION;
}

/**
 * An edit tool whose arguments hold no path goalpost reads: the host renamed its field (schema drift), and
 * the files it changes are missing from the working context. A line for doctor, once per shape; never the model's.
 */
function noteUnreadPaths(context: EngineContext, tool: string, input: unknown, paths: readonly string[]): void {
  const keys = unreadPathFields(input, paths);
  if (keys)
    recordNotice(context.store.root, {
      kind: "drift",
      event: "tool-ran",
      message: `${tool}'s arguments (${keys.join(", ")}) hold no path goalpost reads: the files it changed are missing from the working context`,
    });
}

export function onToolRan(context: EngineContext, event: Event): EngineDecision {
  const { store } = context;
  if (goalToolName(event.toolName)) {
    const session = store.peek(event.sessionId);
    return goalToolName(event.toolName) === "goalpost_close" && !context.isSubagentEvent(event, session)
      ? refusedCloseNote(session, context.now())
      : NO_DECISION;
  }
  const session = store.peek(event.sessionId);
  if (context.isSubagentEvent(event, session)) return NO_DECISION;
  if (!activeGoal(session)) return taskFocus(context, event);
  const call = context.classifier.classify(event.toolName, event.toolInput);
  if (call.kind === "goal")
    return call.command !== undefined && goalToolInvocation(call.command)?.verb === "close"
      ? refusedCloseNote(session, context.now())
      : NO_DECISION;
  const paths = callPaths(event.toolInput, call.command, event.cwd);
  if (call.kind === "action" && call.command === undefined) noteUnreadPaths(context, call.tool, event.toolInput, paths);
  const summary = summarizeToolCall(call);
  const judged =
    call.kind === "verification" && call.category
      ? call.command !== undefined
        ? judgeShellReceipt(call.command, { succeeded: event.succeeded, output: event.output })
        : judgeToolReceipt(call.category, event)
      : null;
  const { session: after, result: restoring } = store.update(context.identityOf(event), (state) => {
    const goal = activeGoal(state);
    if (!goal) return false;
    const now = context.now();
    tickTurn(state, now, context.clock());
    const at = now.toISOString();
    let next = pushToolCall(goal, { at, tool: call.tool, kind: call.kind, summary });
    if (call.edits && event.succeeded !== false) next = { ...next, lastEditAt: at };
    if (judged) {
      const seen = takePendingCall(state, event, now);
      const { passed, verdict } = seen
        ? judged
        : {
            passed: judged.passed === false ? false : null,
            verdict: "goalpost's PreToolUse hook never saw this call, so it is not a run the host reported",
          };
      next = pushReceipt(next, {
        at,
        tool: call.tool,
        ...(call.command ? { command: summary.replace(/^[^:]*: /, "") } : {}),
        category: judged.category,
        passed,
        verdict,
        exitCode: event.exitCode ?? null,
        ...(typeof event.output === "string" ? { outputHash: sha256(event.output) } : {}),
        files: [...call.paths],
        ...(event.toolUseId ? { toolUseId: event.toolUseId } : {}),
      });
    }
    replaceGoal(state, next);
    // A tool that sends the whole list (TodoWrite, update_plan), or one that changes one task by id (TaskCreate, TaskUpdate).
    const tasks = call.tasks ? tasksAfterCall(state, event.toolInput, event.output) : null;
    if (tasks) applyTasks(state, activeGoal(state)!, tasks, now);
    // The call's files, and the host's list as the checklist ([x] done, [ ] open), for the session and the goal.
    noteWork(state, paths, tasks ? checklistOf(tasks) : undefined);
    // A host with no session start after compaction (Copilot CLI) gets the goal back at the first tool
    // result that follows one; elsewhere SessionStart(compact) has restored it already.
    return markRestored(state, at, "rendered at the first tool result after compaction");
  });
  const root = restoring ? activeGoal(after) : null;
  return root ? decision({ context: context.render(after, root, "full") }) : NO_DECISION;
}
