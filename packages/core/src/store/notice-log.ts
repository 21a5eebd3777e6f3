// Everything the user must hear later, in one file of the state root: a breach (what was done to
// goalpost that it saw and could not prevent), a hook's fault (a hook never breaks its host, so a broken
// wiring would otherwise show only on a stderr nobody reads), two copies of goalpost answering one state
// root; a decision that loosens enforcement, taken from a prompt (told back at the next one, for a
// script can run the prompt hook too); a host's tool whose arguments no longer hold a path where
// goalpost reads one (schema drift: a debug line for doctor, never the model's); a problem with
// something the user turned on or depends on (their notifier failed, desktop notifications with no
// notifier on the machine). Breaches, decisions and problems are told once at the user's next prompt; all
// are kept a while for `doctor` and `status`.
//
// This file reads the log, with Node's built-ins only: `goalpost status` loads it (as
// `@goalpost/core/notices`) without loading core. Writing is record-notice.ts, under a lock.
// A healthy machine has no log: a hook that reads it finds it missing.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const NOTICE_LOG_FILE = "notices.json";

export type NoticeKind = "breach" | "fault" | "two-copies" | "decision" | "drift" | "problem";

export interface Notice {
  readonly at: string;
  readonly kind: NoticeKind;
  readonly message: string;
  /** A fault's hook event. */
  readonly event?: string;
  /** Two copies': the copies seen answering. */
  readonly copies?: readonly string[];
  /** A breach's or a decision's: whether the user was told at a prompt yet. */
  readonly told?: boolean;
  /**
   * A decision's: the SHA-256 of the prompt that made it (never its text, which may hold a secret), to
   * find it in the host's own record of what the user typed.
   */
  readonly promptHash?: string;
  /** A decision's: the session whose prompt made it. */
  readonly sessionId?: string;
}

/** What each kind keeps, newest last: enough to see a pattern, never a growing file. */
export const NOTICES_KEPT: Readonly<Record<NoticeKind, number>> = {
  breach: 20,
  fault: 20,
  "two-copies": 1,
  decision: 20,
  drift: 20,
  problem: 20,
};

const KINDS = new Set<string>(Object.keys(NOTICES_KEPT));

/** Before one log, goalpost kept a file per kind; their entries are read until the log's first write removes them. */
export const LEGACY_NOTICE_FILES: Readonly<Record<Exclude<NoticeKind, "decision" | "drift" | "problem">, string>> = {
  breach: "breaches.json",
  fault: "hook-faults.json",
  "two-copies": "two-copies.json",
};

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/** An entry as written, or null for one that is not (a hand edit, a damaged line). */
function noticeOf(fields: unknown, kind?: NoticeKind): Notice | null {
  if (!fields || typeof fields !== "object") return null;
  const entry = fields as Record<string, unknown>;
  const entryKind = kind ?? entry["kind"];
  if (typeof entryKind !== "string" || !KINDS.has(entryKind)) return null;
  if (typeof entry["at"] !== "string" || typeof entry["message"] !== "string") return null;
  return {
    at: entry["at"],
    kind: entryKind as NoticeKind,
    message: entry["message"],
    ...(typeof entry["event"] === "string" ? { event: entry["event"] } : {}),
    ...(Array.isArray(entry["copies"]) ? { copies: entry["copies"].map(String) } : {}),
    ...(entry["told"] === true ? { told: true } : {}),
    ...(typeof entry["promptHash"] === "string" ? { promptHash: entry["promptHash"] } : {}),
    ...(typeof entry["sessionId"] === "string" ? { sessionId: entry["sessionId"] } : {}),
  };
}

/** The per-kind files of an older goalpost, as notices. */
function legacyNotices(root: string): Notice[] {
  const listed = (kind: keyof typeof LEGACY_NOTICE_FILES, key: string) => {
    const list = (readJson(join(root, LEGACY_NOTICE_FILES[kind])) as Record<string, unknown> | undefined)?.[key];
    return Array.isArray(list) ? list.flatMap((fields) => noticeOf(fields, kind) ?? []) : [];
  };
  const copies = readJson(join(root, LEGACY_NOTICE_FILES["two-copies"])) as { at?: unknown; copies?: unknown } | undefined;
  const twoCopies =
    typeof copies?.at === "string" && Array.isArray(copies.copies)
      ? [noticeOf({ at: copies.at, copies: copies.copies, message: "two copies answered one state root" }, "two-copies")!]
      : [];
  return [...listed("breach", "breaches"), ...listed("fault", "faults"), ...twoCopies];
}

/** Every notice kept, oldest first; none when there is no log. Never throws. */
export function readNotices(root: string): Notice[] {
  const log = (readJson(join(root, NOTICE_LOG_FILE)) as { notices?: unknown } | undefined)?.notices;
  const notices = Array.isArray(log) ? log.flatMap((fields) => noticeOf(fields) ?? []) : [];
  return [...notices, ...legacyNotices(root)].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The notices of one kind, oldest first. */
export const noticesOf = (root: string, kind: NoticeKind): Notice[] => readNotices(root).filter((notice) => notice.kind === kind);

/** Whether a notice of `kind` waits to be told (one read; on a healthy machine the log is missing). */
export const hasUntold = (root: string, kind: "breach" | "decision" | "problem"): boolean =>
  noticesOf(root, kind).some((notice) => notice.told !== true);

/** Whether a breach waits to be told. */
export const hasUntoldBreaches = (root: string): boolean => hasUntold(root, "breach");

/** What happened within the last day, by kind, oldest first. */
export function recentNotices(root: string, now = Date.now()): Record<NoticeKind, Notice[]> {
  const recent = readNotices(root).filter((notice) => now - Date.parse(notice.at) < 24 * 60 * 60_000);
  const of = (kind: NoticeKind) => recent.filter((notice) => notice.kind === kind);
  return {
    breach: of("breach"),
    fault: of("fault"),
    "two-copies": of("two-copies"),
    decision: of("decision"),
    drift: of("drift"),
    problem: of("problem"),
  };
}
