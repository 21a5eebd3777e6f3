// Retention: sessions whose goals are all closed, untouched for longer than the retention age, move
// out of by-session/ into archive/by-session/. They stay readable (`goalpost show`) but leave the
// hot path: hooks, continuation and `goalpost status` never read them. Each move holds the session's
// lock and re-reads the file under it, so a session a hook just reopened is never archived.
import { readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { isOpen } from "../record/goal-phase.js";
import { ensureDirectory } from "./atomic-file.js";
import { withFileLock } from "./file-lock.js";
import type { GoalStore } from "./goal-store.js";
import { readJsonFile } from "./read-json-file.js";
import { SESSION_FILE_SCHEMA_VERSION, type SessionFile, sessionFileSchema } from "./session-file.js";

export const ARCHIVE_DIRECTORY = join("archive", "by-session");

interface PruneResult {
  /** Session ids moved to the archive. */
  readonly archived: readonly string[];
  /** Sessions kept: an open goal, or touched within the retention age. */
  readonly kept: number;
}

/** Archives every session with no open goal whose file was last written before `olderThanDays` days ago. */
export function archiveClosedSessions(store: GoalStore, olderThanDays: number): PruneResult {
  const directory = join(store.root, "by-session");
  const cutoff = store.now().getTime() - olderThanDays * 24 * 60 * 60 * 1000;
  let names: string[] = [];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith(".json"));
  } catch {
    return { archived: [], kept: 0 };
  }
  const archived: string[] = [];
  let kept = 0;
  for (const name of names) {
    const base = name.slice(0, -".json".length);
    ensureDirectory(join(store.root, "locks"));
    const moved = withFileLock(join(store.root, "locks", `${base}.lock`), () => {
      const session = readJsonFile(
        join(directory, name),
        sessionFileSchema,
        SESSION_FILE_SCHEMA_VERSION,
        store.warn,
        store.now(),
      );
      if (!session || session.goals.some(isOpen) || Date.parse(session.updatedAt) >= cutoff) return null;
      ensureDirectory(join(store.root, ARCHIVE_DIRECTORY));
      renameSync(join(directory, name), join(store.root, ARCHIVE_DIRECTORY, name));
      return session.sessionId;
    });
    if (moved) archived.push(moved);
    else kept++;
  }
  return { archived, kept };
}

/** The archived sessions, newest first (for `goalpost show`). */
export function archivedSessions(store: GoalStore): SessionFile[] {
  const directory = join(store.root, ARCHIVE_DIRECTORY);
  let names: string[] = [];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  return names
    .map((name) => readJsonFile(join(directory, name), sessionFileSchema, SESSION_FILE_SCHEMA_VERSION, store.warn, store.now()))
    .filter((session): session is SessionFile => session !== null)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
