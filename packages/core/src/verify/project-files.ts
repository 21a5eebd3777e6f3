// The files of a project as its owner sees them: in a git work tree, what git tracks plus the untracked
// files it does not ignore; elsewhere, a walk that skips what the project's .gitignore ignores (read by
// `ignore`, the matcher eslint and prettier use) and version-control folders. git runs as
// project-git.ts runs it: nothing the project's config names is run.
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ignore from "ignore";
import { readProjectText } from "../store/project-text.js";
import { type ProjectGit, projectGit } from "./project-git.js";

/** More files than this are not listed: the fingerprint says it was cut. */
const PROJECT_FILE_LIMIT = 50_000;

export const zeroSeparated = (output: Buffer | null) =>
  output
    ? output
        .toString("utf8")
        .split("\0")
        .filter((path) => path !== "")
    : [];

/** Untracked files git does not ignore, relative to the folder `git` runs in. */
export function untrackedFiles(git: ProjectGit): string[] {
  return zeroSeparated(git.run(["ls-files", "-z", "--others", "--exclude-standard", "--", "."]));
}

function walk(cwd: string): string[] {
  const rules = ignore().add([".git", ".hg", ".svn", "node_modules"]);
  rules.add(readProjectText(join(cwd, ".gitignore")) ?? "");
  const files: string[] = [];
  const visit = (dir: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (files.length >= PROJECT_FILE_LIMIT) return;
      const path = relative(cwd, join(dir, entry.name)).split(sep).join("/");
      const isDir = entry.isDirectory();
      if (rules.ignores(isDir ? `${path}/` : path)) continue;
      if (isDir) visit(join(dir, entry.name));
      else if (entry.isFile() || entry.isSymbolicLink()) files.push(path);
    }
  };
  visit(cwd);
  return files.sort();
}

/** Every file of the project under `cwd`, relative and with forward slashes, sorted. */
export function projectFiles(cwd: string): string[] {
  const git = projectGit(cwd);
  const tracked = git?.run(["ls-files", "-z", "--cached", "--", "."]);
  if (!git || !tracked) return walk(cwd);
  return [...new Set([...zeroSeparated(tracked), ...untrackedFiles(git)])].sort().slice(0, PROJECT_FILE_LIMIT);
}
