// What defines a goal's checks, fingerprinted when the user sets them and again at every verification:
// the scripts that run them (package.json's scripts and runner settings, .npmrc, a Makefile), the
// runners' configuration, and the test files themselves — and the programs the checks start, resolved on
// the user's PATH (check-programs.ts). A test script rewritten to `echo`, a test marked `.skip`, a new
// vitest config that includes nothing, an `npm` put earlier on the PATH: each is a changed check, and a
// pass on changed checks waits for the user instead of closing the goal.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import picomatch from "picomatch";
import type { CheckBaseline } from "../record/goal-checks.js";
import { lazyCrypto } from "../record/lazy-crypto.js";
import { checkPrograms, programChanges } from "./check-programs.js";
import { projectFiles } from "./project-files.js";
import { readableHomeFolders } from "./sandbox-walls.js";
import { startTree } from "./source-changes.js";
import { fileHash } from "./tree-fingerprint.js";

/** Files that say how checks run, and test files, anywhere in the project. */
const DEFINING = [
  "**/package.json",
  "**/.npmrc",
  "**/.yarnrc{,.yml}",
  "**/{Makefile,makefile,GNUmakefile,justfile,Rakefile,Taskfile.yml}",
  "**/{vitest,vite,jest,playwright,karma,cypress,ava,babel}.config.*",
  "**/vitest.workspace.*",
  "**/.mocharc*",
  "**/.babelrc*",
  "**/{jest,tsconfig}*.json",
  "**/{pytest.ini,tox.ini,setup.cfg,conftest.py,noxfile.py,pyproject.toml}",
  "**/{Cargo.toml,go.mod,.rspec,Gemfile}",
  "**/{eslint.config.*,.eslintrc*,biome.json,biome.jsonc,ruff.toml,.ruff.toml,mypy.ini}",
  "**/*.{test,spec}.*",
  "**/*_test.{go,py}",
  "**/test_*.py",
  "**/{__tests__,test,tests,spec}/**",
];
/** Compiled on first use: picomatch builds a regular expression per glob, milliseconds a hook need not pay. */
let definingMatcher: ((path: string) => boolean) | undefined;
function isDefining(path: string): boolean {
  definingMatcher ??= picomatch(DEFINING, { dot: true });
  return definingMatcher(path);
}

/** In package.json only what runs checks counts: a new dependency is not a changed check. */
const PACKAGE_KEYS = ["scripts", "jest", "mocha", "ava", "c8", "nyc", "vitest", "packageManager", "workspaces"];

function packageJsonHash(path: string): string {
  try {
    const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    const kept = Object.fromEntries(PACKAGE_KEYS.filter((key) => key in manifest).map((key) => [key, manifest[key]]));
    return lazyCrypto().createHash("sha256").update(JSON.stringify(kept)).digest("hex");
  } catch {
    return fileHash(path);
  }
}

/** What the checks are run with: their commands and the PATH the user's host had. */
interface CheckSetup {
  readonly commands: readonly string[];
  readonly searchPath: string | null;
}

/**
 * The programs the checks start and the home folders they may read, fixed when the user sets them (or
 * the checks change by the user's word): cheap enough for the prompt hook.
 */
export function checkToolchain(cwd: string, setup: CheckSetup): Pick<CheckBaseline, "programs" | "home"> {
  const programs = setup.searchPath ? checkPrograms(setup.commands, setup.searchPath, cwd) : [];
  return { programs, home: readableHomeFolders({ path: setup.searchPath ?? "", programs }) };
}

export function checkDefinition(cwd: string, now: Date = new Date(), setup: CheckSetup | null = null): CheckBaseline {
  const files: Record<string, string> = {};
  for (const path of projectFiles(cwd)) {
    if (!isDefining(path)) continue;
    const full = join(cwd, path);
    files[path] = path === "package.json" || path.endsWith("/package.json") ? packageJsonHash(full) : fileHash(full);
  }
  const hash = lazyCrypto().createHash("sha256");
  for (const [path, digest] of Object.entries(files)) hash.update(`${path}\0${digest}\0`);
  return {
    fingerprint: hash.digest("hex"),
    files,
    at: now.toISOString(),
    ...(setup ? checkToolchain(cwd, setup) : { programs: [], home: [] }),
    tree: null,
  };
}

/** The baseline of a goal's checks as the project is now, with the programs they start. */
export function baselineOf(
  goal: { readonly cwd: string; readonly checks: readonly { command: string }[]; readonly checkPath: string | null },
  at: Date,
): CheckBaseline {
  return {
    ...checkDefinition(goal.cwd, at, { commands: goal.checks.map((check) => check.command), searchPath: goal.checkPath }),
    tree: startTree(goal.cwd),
  };
}

/** What changed between two definitions, in a line the user can judge ("changed: a.test.ts; added: …"). */
export function definitionChanges(before: CheckBaseline, after: CheckBaseline): string {
  const changed: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  for (const [path, digest] of Object.entries(after.files)) {
    if (!(path in before.files)) added.push(path);
    else if (before.files[path] !== digest) changed.push(path);
  }
  for (const path of Object.keys(before.files)) if (!(path in after.files)) removed.push(path);
  const part = (label: string, paths: string[]) =>
    paths.length === 0
      ? null
      : `${label}: ${paths.slice(0, 8).join(", ")}${paths.length > 8 ? ` (+${paths.length - 8} more)` : ""}`;
  const programs = programChanges(before.programs, after.programs);
  return (
    [part("changed", changed), part("added", added), part("removed", removed), programs].filter(Boolean).join("; ") || "nothing"
  );
}
