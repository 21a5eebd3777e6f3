// The project's escape hatches (sandbox-walls.ts) around one run, at any depth: a nested repository's
// `.git`, a workspace package's `.npmrc` or `.envrc` run code as surely as the top folder's. Those that
// exist are bound read-only by the sandbox; one that does not is watched, because a sandbox cannot bind
// what is not there without leaving a file behind in the user's project. A check that makes one (an
// `.envrc`, a `.vscode/` with tasks, a `.git` of its own, anywhere in the tree) has its run voided, and
// what it made is removed before anything could run it: it did not exist when the run began, so it is
// the run's.
import { type Dirent, lstatSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { PROJECT_ESCAPE_HATCHES } from "@goalpost/core/internal";

export interface GuardedPaths {
  /** Those that exist, at any depth: the sandbox makes them read-only. */
  readonly existing: readonly string[];
  /** After the run: each one the run made, removed, relative to the project. */
  madeByTheRun(): string[];
}

/** Folders not looked into: installed packages, caches and environments (large, and no tool runs a hatch there). */
const NOT_WALKED = new Set([
  "node_modules",
  "__pycache__",
  ".venv",
  "venv",
  ".tox",
  ".nox",
  ".mypy_cache",
  ".pytest_cache",
  ".cache",
  ".next",
  ".turbo",
  "target",
]);
/** Bounds on the walk, which runs before and after every run: a tree larger than this is guarded at its top only below the bound. */
const MAX_FOLDERS = 5_000;
const MAX_DEPTH = 12;

/** The hatches by their first name: `.yarn` → [`.yarn/releases`, `.yarn/plugins`], `.envrc` → [`.envrc`]. */
const BY_FIRST_NAME = new Map<string, string[]>();
for (const hatch of PROJECT_ESCAPE_HATCHES) {
  const first = hatch.split("/")[0]!;
  BY_FIRST_NAME.set(first, [...(BY_FIRST_NAME.get(first) ?? []), hatch]);
}

const exists = (path: string) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

const entries = (folder: string): Dirent[] => {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
};

/** Every escape hatch that exists below the project's top folder (the top's own are listed by name). */
function nestedHatches(project: string): Set<string> {
  const found = new Set<string>();
  let folders = 0;
  const walk = (folder: string, depth: number) => {
    for (const entry of entries(folder)) {
      const hatches = BY_FIRST_NAME.get(entry.name);
      if (hatches) {
        if (folder !== project) for (const hatch of hatches) if (exists(join(folder, hatch))) found.add(join(folder, hatch));
        continue;
      }
      if (!entry.isDirectory() || NOT_WALKED.has(entry.name) || depth >= MAX_DEPTH || ++folders > MAX_FOLDERS) continue;
      walk(join(folder, entry.name), depth + 1);
    }
  };
  walk(project, 0);
  return found;
}

export function guardPaths(project: string): GuardedPaths {
  const top = PROJECT_ESCAPE_HATCHES.map((name) => join(project, name));
  const nested = nestedHatches(project);
  const existing = [...top.filter(exists), ...nested];
  const absent = top.filter((path) => !existing.includes(path));
  return {
    existing,
    madeByTheRun() {
      const made = [...absent.filter(exists), ...[...nestedHatches(project)].filter((path) => !nested.has(path))];
      for (const path of made) rmSync(path, { recursive: true, force: true });
      return made.map((path) => relative(project, path));
    },
  };
}
