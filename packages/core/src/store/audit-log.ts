// An append-only record of opens, updates, closes and refusals, for the human. Bounded: past the size
// limit the log rotates once (audit.log → audit.log.1), so it never holds more than twice the limit.
import { closeSync, constants, openSync, renameSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { sanitizeText } from "../text/sanitize-text.js";
import { ensureDirectory, FILE_MODE } from "./atomic-file.js";

const AUDIT_LOG_LIMIT_BYTES = 512 * 1024;

export interface AuditEntry {
  readonly at: string;
  readonly sessionId: string;
  readonly goalId?: string | null;
  readonly type: string;
  readonly note?: string;
}

export function appendAuditEntry(root: string, entry: AuditEntry): void {
  ensureDirectory(root);
  const path = join(root, "audit.log");
  try {
    if (statSync(path).size > AUDIT_LOG_LIMIT_BYTES) renameSync(path, `${path}.1`);
  } catch {}
  const line = { ...entry, ...(entry.note === undefined ? {} : { note: sanitizeText(entry.note, { maxLength: 500 }) }) };
  // Appended without following a link planted at audit.log.
  const descriptor = openSync(
    path,
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0),
    FILE_MODE,
  );
  try {
    writeSync(descriptor, `${JSON.stringify(line)}\n`);
  } finally {
    closeSync(descriptor);
  }
}
