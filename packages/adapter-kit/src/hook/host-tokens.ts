// The session's tokens as the host's own record says, for a goal's budget (core's goal-spend). The
// adapter names the record and how its lines count (contract HostTokenRecord: Claude Code's transcript
// sums each model message's usage, Codex's rollout carries running totals); the kit reads only what
// the record gained since the last reading, from a cursor kept per session in
// `<root>/host-tokens/<session>.json`, so a stop reads the turn it ends, not the whole conversation. A
// record rewritten shorter is read on from its new end: what it held was counted already. A session the
// host goes on recording in a new file (rotated) is counted there from its start, on top of the old.
import { closeSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import { createGoalStore, type Env } from "@goalpost/core";
import { activeGoal, isEnforced, recordBreaches, safeFileName, writeFileAtomic } from "@goalpost/core/internal";
import type { HostTokenRecord, TokenTally } from "../contract/host-adapter.js";
import { openRecord } from "./record-tail.js";

const FOLDER = "host-tokens";
/** A record that lives on by the running totals in its lines needs only its newest: read at most this much of a backlog. */
const TOTALS_TAIL = 1024 * 1024;
/** A backlog read once at most (a long conversation's first reading); beyond it, older usage is not counted. */
const SUM_LIMIT = 64 * 1024 * 1024;

interface Cursor extends TokenTally {
  readonly file: string;
  readonly offset: number;
  /** Tokens of the session's earlier records (the host rotated to a new file): what this one adds goes on top. */
  readonly base?: number;
  /** What goalpost's hooks had seen at this reading: the goal enforced, and its tool calls, prompts and stops. */
  readonly seen?: { readonly goal: string; readonly events: number };
}

function readCursor(path: string, file: string): Cursor {
  try {
    const cursor = JSON.parse(readFileSync(path, "utf8")) as Partial<Cursor>;
    const base = typeof cursor.base === "number" ? cursor.base : 0;
    if (typeof cursor.offset === "number" && typeof cursor.tokens === "number") {
      // The host went on in a new record (rotated, or continued in a new file): counted from its start,
      // on top of everything the earlier ones held.
      if (cursor.file !== file) return { file, offset: 0, tokens: 0, last: null, base: base + cursor.tokens };
      return {
        file,
        offset: cursor.offset,
        tokens: cursor.tokens,
        last: typeof cursor.last === "string" ? cursor.last : null,
        ...(base > 0 ? { base } : {}),
        ...(cursor.seen && typeof cursor.seen.goal === "string" && typeof cursor.seen.events === "number"
          ? { seen: cursor.seen }
          : {}),
      };
    }
  } catch {}
  return { file, offset: 0, tokens: 0, last: null };
}

/** The cursor as written: the record's tokens so far, and those of earlier records. */
const cursorText = (cursor: Cursor) =>
  `${JSON.stringify({
    file: cursor.file,
    offset: cursor.offset,
    tokens: cursor.tokens,
    last: cursor.last,
    ...(cursor.base ? { base: cursor.base } : {}),
    ...(cursor.seen ? { seen: cursor.seen } : {}),
  })}\n`;

/**
 * Responses a window may hold beyond the events goalpost saw in it: the turn's last answer, and one
 * the host wrote after the previous reading (a turn's usage can land after its stop hook ran).
 */
const RESPONSE_SLACK = 2;

/** The session's enforced goal and the events its hooks counted (tool calls, prompts, stops), or null. */
function seenNow(root: string, sessionId: string): Cursor["seen"] | undefined {
  const session = createGoalStore({ root, readOnly: true, warn: () => {} }).peek(sessionId);
  const goal = session ? activeGoal(session) : null;
  if (!session || !goal || !isEnforced(goal)) return undefined;
  const { toolCalls = 0, prompts = 0, stops = 0 } = session.counters ?? {};
  return { goal: goal.id, events: toolCalls + prompts + stops };
}

/** The bytes the record gained since `offset`, up to its last whole line; null when it is no regular file. */
function gained(file: string, offset: number, cumulative: boolean): { text: string; end: number; from: number } | null {
  const record = openRecord(file);
  if (!record) return null;
  try {
    // A record that shrank was rewritten (a compaction, an edit): what is in it was counted before, so
    // only what it gains from here on counts — never the same usage twice.
    if (record.size < offset) return { text: "", end: record.size, from: record.size };
    let from = offset;
    const limit = cumulative ? TOTALS_TAIL : SUM_LIMIT;
    if (record.size - from > limit) from = record.size - limit;
    const buffer = Buffer.alloc(record.size - from);
    const read = readSync(record.fd, buffer, 0, buffer.length, from);
    const whole = buffer.subarray(0, read).lastIndexOf(0x0a) + 1;
    return { text: buffer.subarray(0, whole).toString("utf8"), end: from + whole, from };
  } finally {
    closeSync(record.fd);
  }
}

/**
 * The session's tokens so far by the host's record, or null where the adapter names none or the record
 * cannot be read (a goal's budget then counts turns and time only). Never throws.
 */
export function hostTokensUsed(
  record: HostTokenRecord | undefined,
  root: string,
  sessionId: string,
  payload: unknown,
  env: Env,
): number | null {
  if (!record) return null;
  try {
    const file = record.file(payload, env);
    if (!file) return null;
    const path = join(root, FOLDER, `${safeFileName(sessionId)}.json`);
    const cursor = readCursor(path, file);
    const base = cursor.base ?? 0;
    let read: ReturnType<typeof gained>;
    try {
      read = gained(file, cursor.offset, record.cumulative === true);
    } catch (error) {
      // Named but not written yet (a session's first prompt): nothing used so far.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return base + cursor.tokens;
      throw error;
    }
    if (!read) return null;
    if (read.end === cursor.offset) return base + cursor.tokens;
    if (read.text === "") {
      writeFileAtomic(path, cursorText({ ...cursor, offset: read.end }));
      return base + cursor.tokens;
    }
    // Read from a new start (a replaced record, a backlog cut short): its lines are counted afresh.
    const before: TokenTally = read.from === cursor.offset ? cursor : { tokens: cursor.tokens, last: null };
    const lines = read.text.split("\n");
    if (read.from !== cursor.offset && read.from !== 0) lines.shift(); // cut by the read
    let after = record.tally(lines, before);
    // More responses than the turn's hooks can account for, while one goal was enforced throughout: the
    // record was written by something other than the host. Told, and not charged.
    const seen = seenNow(root, sessionId);
    const allowed = seen && cursor.seen?.goal === seen.goal ? seen.events - cursor.seen.events + RESPONSE_SLACK : null;
    if (allowed !== null && after.responses !== undefined && after.responses > allowed) {
      recordBreaches(root, [
        `the host's record of token use (${file}) gained ${after.responses} model responses since goalpost last read it, where goalpost's hooks saw at most ${allowed} (the tool calls, prompts and stops of the turn); goalpost did not charge their ${(after.tokens - cursor.tokens).toLocaleString("en-US")} tokens to the goal's budget. Something the agent ran wrote them.`,
      ]);
      after = { ...after, tokens: cursor.tokens };
    }
    writeFileAtomic(
      path,
      cursorText({ file, offset: read.end, tokens: after.tokens, last: after.last, base, ...(seen ? { seen } : {}) }),
    );
    // Written into the record by something other than the host: told as what it is, not charged.
    if (after.implausible)
      recordBreaches(root, [
        `the host's record of token use (${file}) gained usage no model response can have (${after.implausible}); goalpost did not charge it to the goal's budget. Something the agent ran wrote it.`,
      ]);
    return base + after.tokens;
  } catch {
    return null;
  }
}
