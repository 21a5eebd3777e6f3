// Files goalpost writes are private (0600, directories 0700) and replaced atomically: a temporary
// file is written and fsynced, then renamed over the target, so a reader (or a crash) only ever
// sees a complete old or complete new version.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";

export const FILE_MODE = 0o600;
export const DIRECTORY_MODE = 0o700;

export function ensureDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: DIRECTORY_MODE });
}

/**
 * Writes `content` to `path` atomically. Callers hold the file's lock, so the temporary name can be
 * fixed: an orphan left by a killed writer is simply overwritten by the next one.
 */
export function writeFileAtomic(path: string, content: string): void {
  ensureDirectory(dirname(path));
  const temporary = `${path}.tmp`;
  const descriptor = openSync(temporary, "w", FILE_MODE);
  try {
    writeSync(descriptor, content);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {}
    throw error;
  }
}
