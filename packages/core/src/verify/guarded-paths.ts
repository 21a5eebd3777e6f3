// The project's escape hatches (sandbox-walls.ts) around one run: those that exist are bound read-only by
// the sandbox; one that does not is watched, because a sandbox cannot bind what is not there without
// leaving a file behind in the user's project. A check that makes one (an `.envrc`, a `.vscode/` with
// tasks, a `.git` of its own) has its run voided, and what it made is removed before anything could run
// it: it did not exist when the run began, so it is the run's.
import { lstatSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { PROJECT_ESCAPE_HATCHES } from "./sandbox-walls.js";

export interface GuardedPaths {
  /** Those that exist: the sandbox makes them read-only. */
  readonly existing: readonly string[];
  /** After the run: each one the run made, removed, relative to the project. */
  madeByTheRun(): string[];
}

const exists = (path: string) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

export function guardPaths(project: string): GuardedPaths {
  const all = PROJECT_ESCAPE_HATCHES.map((name) => join(project, name));
  const existing = all.filter(exists);
  const absent = all.filter((path) => !existing.includes(path));
  return {
    existing,
    madeByTheRun() {
      const made = absent.filter(exists);
      for (const path of made) rmSync(path, { recursive: true, force: true });
      return made.map((path) => relative(project, path));
    },
  };
}
