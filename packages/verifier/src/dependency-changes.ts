// The project's installed dependencies are code its checks run (node_modules/.bin/vitest, a virtual
// environment's pytest) and code the user runs later outside any sandbox, but git ignores them, so the
// tree's fingerprint does not see them. They are watched by change time instead: a file in them changed
// since the user set the goal — by the agent, or by a check — makes a pass wait for the user, with the
// files named. A change time cannot be set back by the user's own programs (unlike a modification time).
// Runners' own caches there (node_modules/.cache, .vite, __pycache__) change on every run and are not
// watched: a forged cache entry is not seen (core's threat model says so) — though Python's bytecode is
// never read from the project in goalpost's run (run-check.ts). A virtual environment is watched whatever
// its name (`env/`, `.py311/`): it is the folder that holds a `pyvenv.cfg`.
import { type Dirent, existsSync, lstatSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** Folders that hold a project's installed dependencies. */
const DEPENDENCY_FOLDERS = new Set(["node_modules", ".venv", "venv", ".tox", "__pypackages__"]);
/** Folders inside them that runners write on every run. */
const CACHE_FOLDERS = new Set([".cache", ".vite", ".vitest", "__pycache__", ".pnpm-store"]);
/** Where dependency folders are looked for: the project and folders this deep (a workspace's packages). */
const SEARCH_DEPTH = 3;
/** Files looked at, at most, and changes named. */
const FILE_BUDGET = 400_000;
const NAMED = 8;

interface DependencyChanges {
  /** Changed files, relative to the project (at most a few). */
  readonly changed: readonly string[];
  /** Whether there were more than those named. */
  readonly more: boolean;
  /** The look stopped before it saw every file (a very large tree): what it saw is all it says. */
  readonly partial: boolean;
}

const entries = (dir: string): Dirent[] => {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
};

/** Every dependency folder of the project, not inside another one. */
function dependencyFolders(project: string): string[] {
  const found: string[] = [];
  const visit = (dir: string, depth: number) => {
    for (const entry of entries(dir)) {
      if (!entry.isDirectory() || entry.name === ".git") continue;
      const path = join(dir, entry.name);
      if (DEPENDENCY_FOLDERS.has(entry.name) || existsSync(join(path, "pyvenv.cfg"))) found.push(path);
      else if (depth < SEARCH_DEPTH && !entry.name.startsWith(".")) visit(path, depth + 1);
    }
  };
  visit(project, 1);
  return found;
}

/**
 * Files (and symbolic links) in the project's dependency folders whose change time is after `since` (ms
 * since the epoch). A file removed is not seen here: what the checks run then fails, or is a shim of its own.
 */
export function dependencyChanges(project: string, since: number): DependencyChanges {
  const changed: string[] = [];
  let seen = 0;
  let count = 0;
  let partial = false;
  const walk = (dir: string) => {
    for (const entry of entries(dir)) {
      if (seen >= FILE_BUDGET) {
        partial = true;
        return;
      }
      seen++;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        // A folder's own change time moves whenever anything is added to it (a runner's cache in a
        // package's folder): its files say what changed. A symbolic link (pnpm's node_modules/<name>)
        // is a file here, never followed.
        if (!CACHE_FOLDERS.has(entry.name)) walk(path);
        continue;
      }
      let changedAt = 0;
      try {
        changedAt = lstatSync(path).ctimeMs;
      } catch {
        continue;
      }
      if (changedAt > since) {
        count++;
        if (changed.length < NAMED) changed.push(relative(project, path));
      }
    }
  };
  for (const folder of dependencyFolders(project)) walk(folder);
  return { changed, more: count > changed.length, partial };
}

/** In words, or null when nothing changed. */
export function dependencyChangesText(changes: DependencyChanges): string | null {
  if (changes.changed.length === 0) return null;
  return `installed dependencies changed: ${changes.changed.join(", ")}${changes.more ? " and more" : ""}`;
}
