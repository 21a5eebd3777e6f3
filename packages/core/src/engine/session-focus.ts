// What the session works on when no goal is set (the hierarchical-goals design's order: the user's goal,
// else the task in progress, else the GitHub issue, else a hint that /goal exists). The host's task in
// progress and the issue (github-issue.ts, its milestone as the epic above it) are shown to the model
// as a short block of data when they change, and never enforced: no stop is refused, no tool denied for
// them. A task leaves when it completes or leaves the list; a goal set later takes over.

import { checklistLine, checklistOf } from "../record/working-context.js";
import { markRestored } from "../session/compaction-restore.js";
import { issueLine } from "../session/github-issue.js";
import { activeGoal } from "../session/session-goals.js";
import { noteWork, renderWork } from "../session/session-work.js";
import type { SessionFile } from "../store/session-file.js";
import { goalText } from "../text/goal-text.js";
import { sanitizeText } from "../text/sanitize-text.js";
import type { EngineContext } from "./engine-context.js";
import type { EngineEvent, TaskItem } from "./engine-event.js";
import { applyTaskChange, applyTasks, taskChangeFromToolCall, tasksFromToolInput } from "./task-goals.js";

/** The task list a task tool's call leaves, from its input (whole lists) or as a change by id; null if none. */
export function tasksAfterCall(session: SessionFile, input: unknown, output: string | null | undefined): TaskItem[] | null {
  const change = taskChangeFromToolCall(input, output);
  return tasksFromToolInput(input) ?? (change ? applyTaskChange(session, change) : null);
}

/** Moves the session's focus to the task now in progress; whether it changed. */
export function moveTaskFocus(session: SessionFile, tasks: readonly TaskItem[], now: Date): boolean {
  const current = tasks.find((task) => task.status === "in_progress")?.text ?? null;
  const text = current === null ? null : sanitizeText(current, { maxLength: 200 });
  if ((session.focus?.task ?? null) === text) return false;
  session.focus = text === null ? null : { task: text, at: now.toISOString() };
  return true;
}

/** The focus as the model gets it: what the session works on, from where; "" when nothing is known. */
function renderFocus(session: SessionFile): string {
  const lines: string[] = [];
  const issue = session.issue;
  if (issue?.milestone) lines.push(`EPIC: ${goalText(issue.milestone, 120)} (the issue's milestone)`);
  if (issue) lines.push(`ISSUE: ${issueLine(issue, goalText)}`);
  const checklist = session.workingContext.progressMarkers;
  if (session.focus)
    lines.push(
      `TASK: ${goalText(session.focus.task, 200)} [in_progress] (from its task list${checklist.length > 1 ? `: ${checklistLine(checklist)}` : ""})`,
    );
  if (lines.length === 0) return "";
  const source = session.focus ? "task" : "issue";
  return `<session_focus source="${source}">
No goal is set for this session; this is what it works on. goalpost shows it and does not enforce it.
${lines.join("\n")}
</session_focus>`;
}

/**
 * The focus block when it differs from the one the model last got (`session.sentFocus`, set here);
 * "" when there is nothing new to say. Call inside the session's update.
 */
export function focusToSend(session: SessionFile): string {
  const block = renderFocus(session);
  if (block === (session.sentFocus ?? "")) return "";
  session.sentFocus = block || null;
  return block;
}

/** At a session's start or a prompt with no goal: the focus block if the model has not got it yet; "" otherwise. */
export function pendingFocus(
  context: EngineContext,
  event: EngineEvent,
  session: SessionFile | null = context.store.peek(event.sessionId),
): string {
  if (!session || event.subagent || activeGoal(session) || renderFocus(session) === (session.sentFocus ?? "")) return "";
  return context.store.update(context.identityOf(event), (state) => (activeGoal(state) ? "" : focusToSend(state))).result;
}

/**
 * A host's task list as it now stands: with a goal open it moves the goal's task goals, with none the
 * session's focus; whether the focus moved. Marks nothing as sent: a caller that can show the model
 * the focus (a hook's answer) does so with focusToSend.
 */
export function followHostTasks(session: SessionFile, tasks: readonly TaskItem[], now: Date): boolean {
  noteWork(session, [], checklistOf(tasks));
  const root = activeGoal(session);
  if (root) {
    applyTasks(session, root, tasks, now);
    return false;
  }
  return moveTaskFocus(session, tasks, now);
}

/**
 * The session's working context and focus for the model, after a compaction with no goal set (the
 * conversation lost both): at a start after compaction, or the first prompt after one on hosts with no
 * such start. Marks the compaction restored; "" when there is nothing to give back.
 */
export function restoreWorkingContext(context: EngineContext, event: EngineEvent, how: string): string {
  const at = context.now().toISOString();
  return context.store.update(context.identityOf(event), (state) => {
    if (activeGoal(state)) return "";
    markRestored(state, at, how, true);
    state.sentFocus = null;
    return [renderWork(state.workingContext), focusToSend(state)].filter(Boolean).join("\n\n");
  }).result;
}
