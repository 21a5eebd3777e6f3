// One empty file per session with an open goal, under <root>/open/. Installed hook commands look at
// this folder before starting Node: when it exists and is empty, no goal is open anywhere, and a hook
// that has nothing to do without a goal answers "no decision" at the cost of a shell, not a Node start.
//
// Correctness rests on order, under each session's lock: the marker is made before a session file
// with an open goal is written, and removed only after one without is written. A kill between the
// two leaves a stale marker (a slower hook, never a skipped goal). The folder itself appears whole:
// built aside with a marker for every session that already has an open goal, then renamed in.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { DIRECTORY_MODE, ensureDirectory, FILE_MODE } from "./atomic-file.js";
import { safeFileName } from "./safe-file-name.js";

export const OPEN_MARKERS = "open";

const markerPath = (root: string, sessionId: string) => join(root, OPEN_MARKERS, safeFileName(sessionId));

/** Whether a session file's text holds an open goal (no schema: this runs on the write path). */
function holdsOpenGoal(text: string): boolean {
  try {
    const goals = (JSON.parse(text) as { goals?: { closedAt?: unknown }[] }).goals;
    return Array.isArray(goals) && goals.some((goal) => goal?.closedAt === null);
  } catch {
    // Unreadable: count it open, so its hooks are never skipped.
    return true;
  }
}

/**
 * Makes <root>/open if it is missing, with a marker for every session already holding an open goal
 * (a state root from before markers, or one whose folder was removed).
 */
export function ensureOpenMarkers(root: string): void {
  const directory = join(root, OPEN_MARKERS);
  try {
    readdirSync(directory);
    return;
  } catch {}
  ensureDirectory(root);
  const building = `${directory}.building-${process.pid}-${Date.now()}`;
  mkdirSync(building, { mode: DIRECTORY_MODE });
  try {
    let sessions: string[] = [];
    try {
      sessions = readdirSync(join(root, "by-session")).filter((name) => name.endsWith(".json"));
    } catch {}
    for (const name of sessions) {
      let text = "";
      try {
        text = readFileSync(join(root, "by-session", name), "utf8");
      } catch {
        continue;
      }
      if (holdsOpenGoal(text)) writeFileSync(join(building, name.slice(0, -".json".length)), "", { mode: FILE_MODE });
    }
    renameSync(building, directory);
  } catch {
    // Another process put the folder in place first: its markers stand.
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Before a session file with an open goal is written (every time: a marker removed by hand comes back). */
export function markOpen(root: string, sessionId: string): void {
  try {
    writeFileSync(markerPath(root, sessionId), "", { mode: FILE_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    ensureOpenMarkers(root);
    writeFileSync(markerPath(root, sessionId), "", { mode: FILE_MODE });
  }
}

/** Whether the session is marked as holding an open goal (a stale marker says yes: see above). */
export function isMarkedOpen(root: string, sessionId: string): boolean {
  return existsSync(markerPath(root, sessionId));
}

/** After a session file with no open goal is written. */
export function unmarkOpen(root: string, sessionId: string): void {
  try {
    unlinkSync(markerPath(root, sessionId));
  } catch {}
}

/**
 * One empty file per session whose goal closed lately, under <root>/closed/: the status line keeps
 * showing the close for a while (status-segment.ts), and its installed command asks past the shell's
 * no-goal gate only while one is here. Made when an update closes the session's last open goal; each
 * goes once it is older than the status line shows a close (any status line run sweeps them).
 */
const CLOSED_MARKERS = "closed";

/** After the session's last open goal closed. Never throws: a status line is a nicety. */
export function markClosed(root: string, sessionId: string): void {
  try {
    mkdirSync(join(root, CLOSED_MARKERS), { recursive: true, mode: DIRECTORY_MODE });
    writeFileSync(join(root, CLOSED_MARKERS, safeFileName(sessionId)), "", { mode: FILE_MODE });
  } catch {}
}

/** Whether the session's goal closed within `withinMs`; markers older than that, of any session, are removed. */
export function closedLately(root: string, sessionId: string, withinMs: number, now: Date = new Date()): boolean {
  const directory = join(root, CLOSED_MARKERS);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return false;
  }
  const mine = safeFileName(sessionId);
  let lately = false;
  for (const name of names) {
    try {
      const fresh = now.getTime() - statSync(join(directory, name)).mtimeMs < withinMs;
      if (!fresh) unlinkSync(join(directory, name));
      else if (name === mine) lately = true;
    } catch {}
  }
  return lately;
}
