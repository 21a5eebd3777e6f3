// Whether install can write where it must, asked before anything is written: a home or host folder the
// user cannot write (a read-only mount, another user's folder) gets one clear line, nothing is written
// half-way, and doctor says the same instead of suggesting the install that would fail.
import { accessSync, constants, existsSync } from "node:fs";
import { dirname } from "node:path";

interface Unwritable {
  /** The folder goalpost would have to write in (the nearest one that exists). */
  readonly folder: string;
  /** Why not, in words. */
  readonly reason: string;
}

const REASONS: Record<string, string> = {
  EACCES: "permission denied for this user",
  EPERM: "permission denied for this user",
  EROFS: "it is on a read-only file system",
};

/** The first folder that the files at `paths` (written by rename from a temporary file beside them) could not be written in. */
export function unwritableFolder(paths: readonly string[]): Unwritable | null {
  for (const path of paths) {
    let folder = dirname(path);
    while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder);
    try {
      accessSync(folder, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "";
      return { folder, reason: REASONS[code] ?? (error as Error).message };
    }
  }
  return null;
}
