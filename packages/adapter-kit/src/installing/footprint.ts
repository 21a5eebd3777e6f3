// What install left in the user's home, so that uninstall can leave it as it was: the folders install
// created (recorded in `<state root>/footprint.json`, removed again when empty), the backups beside the
// host's files (removed where the file is back to what it was; named where it is not), and goalpost's
// own state (everything but the goal records, which are named and kept unless --purge, and the user's
// own settings, which are theirs: named and kept, --purge or not).
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { Env } from "@goalpost/core";
import { CONFIG_FILE, unregisterStoreRoot, writeFileAtomic } from "@goalpost/core/internal";
import { type ParseError, parse } from "jsonc-parser";
import { onlyGoalpost } from "../contract/descriptor.js";
import { BACKUP_SUFFIX, type FileChange } from "./config-changes.js";

const FOOTPRINT_FILE = "footprint.json";

/** What a user's goals are: kept by uninstall (the history they may want), gone only with --purge. */
const GOAL_RECORDS = new Set(["by-session", "by-cwd-session", "ledger", "archive", "audit.log", "compact", "reports"]);
/** What the user wrote in the state root (their notifier, budgets, drift limits): never goalpost's to remove. */
const USER_FILES = new Set([CONFIG_FILE]);

/**
 * goalpost's folders above each file a change writes: the missing ones it would create, and those that
 * hold only goalpost's files already (another adapter's install made them: `~/.copilot/hooks` holds
 * Copilot CLI's and VS Code's hook files), outermost first.
 */
export function foldersToCreate(changes: readonly FileChange[], stateRoot: string): string[] {
  const ours = new Set<string>();
  const starts = [...changes.filter((entry) => entry.after !== null).map((entry) => dirname(entry.path)), stateRoot];
  for (const start of starts) {
    for (let folder = start; dirname(folder) !== folder; folder = dirname(folder)) {
      if (existsSync(folder) && !onlyGoalpost(folder)) break;
      ours.add(folder);
    }
  }
  return [...ours].sort((a, b) => a.length - b.length);
}

function readFootprint(stateRoot: string): string[] {
  try {
    const { createdFolders } = JSON.parse(readFileSync(join(stateRoot, FOOTPRINT_FILE), "utf8")) as { createdFolders?: unknown };
    return Array.isArray(createdFolders) ? createdFolders.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}

/** Adds the folders install created to the footprint (a second install adds only what it created). */
export function recordCreatedFolders(stateRoot: string, folders: readonly string[]): void {
  if (folders.length === 0) return;
  const all = [...new Set([...readFootprint(stateRoot), ...folders])];
  writeFileAtomic(join(stateRoot, FOOTPRINT_FILE), `${JSON.stringify({ createdFolders: all }, null, 2)}\n`);
}

interface Tidied {
  /** Install-time backups kept, because the file is not what it was before install (the user changed it since). */
  readonly keptBackups: readonly string[];
  /** The goal records kept in the state root (none with --purge). */
  readonly keptRecords: readonly string[];
  /** The user's own files in the state root, kept always (their `config.json`). */
  readonly keptYours: readonly string[];
}

/**
 * After the last scope's uninstall: backups, goalpost's state and the folders install created go,
 * so the home is as it was but for the goal records, the user's own settings (and a backup whose file
 * the user changed since).
 */
export function tidyAfterUninstall(
  changes: readonly FileChange[],
  stateRoot: string,
  env: Env,
  options: { readonly purge: boolean },
): Tidied {
  const keptBackups: string[] = [];
  for (const entry of changes) {
    const backup = `${entry.path}${BACKUP_SUFFIX}`;
    if (!existsSync(backup)) continue;
    const now = existsSync(entry.path) ? readFileSync(entry.path) : null;
    const then = readFileSync(backup);
    // Back to what it was — gone (goalpost made it, or it held only goalpost's entries), the same
    // bytes, or (JSON, JSONC) the same data in install's layout, when the original's own bytes go back
    // in place, its mode kept. A file that was there holding nothing (`{}`), which uninstall removed
    // as empty, comes back as it was.
    if (now === null) {
      if (sameData(then.toString("utf8"), "{}") || then.length === 0) writeFileSync(entry.path, then);
      rmSync(backup, { force: true });
    } else if (now.equals(then)) rmSync(backup, { force: true });
    else if (sameData(now.toString("utf8"), then.toString("utf8"))) {
      writeFileSync(entry.path, then);
      rmSync(backup, { force: true });
    } else keptBackups.push(backup);
  }
  const created = readFootprint(stateRoot);
  const keptRecords: string[] = [];
  const keptYours: string[] = [];
  for (const name of existsSync(stateRoot) ? readdirSync(stateRoot) : []) {
    if (USER_FILES.has(name)) keptYours.push(join(stateRoot, name));
    else if (!options.purge && GOAL_RECORDS.has(name)) keptRecords.push(join(stateRoot, name));
    else rmSync(join(stateRoot, name), { recursive: true, force: true });
  }
  // No goal left to continue from another host: the root leaves the registry; it goes when nothing is kept.
  if (keptRecords.length === 0) unregisterStoreRoot(stateRoot, env);
  if (keptRecords.length === 0 && keptYours.length === 0) rmSync(stateRoot, { recursive: true, force: true });
  // Deepest first: a folder install created goes when nothing is left in it.
  for (const folder of [...created].sort((a, b) => b.length - a.length)) {
    try {
      if (existsSync(folder) && readdirSync(folder).length === 0) rmdirSync(folder);
    } catch {}
  }
  return { keptBackups, keptRecords, keptYours };
}

/** Whether two JSON (or JSONC) texts hold the same data, comments and layout aside; false for anything else. */
function sameData(a: string, b: string): boolean {
  const errors: ParseError[] = [];
  const left: unknown = parse(a, errors, { allowTrailingComma: true });
  const right: unknown = parse(b, errors, { allowTrailingComma: true });
  if (errors.length > 0 || left === undefined || right === undefined) return false;
  // Comments are data to the user: a JSONC file with any is compared byte for byte only.
  if (/\/\/|\/\*/.test(b.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return false;
  return isDeepStrictEqual(left, right);
}
