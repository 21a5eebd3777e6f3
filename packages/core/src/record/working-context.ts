// Working context: what the agent was touching and its checklist, so a goal restored after compaction
// says where work stood, not only what it was for.
import { sanitizeText } from "../text/sanitize-text.js";
import type { GoalRecord, ProgressMarker } from "./goal-record.js";

export const RECENT_FILES_LIMIT = 10;
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/;

/** Puts a path first in the recent-files ring (de-duplicated, at most 10). Paths with control characters are rejected. */
export function noteRecentFile(goal: GoalRecord, path: string): GoalRecord {
  if (typeof path !== "string" || CONTROL.test(path)) return goal;
  const clean = sanitizeText(path, { maxLength: 300 });
  if (clean === "") return goal;
  const current = goal.workingContext.recentFiles;
  if (current[0] === clean) return goal;
  const recentFiles = [clean, ...current.filter((existing) => existing !== clean)].slice(0, RECENT_FILES_LIMIT);
  return { ...goal, workingContext: { ...goal.workingContext, recentFiles } };
}

/** Reads `[x] done` / `[ ] open` lines (with or without a list bullet) from text. */
export function parseProgressMarkers(text: string): ProgressMarker[] {
  const markers: ProgressMarker[] = [];
  for (const match of text.matchAll(/^\s*(?:[-*+]|\d+[.)])?\s*\[([ xX])\]\s+(.+?)\s*$/gm)) {
    const item = sanitizeText(match[2], { maxLength: 200 });
    if (item) markers.push({ text: item, done: match[1] !== " " });
  }
  return markers.slice(0, 40);
}
