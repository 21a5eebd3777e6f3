// Host task tools (Claude Code's TodoWrite, Codex's update_plan, VS Code's manage_todo_list, ...)
// become task-level child goals: the item in progress is pushed under the open goal, and popped when
// it completes or leaves the list, so the goal stack reads epic → issue → task.
// Task goals are bookkeeping: they close with the host's word, not through the completion gate,
// which guards the user's own goal.
import { createGoal, retireGoal } from "../lifecycle/goal-lifecycle.js";
import type { GoalRecord } from "../record/goal-record.js";
import { openTaskGoals } from "../session/session-goals.js";
import type { SessionFile } from "../store/session-file.js";
import { itemKey } from "../text/sanitize-list.js";
import type { TaskItem } from "./engine-event.js";

const LIST_KEYS = ["todos", "plan", "todoList", "tasks", "items"] as const;
const TEXT_KEYS = ["content", "step", "title", "text", "description", "activeForm"] as const;

/** A host's word for a task's state, as goalpost's three: in progress, completed, or pending. */
export function taskStatus(value: unknown): TaskItem["status"] {
  const status = String(value ?? "")
    .toLowerCase()
    .replace(/[\s-]/g, "_");
  if (["in_progress", "inprogress", "active", "doing", "running"].includes(status)) return "in_progress";
  if (["completed", "complete", "done", "finished"].includes(status)) return "completed";
  return "pending";
}

/** The task list in a task tool's input, whatever the host calls its fields; null if there is none. */
export function tasksFromToolInput(input: unknown): TaskItem[] | null {
  if (typeof input !== "object" || input === null) return null;
  const record = input as Record<string, unknown>;
  const list = LIST_KEYS.map((key) => record[key]).find(Array.isArray) as unknown[] | undefined;
  if (!list) return null;
  return list.flatMap((entry) => {
    if (typeof entry !== "object" || entry === null) return [];
    const item = entry as Record<string, unknown>;
    const text = TEXT_KEYS.map((key) => item[key]).find((value) => typeof value === "string" && value.trim() !== "");
    return typeof text === "string" ? [{ text, status: taskStatus(item["status"]) }] : [];
  });
}

/** One change an id-based task tool made: Claude Code's TaskCreate (its output names the new task) and TaskUpdate. */
interface TaskChange {
  readonly id: string;
  readonly text?: string | undefined;
  readonly status?: TaskItem["status"] | undefined;
  readonly deleted?: boolean;
}

function parseOutput(output: string | null | undefined): Record<string, unknown> | null {
  if (!output?.trimStart().startsWith("{")) return null;
  try {
    return JSON.parse(output) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The change an id-based task tool made, from its input and its output; null if it made none. */
export function taskChangeFromToolCall(input: unknown, output: string | null | undefined): TaskChange | null {
  const record = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const created = parseOutput(output)?.["task"] as { id?: unknown; subject?: unknown } | undefined;
  if (typeof created?.id === "string" && typeof created.subject === "string")
    return { id: created.id, text: created.subject, status: taskStatus(record["status"]) };
  if (typeof record["taskId"] !== "string") return null;
  const text = typeof record["subject"] === "string" && record["subject"].trim() !== "" ? record["subject"] : undefined;
  if (record["status"] === "deleted") return { id: record["taskId"], deleted: true };
  return { id: record["taskId"], text, status: record["status"] === undefined ? undefined : taskStatus(record["status"]) };
}

/** Applies a change to the session's copy of the host's list; returns the list as it now stands. */
export function applyTaskChange(session: SessionFile, change: TaskChange): TaskItem[] {
  const existing = session.hostTasks.find((task) => task.id === change.id);
  if (change.deleted) session.hostTasks = session.hostTasks.filter((task) => task.id !== change.id);
  else if (existing)
    session.hostTasks = session.hostTasks.map((task) =>
      task.id === change.id ? { ...task, text: change.text ?? task.text, status: change.status ?? task.status } : task,
    );
  else if (change.text) session.hostTasks.push({ id: change.id, text: change.text, status: change.status ?? "pending" });
  return session.hostTasks.map(({ text, status }) => ({ text, status }));
}

/** Pushes or pops task goals under `root` to match the host's list. Returns whether anything changed. */
export function applyTasks(session: SessionFile, root: GoalRecord, tasks: readonly TaskItem[], now: Date): boolean {
  const inProgress = tasks.find((task) => task.status === "in_progress");
  const completed = new Set(tasks.filter((task) => task.status === "completed").map((task) => itemKey(task.text)));
  let changed = false;
  for (const task of openTaskGoals(session, root)) {
    if (inProgress && itemKey(task.objective) === itemKey(inProgress.text)) continue;
    const done = completed.has(itemKey(task.objective));
    const closed = retireGoal(
      task,
      {
        status: done ? "complete" : "cancelled",
        reason: done ? "completed in the host's task list" : "left the host's task list",
      },
      now,
    );
    session.goals = session.goals.map((goal) => (goal.id === task.id ? closed : goal));
    changed = true;
  }
  if (inProgress && !openTaskGoals(session, root).some((task) => itemKey(task.objective) === itemKey(inProgress.text))) {
    session.goals.push(
      createGoal(
        {
          sessionId: session.sessionId,
          cwd: root.cwd,
          host: root.host,
          objective: inProgress.text,
          source: "task",
          level: "task",
          parentId: root.id,
        },
        now,
      ),
    );
    changed = true;
  }
  return changed;
}
