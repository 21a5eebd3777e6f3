// Which work tree a verdict is about. In git: HEAD, the diff of index and work tree against it (binary,
// no external diff drivers), and the content of every untracked file git does not ignore. Elsewhere:
// every project file's path and content. A verdict counts only for the tree it ran on, so `git stash`,
// a script or `tar -x` after a pass gives another fingerprint, and the pass no longer counts.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { lazyCrypto } from "../record/lazy-crypto.js";
import { projectFiles, untrackedFiles, zeroSeparated } from "./project-files.js";
import { projectGit } from "./project-git.js";

/** Files larger than this are fingerprinted by size and modification time, not read. */
const READ_LIMIT = 32 * 1024 * 1024;

/** A file's content hash ("missing" for one that went away between listing and reading). */
export function fileHash(path: string): string {
  try {
    const stat = statSync(path);
    if (stat.size > READ_LIMIT) return `large:${stat.size}:${stat.mtimeMs}`;
    return lazyCrypto().createHash("sha256").update(readFileSync(path)).digest("hex");
  } catch {
    return "missing";
  }
}

export interface TreeState {
  readonly fingerprint: string;
  /** The files whose content the fingerprint holds one by one (in git: the changed and untracked ones). */
  readonly files: ReadonlyMap<string, string>;
  /** Of those, the ones git does not track (outside git: every one). */
  readonly untracked: ReadonlySet<string>;
}

export function treeState(cwd: string): TreeState {
  const hash = lazyCrypto().createHash("sha256");
  const files = new Map<string, string>();
  const untracked = new Set<string>();
  const git = projectGit(cwd);
  if (git?.run(["rev-parse", "--is-inside-work-tree"])?.toString().trim() === "true") {
    const head = git.run(["rev-parse", "--verify", "-q", "HEAD"])?.toString().trim() || "no-commit";
    hash.update(`git\0${head}\0`);
    const diffArgs = ["diff", "--binary", "--no-ext-diff", "--no-textconv", "--no-color", "--ignore-submodules=dirty"];
    // Against HEAD: staged and unstaged changes together. Before the first commit, both halves.
    const against = head === "no-commit" ? [["--cached"], []] : [["HEAD"]];
    for (const args of against) {
      hash.update(git.run([...diffArgs, ...args]) ?? "diff-failed");
      for (const path of zeroSeparated(git.run(["diff", "--name-only", "-z", "--relative", "--no-ext-diff", ...args])))
        files.set(path, fileHash(join(cwd, path)));
    }
    for (const path of untrackedFiles(git)) {
      const digest = fileHash(join(cwd, path));
      files.set(path, digest);
      untracked.add(path);
      hash.update(`\0${path}\0${digest}`);
    }
  } else {
    hash.update("files\0");
    for (const path of projectFiles(cwd)) {
      const digest = fileHash(join(cwd, path));
      files.set(path, digest);
      untracked.add(path);
      hash.update(`\0${path}\0${digest}`);
    }
  }
  return { fingerprint: hash.digest("hex"), files, untracked };
}

export function treeFingerprint(cwd: string): string {
  return treeState(cwd).fingerprint;
}

/** The paths that differ between two states of a tree (added, removed or changed), sorted. */
export function changedPaths(before: TreeState, after: TreeState): string[] {
  const paths = new Set([...before.files.keys(), ...after.files.keys()]);
  return [...paths].filter((path) => before.files.get(path) !== after.files.get(path)).sort();
}
