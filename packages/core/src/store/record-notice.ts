// Writing the notice log (notice-log.ts): a notice recorded, the breaches taken to be told. Each write
// reads, changes and replaces the one file under a lock, so a fault recorded while a prompt takes the
// breaches never loses either. Never throws: the hook's answer matters more than the record, and the
// disk may be full.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { sanitizeText } from "../text/sanitize-text.js";
import { ensureDirectory, writeFileAtomic } from "./atomic-file.js";
import { withFileLock } from "./file-lock.js";
import {
  hasUntold,
  LEGACY_NOTICE_FILES,
  NOTICE_LOG_FILE,
  NOTICES_KEPT,
  type Notice,
  type NoticeKind,
  readNotices,
} from "./notice-log.js";

/** Two copies are recorded at most once an hour: one seen answers every event after. */
const TWO_COPIES_EVERY_MS = 60 * 60_000;

/** Changes the log under its lock; `change` returns the new list, or null to leave it. */
function changeLog<T>(root: string, change: (notices: Notice[]) => { notices: Notice[] | null; result: T }, fallback: T): T {
  try {
    ensureDirectory(join(root, "locks"));
    return withFileLock(
      join(root, "locks", "notices.lock"),
      () => {
        const { notices, result } = change(readNotices(root));
        if (notices) {
          const kept = Object.entries(NOTICES_KEPT).flatMap(([kind, count]) =>
            notices.filter((notice) => notice.kind === kind).slice(-count),
          );
          kept.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
          writeFileAtomic(join(root, NOTICE_LOG_FILE), `${JSON.stringify({ notices: kept })}\n`);
          // An older goalpost's per-kind files are in the log now.
          for (const file of Object.values(LEGACY_NOTICE_FILES)) rmSync(join(root, file), { force: true });
        }
        return result;
      },
      { timeoutMs: 2_000 },
    );
  } catch {
    return fallback;
  }
}

interface NoticeInput {
  readonly kind: NoticeKind;
  readonly message: string;
  readonly event?: string;
  readonly copies?: readonly string[];
  readonly promptHash?: string;
  readonly sessionId?: string;
}

/**
 * Records notices, in one write of the log (a breach goes through notify/record-breaches.ts, which also
 * tells the user's notifier). A breach already waiting to be told is not added twice, a drift seen before
 * not at all;
 * two copies are recorded at most once an hour. Returns, for each, whether it was recorded (the caller
 * may say it on stderr too).
 */
export function recordNotices(root: string, inputs: readonly NoticeInput[]): boolean[] {
  const at = new Date().toISOString();
  const added: Notice[] = inputs.map((input) => ({
    at,
    kind: input.kind,
    message: sanitizeText(input.message.trim(), { maxLength: 600 }),
    ...(input.event !== undefined ? { event: sanitizeText(input.event, { maxLength: 80 }) } : {}),
    ...(input.copies ? { copies: [...input.copies].sort() } : {}),
    ...(input.promptHash ? { promptHash: input.promptHash } : {}),
    ...(input.sessionId ? { sessionId: sanitizeText(input.sessionId, { maxLength: 200 }) } : {}),
  }));
  return changeLog(
    root,
    (notices) => {
      const kept = [...notices];
      const recorded = added.map((notice) => {
        const same = kept.filter((earlier) => earlier.kind === notice.kind);
        const repeat =
          ((notice.kind === "breach" || notice.kind === "problem") &&
            same.some((earlier) => earlier.told !== true && earlier.message === notice.message)) ||
          (notice.kind === "drift" && same.some((earlier) => earlier.message === notice.message)) ||
          (notice.kind === "two-copies" && same.some((earlier) => Date.parse(at) - Date.parse(earlier.at) < TWO_COPIES_EVERY_MS));
        if (!repeat) kept.push(notice);
        return !repeat;
      });
      return { notices: recorded.includes(true) ? kept : null, result: recorded };
    },
    added.map(() => false),
  );
}

/** Records one notice (recordNotices); whether it was recorded. */
export const recordNotice = (root: string, input: NoticeInput): boolean => recordNotices(root, [input])[0]!;

/**
 * The notices of `kind` not told yet, oldest first, marked told (the caller tells them). Asked at every
 * prompt: with none waiting (the usual case) the log is only read, never locked.
 */
export function takeUntold(root: string, kind: "breach" | "decision" | "problem"): Notice[] {
  if (!hasUntold(root, kind)) return [];
  return changeLog(
    root,
    (notices) => {
      const untold = notices.filter((notice) => notice.kind === kind && notice.told !== true);
      if (untold.length === 0) return { notices: null, result: [] };
      return {
        notices: notices.map((notice) => (notice.kind === kind ? { ...notice, told: true } : notice)),
        result: untold,
      };
    },
    [],
  );
}

/** The breaches not told yet, each as a line for the user, marked told. Asked at every prompt and session start. */
export const takeUntoldBreaches = (root: string): string[] =>
  takeUntold(root, "breach").map((breach) => `goalpost: ${breach.message.replace(/^goalpost: /, "")}`);
