// Files goalpost writes are private (0600, directories 0700) and replaced atomically: a temporary
// file is written and fsynced, then renamed over the target, so a reader (or a crash) only ever
// sees a complete old or complete new version. The temporary file has a unique name and is created
// exclusively, so a symbolic link planted where it will be is never followed; rename replaces a link
// at the target itself rather than writing through it.
import {
  chmodSync,
  closeSync,
  constants,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";

export const FILE_MODE = 0o600;
export const DIRECTORY_MODE = 0o700;

/** Makes the directory private if it is new, and tightens it if someone loosened it. */
export function ensureDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: DIRECTORY_MODE });
  try {
    const { mode } = lstatSync(path);
    if ((mode & 0o077) !== 0) chmodSync(path, DIRECTORY_MODE);
  } catch {}
}

/** Flags for creating a new file that must not exist yet and must not be a link. */
const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

let sequence = 0;

interface WriteOptions {
  /**
   * private (goalpost's own files): the folder is made private, and tightened if someone loosened it.
   * as-is (a file of the user's or a host's, written by install): a missing folder is created private,
   * an existing one keeps its mode — goalpost never changes the mode of a folder it does not own.
   */
  readonly folder?: "private" | "as-is";
}

/** Writes `content` to `path` atomically, through a temporary file of its own. */
export function writeFileAtomic(path: string, content: string, options: WriteOptions = {}): void {
  if (options.folder === "as-is") mkdirSync(dirname(path), { recursive: true, mode: DIRECTORY_MODE });
  else ensureDirectory(dirname(path));
  const temporary = `${path}.${process.pid}-${++sequence}-${Math.random().toString(36).slice(2, 8)}.tmp`;
  const descriptor = openSync(temporary, CREATE_EXCLUSIVE, FILE_MODE);
  try {
    try {
      writeSync(descriptor, content);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, path);
  } catch (error) {
    // A full disk, or a rename refused: the temporary file goes on every path, only the target stays.
    try {
      unlinkSync(temporary);
    } catch {}
    throw error;
  }
}
