// Working context: what the agent was touching and its checklist, so a session restored after compaction
// says where work stood, not only what it was for. A goal keeps its own (it is part of the goal's record);
// the session keeps one too, goal or not (session/session-work.ts).
import { sanitizeText } from "../text/sanitize-text.js";
import type { GoalRecord, ProgressMarker, WorkingContext } from "./goal-record.js";

export const RECENT_FILES_LIMIT = 10;
/** The checklist keeps this many items: a plan longer than that is cut, not stored whole. */
const CHECKLIST_LIMIT = 40;
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/;

/** Puts a path first in a recent-files ring (de-duplicated, at most 10). Paths with control characters are rejected. */
export function withRecentFile(context: WorkingContext, path: string): WorkingContext {
  if (typeof path !== "string" || CONTROL.test(path)) return context;
  const clean = sanitizeText(path, { maxLength: 300 });
  if (clean === "") return context;
  const current = context.recentFiles;
  if (current[0] === clean) return context;
  const recentFiles = [clean, ...current.filter((existing) => existing !== clean)].slice(0, RECENT_FILES_LIMIT);
  return { ...context, recentFiles };
}

/** Puts a path first in the goal's recent-files ring (withRecentFile). */
export function noteRecentFile(goal: GoalRecord, path: string): GoalRecord {
  const workingContext = withRecentFile(goal.workingContext, path);
  return workingContext === goal.workingContext ? goal : { ...goal, workingContext };
}

/** A host's task list as the checklist: [x] completed, [ ] anything else. */
export function checklistOf(tasks: readonly { readonly text: string; readonly status: string }[]): ProgressMarker[] {
  return tasks.slice(0, CHECKLIST_LIMIT).flatMap((task) => {
    const text = sanitizeText(task.text, { maxLength: 200 });
    return text ? [{ text, done: task.status === "completed" }] : [];
  });
}

/** Reads `[x] done` / `[ ] open` lines (with or without a list bullet) from text. */
export function parseProgressMarkers(text: string): ProgressMarker[] {
  const markers: ProgressMarker[] = [];
  for (const match of text.matchAll(/^\s*(?:[-*+]|\d+[.)])?\s*\[([ xX])\]\s+(.+?)\s*$/gm)) {
    const item = sanitizeText(match[2], { maxLength: 200 });
    if (item) markers.push({ text: item, done: match[1] !== " " });
  }
  return markers.slice(0, CHECKLIST_LIMIT);
}

/** Whether there is anything to give back: a file or a checklist item. */
export const hasWork = (context: WorkingContext): boolean => context.recentFiles.length > 0 || context.progressMarkers.length > 0;

/** One checklist item as the model reads it: `[x] done` or `[ ] open`. */
export const checklistItem = (marker: ProgressMarker, clean: (text: string, max: number) => string): string =>
  `[${marker.done ? "x" : " "}] ${clean(marker.text, 200)}`;

/** The checklist in one line: how far it is ("2 of 5 done") and, given `clean`, what is next ("; next: run the tests"). */
export function checklistLine(markers: readonly ProgressMarker[], clean?: (text: string, max: number) => string): string {
  const done = markers.filter((marker) => marker.done).length;
  const next = clean ? markers.find((marker) => !marker.done) : undefined;
  return `${done} of ${markers.length} done${next && clean ? `; next: ${clean(next.text, 120)}` : ""}`;
}
