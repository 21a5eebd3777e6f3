// The project goal files goalpost has taken (engine/goal-file.ts), one entry per project directory in
// `goal-files.json` of the state root: the content's hash and the goal it became. A file taken once is
// not taken again while it reads the same — a goal closed, or cleared by the user, does not come back
// at every session start — and a session whose goal came from it knows an edit when it sees one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureDirectory, writeFileAtomic } from "./atomic-file.js";
import { withFileLock } from "./file-lock.js";

const GOAL_FILES_FILE = "goal-files.json";
/** Projects remembered: the newest taken; an older one forgotten is taken again, once, if it still holds a goal. */
const PROJECTS_KEPT = 200;

export interface TakenGoalFile {
  readonly hash: string;
  readonly goalId: string;
  readonly at: string;
  /** The file's content as it was when the user last prompted, when that was not `hash` (an edit of theirs before a goal command). */
  readonly atPrompt?: string;
  /** A content written during the agent's turn (seen at a stop): never taken as the user's goal. */
  readonly agentWrote?: string;
}

function readAll(root: string): Record<string, TakenGoalFile> {
  try {
    const files = (JSON.parse(readFileSync(join(root, GOAL_FILES_FILE), "utf8")) as { files?: unknown }).files;
    return typeof files === "object" && files !== null ? (files as Record<string, TakenGoalFile>) : {};
  } catch {
    return {};
  }
}

/** What was taken from this project's goal file, or null. Never throws. */
export function takenGoalFile(root: string, cwd: string): TakenGoalFile | null {
  const entry = readAll(root)[cwd];
  return entry && typeof entry.hash === "string" && typeof entry.goalId === "string" ? entry : null;
}

/** Records that the file's content (`hash`) became `goalId`. Never throws: a lost record means the file is offered again. */
export function recordGoalFileTaken(root: string, cwd: string, entry: TakenGoalFile): void {
  writeEntry(root, cwd, () => entry);
}

/** Adds to this project's entry (what the file read at a prompt, what the agent wrote). Never throws. */
export function noteGoalFile(root: string, cwd: string, note: Pick<TakenGoalFile, "atPrompt" | "agentWrote">): void {
  writeEntry(root, cwd, (entry) => (entry ? { ...entry, ...note } : null));
}

function writeEntry(root: string, cwd: string, change: (entry: TakenGoalFile | null) => TakenGoalFile | null): void {
  try {
    ensureDirectory(join(root, "locks"));
    withFileLock(
      join(root, "locks", "goal-files.lock"),
      () => {
        const all = readAll(root);
        const entry = change(all[cwd] ?? null);
        if (!entry) return;
        const files = { ...all, [cwd]: entry };
        const kept = Object.entries(files)
          .sort(([, a], [, b]) => b.at.localeCompare(a.at))
          .slice(0, PROJECTS_KEPT);
        writeFileAtomic(join(root, GOAL_FILES_FILE), `${JSON.stringify({ files: Object.fromEntries(kept) }, null, 2)}\n`);
      },
      { timeoutMs: 2_000 },
    );
  } catch {
    // The next start offers the file again; nothing is lost.
  }
}
