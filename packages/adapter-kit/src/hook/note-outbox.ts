// Notes for the user where the host's hook answers carry none (Copilot CLI): a hook leaves them in the
// session's outbox, `<state root>/notes/<session>.jsonl`, one JSON line a note, and goalpost's own
// process inside the host (Copilot CLI's extension) takes them (`takeNotes`) as each hook ends and
// shows them in the session. What a note says is what a host with a channel shows: a goal let go, a refused
// close, a breach, the hint that /goal exists. Bounded: a session no reader takes from (extensions
// off) keeps its last notes only.
import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { safeFileName } from "@goalpost/core/internal";

const FOLDER = "notes";
/** Past this, a note replaces the outbox instead of joining it: nobody has been taking them. */
const MAX_BYTES = 32 * 1024;

const outboxOf = (root: string, sessionId: string) => join(root, FOLDER, `${safeFileName(sessionId)}.jsonl`);

/** Leaves `text` in the session's outbox. Never throws: a note that cannot be left is on stderr already. */
export function postNote(root: string, sessionId: string, text: string): void {
  try {
    const file = outboxOf(root, sessionId);
    mkdirSync(join(root, FOLDER), { recursive: true, mode: 0o700 });
    const line = `${JSON.stringify({ at: new Date().toISOString(), text })}\n`;
    let size = 0;
    try {
      size = statSync(file).size;
    } catch {}
    if (size + line.length > MAX_BYTES) rmSync(file, { force: true });
    appendFileSync(file, line, { mode: 0o600 });
  } catch {}
}

/** The session's notes, oldest first, taken out of its outbox (renamed away first: a note posted meanwhile waits for the next take). */
export function takeNotes(root: string, sessionId: string): string[] {
  const file = outboxOf(root, sessionId);
  const taking = `${file}.${process.pid}.taking`;
  try {
    renameSync(file, taking);
  } catch {
    return [];
  }
  try {
    return readFileSync(taking, "utf8")
      .split("\n")
      .flatMap((line) => {
        try {
          const note = JSON.parse(line) as { text?: unknown };
          return typeof note.text === "string" && note.text.trim() ? [note.text] : [];
        } catch {
          return [];
        }
      });
  } catch {
    return [];
  } finally {
    rmSync(taking, { force: true });
  }
}
