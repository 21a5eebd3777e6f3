// Which work tree a verdict is about. In git: HEAD, the diff of index and work tree against it (binary,
// no external diff drivers), and the content of every untracked file git does not ignore. Elsewhere:
// every project file's path and content. A verdict counts only for the tree it ran on, so `git stash`,
// a script or `tar -x` after a pass gives another fingerprint, and the pass no longer counts.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { lazyCrypto } from "../record/lazy-crypto.js";
import { git, isGitWorkTree, projectFiles, untrackedFiles } from "./project-files.js";

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

export function treeFingerprint(cwd: string): string {
  const hash = lazyCrypto().createHash("sha256");
  if (isGitWorkTree(cwd)) {
    const head = git(cwd, ["rev-parse", "--verify", "-q", "HEAD"])?.toString().trim() || "no-commit";
    hash.update(`git\0${head}\0`);
    const diffArgs = ["diff", "--binary", "--no-ext-diff", "--no-textconv", "--no-color"];
    // Against HEAD: staged and unstaged changes together. Before the first commit, both halves.
    if (head === "no-commit") {
      hash.update(git(cwd, [...diffArgs, "--cached"]) ?? "diff-failed");
      hash.update(git(cwd, diffArgs) ?? "diff-failed");
    } else hash.update(git(cwd, [...diffArgs, "HEAD"]) ?? "diff-failed");
    for (const path of untrackedFiles(cwd)) hash.update(`\0${path}\0${fileHash(join(cwd, path))}`);
  } else {
    hash.update("files\0");
    for (const path of projectFiles(cwd)) hash.update(`\0${path}\0${fileHash(join(cwd, path))}`);
  }
  return hash.digest("hex");
}
