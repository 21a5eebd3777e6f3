// The goal store: plain JSON files under a root directory. Hooks are separate short-lived processes
// that may run at once, be killed mid-write, or serve two sessions in one directory; the store is
// where nothing is lost (locked read-modify-write, atomic replace) and nothing leaks (0600/0700 files,
// redacted content, session ids that cannot escape the root).
//
// Layout under the root:
//   by-session/<session>.json                 the session's goals, active goal and counters
//   by-cwd-session/<cwd-hash>--<session>.json the continuation index: open goals per directory (through its links)
//   compact/<session>.txt, .txt.json          the compaction snapshot and its metadata
//   locks/<session>.lock                      held during an update
//   audit.log                                 opens, updates, closes, refusals (bounded)
import { readdirSync, readFileSync, realpathSync, unlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import * as z from "zod/mini";
import { StoreError } from "../base/errors.js";
import { cwdHash } from "../record/goal-identity.js";
import { endedWithin, isOpen } from "../record/goal-phase.js";
import type { GoalRecord } from "../record/goal-record.js";
import { ensureDirectory, writeFileAtomic } from "./atomic-file.js";
import { type AuditEntry, appendAuditEntry } from "./audit-log.js";
import { type LockOptions, withFileLock } from "./file-lock.js";
import { forgedStanding, readLedger, recordForgedStanding, writeLedger } from "./goal-ledger.js";
import { upgradeSession } from "./older-records.js";
import { markClosed, markOpen, unmarkOpen } from "./open-goal-markers.js";
import { readJsonFile, type Warn } from "./read-json-file.js";
import { safeFileName } from "./safe-file-name.js";
import {
  CLOSED_GOALS_KEPT,
  emptySessionFile,
  SESSION_FILE_SCHEMA_VERSION,
  SESSION_LIST_LIMIT,
  type SessionFile,
  sessionFileSchema,
} from "./session-file.js";
import { salvageSession } from "./session-salvage.js";

export interface GoalStoreOptions {
  /** The state root (see resolveStoreRoot). */
  readonly root: string;
  readonly now?: () => Date;
  /** Where problems a user should know about go; stderr by default, each message once per process. */
  readonly warn?: Warn;
  readonly lock?: LockOptions;
  /**
   * A reader's store (`goalpost status`, `show`, `report`): reading changes nothing on disk — a damaged
   * session file is reported and left in place, what can be read of it kept in memory only.
   */
  readonly readOnly?: boolean;
}

export interface SessionIdentity {
  readonly sessionId: string;
  readonly host: string;
  /** The project directory (never a later payload's cwd, which follows `cd`). */
  readonly cwd: string;
}

const continuationEntrySchema = z.object({
  schemaVersion: z.literal(SESSION_FILE_SCHEMA_VERSION),
  sessionId: z.string(),
  cwd: z.string(),
  updatedAt: z.string(),
  goals: z.array(
    z.object({
      id: z.string(),
      objective: z.string(),
      status: z.string(),
      level: z.string(),
      parentId: z.optional(z.nullable(z.string())),
      updatedAt: z.string(),
    }),
  ),
  /**
   * The session's own goals that closed in the last RECENTLY_CLOSED_MS, so `goalpost status` and `watch`
   * show an ending without reading every session. Not goals to continue: readers of `goals` ignore it.
   */
  closed: z.optional(z.array(z.object({ id: z.string(), objective: z.string(), status: z.string(), closedAt: z.string() }))),
});
export type ContinuationEntry = z.infer<typeof continuationEntrySchema>;

export interface GoalStore {
  readonly root: string;
  /** The session's state, or null when it has none. Never locks. */
  read(sessionId: string): SessionFile | null;
  /**
   * A quick look to decide whether there is anything to do: parsed, not validated, never locked.
   * Decisions are made on `update`'s validated state; a file that does not look like ours goes
   * through `read`, which validates and sets it aside.
   */
  peek(sessionId: string): SessionFile | null;
  /**
   * Locked read-modify-write. `mutate` changes the session in place and may return a value; the
   * file is written only if something changed. Returns the session as written and that value.
   */
  update<T>(identity: SessionIdentity, mutate: (session: SessionFile) => T): { session: SessionFile; result: T };
  /** Every session the store holds (its files read by their own paths), newest first. */
  sessions(): SessionFile[];
  /** The continuation index entries of a directory (every session that has open goals there). */
  continuationEntries(cwd: string): ContinuationEntry[];
  /** Appends to the bounded audit log. Never throws. */
  audit(entry: Omit<AuditEntry, "at">): void;
  /** The path of a file of this store, for a session (for messages and tests). */
  sessionPath(sessionId: string): string;
  readonly warn: Warn;
  readonly now: () => Date;
  /** Whether `now` is the machine's own clock (no `now` was given): the monotonic clock then measures turns too. */
  readonly realClock: boolean;
}

function stderrOnce(): Warn {
  const seen = new Set<string>();
  return (message) => {
    if (seen.has(message)) return;
    seen.add(message);
    process.stderr.write(`${message}\n`);
  };
}

/** Keeps every open goal and the newest closed ones; bounds the id and compaction lists. */
function trimSession(session: SessionFile): void {
  const closed = session.goals.filter((goal) => !isOpen(goal));
  if (closed.length > CLOSED_GOALS_KEPT) {
    const drop = new Set(
      closed
        .sort((a, b) => (a.closedAt ?? "").localeCompare(b.closedAt ?? ""))
        .slice(0, closed.length - CLOSED_GOALS_KEPT)
        .map((goal) => goal.id),
    );
    session.goals = session.goals.filter((goal) => !drop.has(goal.id));
  }
  if (session.compactions.length > SESSION_LIST_LIMIT) session.compactions = session.compactions.slice(-SESSION_LIST_LIMIT);
  if (session.hostTasks.length > SESSION_LIST_LIMIT) session.hostTasks = session.hostTasks.slice(-SESSION_LIST_LIMIT);
  if (session.approvals.length > SESSION_LIST_LIMIT) session.approvals = session.approvals.slice(-SESSION_LIST_LIMIT);
  if (session.pendingTools.length > SESSION_LIST_LIMIT) session.pendingTools = session.pendingTools.slice(-SESSION_LIST_LIMIT);
}

/** How long a goal that closed stays in its folder's index: what "recently" means for status and watch. */
export const RECENTLY_CLOSED_MS = 12 * 3600_000;

/** The session's user goals (not tasks or sub-goals) closed in the last RECENTLY_CLOSED_MS. */
function recentlyClosed(session: SessionFile, now: Date): NonNullable<ContinuationEntry["closed"]> {
  return session.goals
    .filter((goal) => endedWithin(goal, RECENTLY_CLOSED_MS, now))
    .map((goal) => ({ id: goal.id, objective: goal.objective, status: goal.status, closedAt: goal.closedAt! }));
}

function continuationSummary(session: SessionFile): ContinuationEntry["goals"] {
  return session.goals
    .filter((goal: GoalRecord) => isOpen(goal))
    .map((goal) => ({
      id: goal.id,
      objective: goal.objective,
      status: goal.status,
      level: goal.level,
      parentId: goal.parentId,
      updatedAt: goal.updatedAt,
    }));
}

/**
 * The continuation index's key of a folder: the folder through its links, so that a session keyed by
 * the path its host sent (a link, macOS's /tmp) and a reader naming the real path (Node's cwd) meet.
 */
function indexKey(cwd: string): string {
  try {
    return cwdHash(realpathSync(resolve(cwd)));
  } catch {
    return cwdHash(cwd); // a folder that is gone: by its path as written
  }
}

export function createGoalStore(options: GoalStoreOptions): GoalStore {
  const root = options.root;
  const now = options.now ?? (() => new Date());
  const warn = options.warn ?? stderrOnce();
  const readOnly = options.readOnly === true;
  const sessionPath = (sessionId: string) => join(root, "by-session", `${safeFileName(sessionId)}.json`);
  const indexDirectory = join(root, "by-cwd-session");
  const indexPath = (cwd: string, sessionId: string) => join(indexDirectory, `${indexKey(cwd)}--${safeFileName(sessionId)}.json`);

  /** Set when the last session read was put back to goalpost's ledger: the next write keeps it so. */
  let restored = false;
  /**
   * The session as goalpost left it (goal-ledger.ts): a goal whose standing the file changed without
   * goalpost is read as it was, and the user is told. In memory; an update writes it back.
   */
  const asGoalpostLeftIt = (session: SessionFile | null): SessionFile | null => {
    const ledger = session ? readLedger(root, session.sessionId) : null;
    if (!session || !ledger) return session;
    const told = forgedStanding(session, ledger, true);
    if (told.length > 0) {
      restored = true;
      recordForgedStanding(root, session.sessionId, told);
    }
    return session;
  };

  /** A session file as this store reads it: a damaged one set aside (told to `onAside`), or for a reader left in place. */
  const readSessionFile = (path: string, onAside?: (aside: string | null) => void) =>
    asGoalpostLeftIt(
      upgradeSession(readJsonFile(path, sessionFileSchema, SESSION_FILE_SCHEMA_VERSION, warn, now(), onAside, readOnly)),
    );

  /**
   * The session, validated. A file that cannot be read is set aside and what can be read of it kept
   * (session-salvage.ts): written back at once where the disk lets it, used as it is where it does not.
   */
  const read = (sessionId: string): SessionFile | null => {
    let aside: string | null | undefined;
    const path = sessionPath(sessionId);
    const session = readSessionFile(path, (to) => {
      aside = to;
    });
    if (session || aside === undefined) return session;
    const salvaged = salvageSession(root, sessionId, aside, now());
    if (!salvaged) return null;
    // A reader shows what could be read and writes nothing (the set-aside warning said what to do).
    if (readOnly) return salvaged.session;
    const goal = salvaged.session.goals.find((candidate) => candidate.id === salvaged.session.activeGoalId);
    warn(
      `goalpost: the open goal ${goal?.id ?? ""} of session ${sessionId} was kept from its damaged file${salvaged.lost ? " (only its id and objective could be read: its checks and history are lost)" : ""}.`,
    );
    try {
      markOpen(root, sessionId);
      writeFileAtomic(path, `${JSON.stringify(salvaged.session)}\n`);
    } catch (error) {
      warn(`goalpost: could not write the kept goal back to ${path} (${(error as Error).message}); enforcing it from memory.`);
    }
    return salvaged.session;
  };

  function writeIndex(before: SessionFile | null, after: SessionFile): void {
    const goals = continuationSummary(after);
    const closed = recentlyClosed(after, now());
    const unchanged =
      before !== null &&
      before.cwd === after.cwd &&
      JSON.stringify(continuationSummary(before)) === JSON.stringify(goals) &&
      JSON.stringify(recentlyClosed(before, now())) === JSON.stringify(closed);
    // Most updates (a tool call, a counter) leave the open goals as they were: no index write, no hashing.
    if (unchanged) return;
    const path = indexPath(after.cwd, after.sessionId);
    if (goals.length === 0 && closed.length === 0) {
      try {
        unlinkSync(path);
      } catch {}
      return;
    }
    const entry: ContinuationEntry = {
      schemaVersion: SESSION_FILE_SCHEMA_VERSION,
      sessionId: after.sessionId,
      cwd: after.cwd,
      updatedAt: after.updatedAt,
      goals,
      ...(closed.length > 0 ? { closed } : {}),
    };
    writeFileAtomic(path, `${JSON.stringify(entry)}\n`);
  }

  return {
    root,
    now,
    realClock: options.now === undefined,
    warn,
    sessionPath,
    read,
    peek(sessionId) {
      let data: unknown;
      try {
        data = JSON.parse(readFileSync(sessionPath(sessionId), "utf8"));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        return read(sessionId);
      }
      const looksRight =
        typeof data === "object" &&
        data !== null &&
        (data as SessionFile).schemaVersion === SESSION_FILE_SCHEMA_VERSION &&
        Array.isArray((data as SessionFile).goals);
      return looksRight ? asGoalpostLeftIt(data as SessionFile) : read(sessionId);
    },
    update(identity, mutate) {
      const lockPath = join(root, "locks", `${safeFileName(identity.sessionId)}.lock`);
      ensureDirectory(root);
      ensureDirectory(join(root, "locks"));
      return withFileLock(
        lockPath,
        (stillHeld) => {
          restored = false;
          const before = read(identity.sessionId);
          const rewrite = restored;
          const session: SessionFile = before
            ? structuredClone(before)
            : emptySessionFile(identity.sessionId, identity.host, identity.cwd, now());
          const result = mutate(session);
          trimSession(session);
          const original = before ? JSON.stringify(before) : null;
          if (rewrite || JSON.stringify(session) !== original) {
            session.updatedAt = now().toISOString();
            // The marker goes up before a file with an open goal, and down after one without (see open-goal-markers.ts).
            const open = session.goals.some(isOpen);
            // A lock taken over while we worked (we held it far too long): the new owner's update wins.
            if (!stillHeld())
              throw new StoreError(
                "store_lock_timeout",
                lockPath,
                `Lost the lock ${lockPath} while updating; the update was dropped so another could not be lost.`,
              );
            if (open) markOpen(root, identity.sessionId);
            writeFileAtomic(sessionPath(identity.sessionId), `${JSON.stringify(session)}\n`);
            writeLedger(root, rewrite ? null : before, session);
            if (!open) unmarkOpen(root, identity.sessionId);
            // Its last open goal closed just now: the status line shows the close for a while.
            if (!open && before?.goals.some(isOpen)) markClosed(root, identity.sessionId);
            writeIndex(before, session);
          }
          return { session, result };
        },
        options.lock,
      );
    },
    sessions() {
      const directory = join(root, "by-session");
      let names: string[];
      try {
        names = readdirSync(directory).filter((name) => name.endsWith(".json"));
      } catch {
        return [];
      }
      const sessions: SessionFile[] = [];
      for (const name of names) {
        try {
          let damaged = false;
          const path = join(directory, name);
          const session = readSessionFile(
            path,
            readOnly
              ? () => {
                  damaged = true;
                }
              : undefined,
          );
          if (session) sessions.push(session);
          else if (damaged) {
            // A reader still lists the goal a damaged file holds, read as a hook would keep it (in memory only).
            // Its id: as the file still says it, else its name where that is the id itself (not hashed).
            const base = name.slice(0, -".json".length);
            const id =
              /"sessionId"\s*:\s*"([^"]+)"/.exec(readFileSync(path, "utf8"))?.[1] ??
              (safeFileName(base) === base ? base : undefined);
            const kept = id ? salvageSession(root, id, path, now()) : null;
            if (kept) sessions.push(kept.session);
          }
        } catch (error) {
          // A file of a newer goalpost: left untouched and out of the list.
          warn(`goalpost: ${(error as Error).message}`);
        }
      }
      return sessions.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    },
    continuationEntries(cwd) {
      const prefix = `${indexKey(cwd)}--`;
      let names: string[];
      try {
        names = readdirSync(indexDirectory).filter((name) => name.startsWith(prefix) && name.endsWith(".json"));
      } catch {
        return [];
      }
      return names
        .map((name) =>
          readJsonFile(
            join(indexDirectory, name),
            continuationEntrySchema,
            SESSION_FILE_SCHEMA_VERSION,
            warn,
            now(),
            undefined,
            readOnly,
          ),
        )
        .filter((entry): entry is ContinuationEntry => entry !== null);
    },
    audit(entry) {
      try {
        appendAuditEntry(root, { at: now().toISOString(), ...entry });
      } catch (error) {
        warn(`goalpost: could not write the audit log under ${root}: ${(error as Error).message}`);
      }
    },
  };
}
