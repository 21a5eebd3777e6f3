// git as goalpost runs it on a project: outside any sandbox, as the user, so it must run nothing the
// project — or a check that ran in it — could have written. A repository's config can name programs git
// runs on a plain `git diff` (a filter's clean or process command, core.fsmonitor, hooks on an index
// write); a check could have written that config, and the agent can write .gitattributes. So:
//   - the git binary comes from a root-owned system folder, never the PATH (trusted-program.ts);
//   - every such program is switched off on the command line, which wins over every config file: each
//     filter driver any config defines, fsmonitor, hooks, the untracked cache, external diff and textconv;
//   - the repository and its work tree are found here, from the folders (a `.git` folder, or a `.git` file
//     naming one), and given to git, so that core.worktree cannot point the fingerprint at another tree;
//   - no GIT_* variable of the caller's reaches git, and no pager, prompt or optional lock is used.
// project-git.test.ts plants each of these in a repository and checks that nothing ran.
import { statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { Env } from "../base/env.js";
import { loadBuiltin } from "../base/lazy-builtin.js";
import { readProjectText } from "../store/project-text.js";
import { trustedProgram } from "./trusted-program.js";

/** Loaded when git first runs: a hook that runs no git does not pay for it. */
const childProcess = () => loadBuiltin<typeof import("node:child_process")>("node:child_process");

export interface GitRepository {
  /** The folder holding the repository's objects and config. */
  readonly gitDir: string;
  /** The work tree's top folder. */
  readonly workTree: string;
}

/** The repository `cwd` is in, from the folders alone; null outside one (or past a file system root). */
export function findRepository(cwd: string): GitRepository | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, ".git");
    try {
      const stat = statSync(dotGit);
      if (stat.isDirectory()) return { gitDir: dotGit, workTree: dir };
      if (stat.isFile()) {
        // A worktree's or submodule's `.git` file: "gitdir: <path>", relative to its own folder.
        const named = /^gitdir:\s*(.+?)\s*$/m.exec(readProjectText(dotGit, 4096) ?? "")?.[1];
        if (named) return { gitDir: isAbsolute(named) ? named : resolve(dir, named), workTree: dir };
      }
    } catch {}
    if (dir === dirname(dir)) return null;
  }
}

let gitPath: string | null | undefined;
/** The system's git, or null where none is installed where only root can change it. */
export function systemGit(): string | null {
  if (gitPath === undefined) {
    const found = trustedProgram("git");
    gitPath = "path" in found ? found.path : null;
  }
  return gitPath;
}

/** The environment git runs with: the caller's, without any GIT_ variable, and nothing interactive. */
function gitEnv(env: Env = process.env): Record<string, string | undefined> {
  return {
    ...Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("GIT_"))),
    GIT_OPTIONAL_LOCKS: "0",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    GIT_CONFIG_NOSYSTEM: "1",
  };
}

/** Settings that switch off every program a read-only look at the tree could otherwise run. */
const SWITCHED_OFF = [
  "core.fsmonitor=false",
  "core.untrackedCache=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "diff.external=",
  "diff.noprefix=false",
  "submodule.recurse=false",
];

interface GitCall {
  readonly input?: Buffer;
  /** More variables for git: a temporary index (GIT_INDEX_FILE), say. */
  readonly env?: Env;
}

const runGit = (repository: GitRepository, cwd: string, args: readonly string[], call: GitCall = {}): Buffer =>
  childProcess().execFileSync(systemGit() ?? "git-not-trusted", args, {
    cwd,
    env: { ...gitEnv(), GIT_DIR: repository.gitDir, GIT_WORK_TREE: repository.workTree, ...call.env },
    stdio: [call.input ? "pipe" : "ignore", "pipe", "ignore"],
    ...(call.input ? { input: call.input } : {}),
    maxBuffer: 256 * 1024 * 1024,
    timeout: 30_000,
  });

/** Every filter driver any config git reads defines, each switched off. */
function filtersOff(repository: GitRepository, cwd: string): string[] {
  let names: string[] = [];
  try {
    names = runGit(repository, cwd, ["config", "-z", "--name-only", "--get-regexp", "^filter\\."])
      .toString("utf8")
      .split("\0")
      .map((key) => /^filter\.(.+)\.[^.]+$/s.exec(key)?.[1])
      .filter((name): name is string => name !== undefined);
  } catch {
    // No filter defined: git config exits 1.
  }
  return [...new Set(names)].flatMap((name) => [
    `filter.${name}.clean=`,
    `filter.${name}.smudge=`,
    `filter.${name}.process=`,
    `filter.${name}.required=false`,
  ]);
}

/** git on one repository, its switched-off settings read once for every command run through it. */
export interface ProjectGit {
  readonly repository: GitRepository;
  /** Runs git in the project folder; its stdout as a Buffer, or null when git fails. */
  run(args: readonly string[], call?: GitCall): Buffer | null;
}

/** git for the repository `cwd` is in; null outside one, or where the system has no git only root can change. */
export function projectGit(cwd: string): ProjectGit | null {
  const repository = findRepository(cwd);
  if (!repository || !systemGit()) return null;
  let settings: string[] | undefined;
  return {
    repository,
    run(args, call = {}) {
      try {
        settings ??= [...SWITCHED_OFF, ...filtersOff(repository, cwd)].flatMap((setting) => ["-c", setting]);
        return runGit(repository, cwd, [...settings, ...args], call);
      } catch {
        return null;
      }
    },
  };
}

/** One git command in `cwd` (see projectGit). */
export function git(cwd: string, args: readonly string[], call: GitCall = {}): Buffer | null {
  return projectGit(cwd)?.run(args, call) ?? null;
}
