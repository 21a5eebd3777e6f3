// What a check may see and touch, computed from the project, the user's home and the toolchain — the
// same on every platform, whatever builds the walls. A check sees the system's folders and the project;
// of the user's home only the toolchain and package caches its commands need (read-only, decided when
// the user set the checks and named to them then), never a credential; it writes only in the project
// (but for the project's own escape hatches) and in folders of its own that are thrown away.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { isInside } from "../evidence/classify-tool-call.js";
import { findRepository } from "./project-git.js";

/**
 * Paths in a project that make other programs run code later, outside any sandbox: git's config and
 * hooks, hook managers, editors' tasks and settings, direnv and version managers, the hosts' project
 * settings (hooks), package managers' configuration and the code they load. A check reads them; it never
 * writes one. One the project does not have is watched instead: a check that makes it voids its run, and
 * what it made is removed (see guarded-paths.ts).
 */
export const PROJECT_ESCAPE_HATCHES = [
  ".git",
  ".gitmodules",
  ".hg",
  ".svn",
  ".husky",
  ".githooks",
  ".pre-commit-config.yaml",
  "lefthook.yml",
  ".lefthook.yml",
  "lefthook-local.yml",
  ".vscode",
  ".idea",
  ".fleet",
  ".zed",
  ".devcontainer",
  ".envrc",
  ".direnv",
  ".tool-versions",
  "mise.toml",
  ".mise.toml",
  ".mise",
  ".claude",
  ".codex",
  ".github",
  ".gemini",
  ".cursor",
  ".mcp.json",
  ".npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  ".yarn/releases",
  ".yarn/plugins",
  ".pnpmfile.cjs",
  // Not code, but the user's own words: the project's goal file (engine/goal-file.ts) is never a check's to write.
  ".goalpost",
] as const;

/**
 * Credentials under a readable toolchain folder (relative to home): hidden even there. Everything else
 * of the home is hidden anyway.
 */
export const CREDENTIALS_IN_TOOLCHAINS = [
  ".cargo/credentials",
  ".cargo/credentials.toml",
  ".gradle/gradle.properties",
  ".m2/settings.xml",
  ".m2/settings-security.xml",
  ".gem/credentials",
  ".local/share/keyrings",
  ".config/gh",
  ".config/git/credentials",
] as const;

/**
 * Folders under home a check's commands may need, read-only, by the program that needs them: where a
 * toolchain keeps itself, its modules and its caches. Each is given only when it exists.
 */
const COMPANIONS: Readonly<Record<string, readonly string[]>> = {
  node: [".nvm", ".volta", ".fnm", ".local/share/fnm", ".asdf", ".local/share/mise", ".npm", ".cache/node/corepack"],
  npm: [".npm", ".cache/node/corepack"],
  npx: [".npm", ".cache/node/corepack"],
  pnpm: [".local/share/pnpm", ".cache/node/corepack", ".npm"],
  yarn: [".cache/yarn", ".yarn/berry", ".cache/node/corepack", ".npm"],
  corepack: [".cache/node/corepack"],
  bun: [".bun"],
  deno: [".deno", ".cache/deno"],
  cargo: [".cargo", ".rustup"],
  rustc: [".cargo", ".rustup"],
  go: ["go/pkg/mod", "sdk", ".go"],
  python: [".pyenv", ".local/lib", ".local/share/virtualenvs", ".cache/pypoetry/virtualenvs"],
  python3: [".pyenv", ".local/lib", ".local/share/virtualenvs", ".cache/pypoetry/virtualenvs"],
  pytest: [".pyenv", ".local/lib", ".local/share/virtualenvs", ".cache/pypoetry/virtualenvs"],
  poetry: [".local/share/pypoetry", ".cache/pypoetry/virtualenvs", ".pyenv"],
  uv: [".local/share/uv", ".cache/uv", ".pyenv"],
  tox: [".pyenv", ".local/lib"],
  bundle: [".gem", ".rbenv", ".rvm", ".bundle", ".local/share/gem"],
  rspec: [".gem", ".rbenv", ".rvm", ".bundle", ".local/share/gem"],
  rake: [".gem", ".rbenv", ".rvm", ".bundle", ".local/share/gem"],
  mvn: [".m2/repository"],
  gradle: [".gradle/caches", ".gradle/wrapper"],
  "./gradlew": [".gradle/caches", ".gradle/wrapper"],
};

/**
 * What a toolchain folder found on the PATH needs beside it: `~/.cargo/bin` holds rustup's proxies, which
 * find the toolchain they run in `~/.rustup` (a check that runs cargo from a script, not by name, too).
 */
const FOLDER_COMPANIONS: Readonly<Record<string, readonly string[]>> = { ".cargo": [".rustup"] };

/** How many levels under home name a toolchain's own folder, by what the first level is. */
function toolchainDepth(parts: readonly string[]): number {
  // ~/.local/bin holds links to many tools; ~/.local/share/<tool>, ~/.cache/<tool>/<part> are one tool's.
  if (parts[0] === ".local" && parts[1] === "bin") return 2;
  if ([".local", ".config", ".cache", "Library"].includes(parts[0] ?? "")) return 3;
  // GOPATH: its bin and its module cache, not the sources under it.
  if (parts[0] === "go") return 2;
  return 1;
}

/** The folder under home that holds `path` as a toolchain: `~/.cargo/bin/x` → `~/.cargo`, `~/.local/bin/x` → `~/.local/bin`. */
function toolchainFolder(path: string, home: string): string | null {
  if (!isInside(home, path) || path === home) return null;
  const parts = relative(home, path).split(sep);
  return join(home, ...parts.slice(0, Math.min(parts.length, toolchainDepth(parts))));
}

/**
 * The folders of the user's home a check may read: each PATH folder under home (as its toolchain), the
 * folders that hold the check's programs (their real paths), and the companions those programs need.
 * Sorted, each once, only those that exist, none inside another.
 */
export function readableHomeFolders(
  options: { readonly path: string; readonly programs: readonly { name: string; path: string | null }[] },
  home: string = homedir(),
): string[] {
  const found = new Set<string>();
  const add = (folder: string | null) => {
    if (folder && folder !== home && existsSync(folder)) found.add(folder);
  };
  for (const entry of options.path.split(":")) {
    const folder = entry && isAbsolute(entry) ? toolchainFolder(resolve(entry), home) : null;
    add(folder);
    if (folder && dirname(folder) === home)
      for (const companion of FOLDER_COMPANIONS[basename(folder)] ?? []) add(join(home, companion));
  }
  for (const program of options.programs) {
    if (program.path) add(toolchainFolder(program.path, home));
    for (const companion of COMPANIONS[program.name] ?? []) add(join(home, companion));
  }
  const sorted = [...found].sort();
  return sorted.filter((folder) => !sorted.some((other) => other !== folder && isInside(other, folder)));
}

/**
 * The folder a check may write, for a goal set in `cwd`: the repository's top folder — a workspace's
 * package runs its root's runner and reads its root's installed dependencies —, or `cwd` itself outside a
 * repository, or where the repository would hold the user's home (a home kept in git).
 */
export function projectRoot(cwd: string, home: string = homedir()): string {
  const top = findRepository(cwd)?.workTree;
  return top && !isInside(top, home) ? top : cwd;
}
