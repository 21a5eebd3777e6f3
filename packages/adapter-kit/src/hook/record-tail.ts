// Reading a host's own record (Claude Code's transcript, Codex's rollout, any JSONL a host appends to):
// one reader for every adapter, so that each keeps only its record's format. A record is opened
// non-blocking and read only when it is a regular file — a FIFO or a device planted at its path must
// never hang a hook — and only its end is read, within a bound, however large it has grown.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/** A record open for reading: its descriptor and size; null when the path is not a regular file. */
export function openRecord(path: string): { readonly fd: number; readonly size: number } | null {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const stat = fstatSync(fd);
  if (stat.isFile()) return { fd, size: stat.size };
  closeSync(fd);
  return null;
}

/** The record's last `limit` bytes as text, and whether they start at its beginning. */
export function recordTail(path: string, limit: number): { text: string; whole: boolean } {
  const record = openRecord(path);
  if (!record) return { text: "", whole: false };
  try {
    const length = Math.min(record.size, limit);
    const buffer = Buffer.alloc(length);
    readSync(record.fd, buffer, 0, length, record.size - length);
    return { text: buffer.toString("utf8"), whole: length === record.size };
  } finally {
    closeSync(record.fd);
  }
}

/**
 * recordTailLines of the record a hook payload names (`transcript_path`, as Claude Code and Codex send
 * it); null when the payload names none or the file is not there.
 */
export function transcriptTail(payload: unknown, limit: number): { lines: string[]; whole: boolean } | null {
  const path = transcriptPath(payload);
  return path ? recordTailLines(path, limit) : null;
}

/** The record a hook payload names (`transcript_path`, as Claude Code and Codex send it), or null. */
export function transcriptPath(payload: unknown): string | null {
  const path = (payload as { transcript_path?: unknown } | null)?.transcript_path;
  return typeof path === "string" && path !== "" ? path : null;
}

/**
 * The whole lines at the end of the record at `path`, within its last `limit` bytes (a first line the
 * read cut is left out), and whether they start at its beginning; null when there is no record yet.
 */
export function recordTailLines(path: string, limit: number): { lines: string[]; whole: boolean } | null {
  let tail: { text: string; whole: boolean };
  try {
    tail = recordTail(path, limit);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const lines = tail.text.split("\n");
  if (!tail.whole) lines.shift();
  return { lines, whole: tail.whole };
}

/**
 * The record's lines from the last one backwards, within its last `limit` bytes, each as latin1 text
 * (split on raw newlines: no multi-byte character holds the byte 0x0a; decode a line with
 * `Buffer.from(line, "latin1").toString("utf8")`). A caller that finds what it wants stops early.
 */
export function* recordLinesFromEnd(path: string, limit: number, chunk = 64 * 1024): Generator<string> {
  const record = openRecord(path);
  if (!record) return;
  try {
    let position = record.size;
    const floor = Math.max(0, position - limit);
    let carry = "";
    while (position > floor) {
      const size = Math.min(chunk, position - floor);
      position -= size;
      const buffer = Buffer.alloc(size);
      readSync(record.fd, buffer, 0, size, position);
      const lines = (buffer.toString("latin1") + carry).split("\n");
      carry = position > floor ? (lines.shift() ?? "") : "";
      for (let index = lines.length - 1; index >= 0; index -= 1) if (lines[index]) yield lines[index]!;
    }
  } finally {
    closeSync(record.fd);
  }
}
