// What the work changed: the files of the project changed since the user set the goal, with the lines
// added and removed in each — named when the goal closes as complete, so that a change that special-cases
// the test run (or anything else the user did not ask for) is in front of the user. Taken from git
// (project-git.ts, nothing of the project's run): at the goal's start its HEAD and the files already
// changed then (by content), at the close what differs from that HEAD now, less the files still as they
// were at the start.
import { existsSync, readFileSync } from "node:fs";
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
  const built = builtFiles(cwd, git);
  return { head: head || null, dirty, ...(Object.keys(built).length > 0 ? { built } : {}) };
}

/** Top folders that hold a build's output, which tests often load in place of the sources. */
const BUILD_FOLDERS = ["dist", "build", "out", "lib"];
/** Build output files kept by content at most (hashing them is on the goal's capture). */
const BUILT_KEPT = 300;

/**
 * The files git ignores in the project's build output folders, by content hash: git shows no edit of
 * them, yet a test that imports `dist/` runs what is there — an edit by hand passes the tests without a
 * change to the sources. Kept so that a close names them when they changed (they are rebuilt by a
 * `pretest` as often: then they are named beside the sources that changed).
 */
function builtFiles(cwd: string, git: NonNullable<ReturnType<typeof projectGit>>): Record<string, string> {
  const folders = BUILD_FOLDERS.filter((folder) => existsSync(join(cwd, folder)));
  if (folders.length === 0) return {};
  const listed = git.run(["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--", ...folders]);
  const paths = listed ? zeroSeparated(listed).filter((path) => !path.includes("node_modules/")) : [];
  return Object.fromEntries(paths.slice(0, BUILT_KEPT).map((path) => [path, fileHash(join(cwd, path))]));
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
  // Build output git ignores, changed since the start: by a build, or by hand (builtFiles).
  for (const [path, digest] of Object.entries(start.built ?? {}))
    if (!changes.has(path) && fileHash(join(cwd, path)) !== digest) changes.set(path, { path, added: null, removed: null });
  for (const path of outputs) changes.delete(path);
  const files = [...changes.values()].sort((a, b) => a.path.localeCompare(b.path));
  return { files: files.slice(0, NAMED), more: Math.max(0, files.length - NAMED) };
}
