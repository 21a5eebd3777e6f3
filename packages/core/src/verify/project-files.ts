// The files of a project as its owner sees them: in a git work tree, what git tracks plus the untracked
// files it does not ignore; elsewhere, a walk that skips what the project's .gitignore ignores (read by
// `ignore`, the matcher eslint and prettier use) and version-control folders. git runs with an
// environment of its own: GIT_DIR or GIT_WORK_TREE set by the agent must not point it elsewhere.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ignore from "ignore";
import type { Env } from "../env.js";
import { loadBuiltin } from "../lazy-builtin.js";

/** Loaded when git first runs: a hook that runs no git does not pay for it. */
const childProcess = () => loadBuiltin<typeof import("node:child_process")>("node:child_process");

/** More files than this are not listed: the fingerprint says it was cut. */
export const PROJECT_FILE_LIMIT = 50_000;

/** The environment git runs with: the caller's, without any GIT_ variable. */
export function gitEnv(env: Env = process.env): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("GIT_")));
}

/** Runs git in `cwd`; its stdout as a Buffer, or null when git fails or is missing. */
export function git(cwd: string, args: readonly string[]): Buffer | null {
  try {
    return childProcess().execFileSync("git", args, {
      cwd,
      env: { ...gitEnv(), GIT_OPTIONAL_LOCKS: "0" },
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 256 * 1024 * 1024,
      timeout: 30_000,
    });
  } catch {
    return null;
  }
}

export function isGitWorkTree(cwd: string): boolean {
  return git(cwd, ["rev-parse", "--is-inside-work-tree"])?.toString().trim() === "true";
}

const zeroSeparated = (output: Buffer | null) =>
  output
    ? output
        .toString("utf8")
        .split("\0")
        .filter((path) => path !== "")
    : [];

/** Untracked files git does not ignore, relative to `cwd`. */
export function untrackedFiles(cwd: string): string[] {
  return zeroSeparated(git(cwd, ["ls-files", "-z", "--others", "--exclude-standard", "--", "."]));
}

function walk(cwd: string): string[] {
  const rules = ignore().add([".git", ".hg", ".svn", "node_modules"]);
  try {
    rules.add(readFileSync(join(cwd, ".gitignore"), "utf8"));
  } catch {}
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
  if (!isGitWorkTree(cwd)) return walk(cwd);
  const tracked = zeroSeparated(git(cwd, ["ls-files", "-z", "--cached", "--", "."]));
  return [...new Set([...tracked, ...untrackedFiles(cwd)])].sort().slice(0, PROJECT_FILE_LIMIT);
}
