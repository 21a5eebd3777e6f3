// install / uninstall as plans: the exact new text of every file that changes, computed before
// anything is written, so `--dry-run` shows precisely what `install` will write. Installing twice
// equals installing once; every changed file is backed up first and keeps its mode; uninstall takes
// out exactly goalpost's entries, and a file that held nothing else is deleted rather than left as `{}`.
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { writeFileAtomic } from "@goalpost/core/internal";
import type { InstallTarget, JsonObject } from "../contract/install-spec.js";
import { type ConfigFile, deepEqual, readConfigFile, rewriteConfigText } from "./config-file.js";

export interface FileChange {
  readonly path: string;
  /** The file's text before, or null when it does not exist yet. */
  readonly before: string | null;
  /** The new text, or null when the file is removed. */
  readonly after: string | null;
  readonly description: string;
  /** goalpost's own record (InstallTarget.record): never backed up, removed rather than left as `{}`. */
  readonly record?: boolean;
  /** A file the host rewrites on its own (InstallTarget.rewrittenByHost): never backed up. */
  readonly rewrittenByHost?: boolean;
}

function read(target: InstallTarget): ConfigFile {
  return readConfigFile(target.path, target.format);
}

function change(file: ConfigFile, data: JsonObject, description: string): FileChange | null {
  const after = rewriteConfigText(file, data);
  return after === null ? null : { path: file.path, before: file.text, after, description };
}

/** A change to a target's file, with what the target says of backing it up. */
const ofTarget = (target: InstallTarget, entry: FileChange | null): FileChange | null =>
  entry && target.rewrittenByHost ? { ...entry, rewrittenByHost: true } : entry;

/** The changes `install` would make; nothing is written. Throws ConfigFileError for a file it cannot read. */
export function planInstall(targets: readonly InstallTarget[]): FileChange[] {
  const files = targets.map((target) => ({ target, file: read(target) }));
  return files
    .map(({ target, file }) => {
      const data = target.install(file.data);
      if (!target.record)
        return ofTarget(
          target,
          change(
            file,
            data,
            target.describeInstall?.(file.data, data) ?? (target.detail ? `${target.label} ${target.detail}` : target.label),
          ),
        );
      // goalpost's own record with nothing left in it goes (or is never made).
      if (Object.keys(data).length === 0)
        return file.text === null
          ? null
          : { path: file.path, before: file.text, after: null, description: `${target.label} removed`, record: true };
      const entry = change(file, data, target.label);
      return entry && { ...entry, record: true };
    })
    .filter((entry): entry is FileChange => entry !== null);
}

/** The changes `uninstall` would make: only goalpost's own entries go. */
export function planUninstall(targets: readonly InstallTarget[]): FileChange[] {
  const files = targets.map((target) => ({ target, file: read(target) }));
  return files
    .filter(({ file }) => file.text !== null)
    .map(({ target, file }) => {
      const after = target.uninstall(file.data);
      if (deepEqual(after, file.data)) return null;
      // Nothing but what goalpost put there: the file goes, rather than staying behind as `{}`.
      if (Object.keys(after).length === 0)
        return ofTarget(target, { path: file.path, before: file.text, after: null, description: `${target.label} removed` });
      return ofTarget(target, change(file, after, `${target.label} removed`));
    })
    .filter((entry): entry is FileChange => entry !== null);
}

/** Whether any of a scope's files still holds an entry of goalpost's (an unreadable file counts as none). */
export function targetsPresent(targets: readonly InstallTarget[]): boolean {
  return targets.some((target) => {
    try {
      return target.present(read(target).data);
    } catch {
      return false;
    }
  });
}

/** The labels of goalpost's parts fully wired in these files (an unreadable file counts as none). */
export function wiredLabels(targets: readonly InstallTarget[]): string[] {
  return targets.flatMap((target) => {
    try {
      return target.wired(read(target).data) ? [target.label] : [];
    } catch {
      return [];
    }
  });
}

/** What a backup of a changed file is called: `<file>.goalpost-backup` (footprint.ts removes it again). */
export const BACKUP_SUFFIX = ".goalpost-backup";

/**
 * Writes the changes, each changed file backed up before goalpost first changes it: beside it as `<file>.goalpost-backup`, or —
 * for files that are committed (a project's settings) — under `backupDir`, where no commit picks them up.
 */
export function applyChanges(changes: readonly FileChange[], backupDir?: string, backUp = true): string[] {
  const backups: string[] = [];
  for (const entry of changes) {
    const mode = existsSync(entry.path) ? statSync(entry.path).mode & 0o777 : null;
    if (backUp && entry.before !== null && !entry.record && !entry.rewrittenByHost) {
      const backup = backupDir
        ? join(
            backupDir,
            `${createHash("sha256").update(entry.path).digest("hex").slice(0, 12)}-${basename(entry.path)}${BACKUP_SUFFIX}`,
          )
        : `${entry.path}${BACKUP_SUFFIX}`;
      if (backupDir) mkdirSync(backupDir, { recursive: true, mode: 0o700 });
      // The first backup is the file as it was before goalpost touched it: a later install or upgrade
      // keeps it (uninstall puts the home back from it: footprint.ts).
      if (!existsSync(backup)) copyFileSync(entry.path, backup);
      backups.push(backup);
    }
    if (entry.after === null) {
      rmSync(entry.path, { force: true });
      continue;
    }
    // The host's folders (and the user's home) keep their modes: only goalpost's own are made private.
    writeFileAtomic(entry.path, entry.after, { folder: "as-is" });
    // Keep the user's file mode (a project file is meant to be shared); new files stay private.
    if (mode !== null) chmodSync(entry.path, mode);
  }
  return backups;
}
