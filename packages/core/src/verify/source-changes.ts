// What the work changed: the files of the project changed since the user set the goal, with the lines
// added and removed in each — named when the goal closes as complete, so that a change that special-cases
// the test run (or anything else the user did not ask for) is in front of the user. Taken from git
// (project-git.ts, nothing of the project's run): at the goal's start its HEAD and the files already
// changed then (by content), at the close what differs from that HEAD now, less the files still as they
// were at the start.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SourceChange, StartTree } from "../record/goal-checks.js";
import { zeroSeparated } from "./project-files.js";
import { projectGit } from "./project-git.js";
import { fileHash, treeState } from "./tree-fingerprint.js";

/** Files already changed at the start kept by content, at most this many. */
const DIRTY_KEPT = 500;
/** Files named at a close, at most. */
const NAMED = 30;

/** The project as the goal starts: its HEAD and its files changed then. Null outside git. */
export function startTree(cwd: string): StartTree | null {
  const git = projectGit(cwd);
  const head = git?.run(["rev-parse", "--verify", "-q", "HEAD"])?.toString().trim();
  if (!git || head === undefined) return null;
  const dirty = Object.fromEntries([...treeState(cwd).files].slice(0, DIRTY_KEPT));
  return { head: head || null, dirty };
}

function lineCount(path: string): number | null {
  try {
    const text = readFileSync(path);
    if (text.includes(0)) return null;
    return text.toString("utf8").split("\n").length - (text.at(-1) === 10 ? 1 : 0);
  } catch {
    return null;
  }
}

/**
 * The files changed since `start`, with their lines added and removed (null for a binary file); the
 * checks' own outputs (`outputs`: files a run wrote, run-outputs.ts) are not the work's.
 */
export function changesSince(
  cwd: string,
  start: StartTree,
  outputs: ReadonlySet<string> = new Set(),
): { readonly files: SourceChange[]; readonly more: number } | null {
  const git = projectGit(cwd);
  if (!git) return null;
  const changes = new Map<string, SourceChange>();
  const against = start.head ? [start.head] : ["--cached"];
  const numstat = git.run(["diff", "--numstat", "-z", "--no-ext-diff", "--no-textconv", "--relative", ...against, "--", "."]);
  if (!numstat) return null;
  // -z numstat: "added\tremoved\tpath\0" ("-" for a binary file).
  for (const entry of zeroSeparated(numstat)) {
    const [added, removed, path] = entry.split("\t");
    if (!path) continue;
    changes.set(path, { path, added: added === "-" ? null : Number(added), removed: removed === "-" ? null : Number(removed) });
  }
  for (const path of zeroSeparated(git.run(["ls-files", "-z", "--others", "--exclude-standard", "--", "."])))
    changes.set(path, { path, added: lineCount(join(cwd, path)), removed: 0 });
  // A file already changed at the start and still as it was then is not the work's.
  for (const [path, digest] of Object.entries(start.dirty)) {
    if (changes.has(path) && fileHash(join(cwd, path)) === digest) changes.delete(path);
    else if (!changes.has(path) && fileHash(join(cwd, path)) !== digest) changes.set(path, { path, added: null, removed: null });
  }
  for (const path of outputs) changes.delete(path);
  const files = [...changes.values()].sort((a, b) => a.path.localeCompare(b.path));
  return { files: files.slice(0, NAMED), more: Math.max(0, files.length - NAMED) };
}
