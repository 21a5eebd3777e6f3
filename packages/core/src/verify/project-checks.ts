// What a project defines for each kind of check, read from its own files: package.json scripts with the
// package manager its lockfile names, pytest's configuration, Cargo, Go modules, a Makefile's targets.
// Only what the user's words asked for is taken from here (see derive-checks.ts).
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { CheckKind } from "../record/goal-checks.js";
import { readProjectText } from "../store/project-text.js";
import { onPath } from "./check-programs.js";

type Commands = Partial<Record<CheckKind, string>>;

const exists = (cwd: string, ...names: string[]) => names.some((name) => existsSync(join(cwd, name)));

const readText = (path: string): string | null => readProjectText(path);

/** npm's placeholder for a project without tests: it always fails, so it is no check. */
const NO_TEST_SPECIFIED = /no test specified/;

const LOCKFILES: readonly (readonly [string, readonly string[]])[] = [
  ["pnpm", ["pnpm-lock.yaml", "pnpm-workspace.yaml"]],
  ["yarn", ["yarn.lock"]],
  ["bun", ["bun.lock", "bun.lockb"]],
  ["npm", ["package-lock.json"]],
];

/**
 * The package manager whose lockfile the project has — in its folder or, for a workspace's package, in
 * the workspace's (a folder above, up to the repository's top) — when it is on the user's PATH; npm runs
 * the same scripts where the lockfile's manager is not installed.
 */
function packageManager(cwd: string, searchPath: string | null): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const found = LOCKFILES.find(([, files]) => exists(dir, ...files))?.[0];
    if (found) return found === "npm" || !searchPath || onPath(found, searchPath, dir) ? found : "npm";
    if (exists(dir, ".git") || dir === dirname(dir)) return "npm";
  }
}

/** The scripts of `dir`'s package.json; null where it has none that parses. */
export function scriptsOf(dir: string): Record<string, unknown> | null {
  const text = readText(join(dir, "package.json"));
  if (text === null) return null;
  try {
    return (JSON.parse(text) as { scripts?: Record<string, unknown> }).scripts ?? {};
  } catch {
    return null;
  }
}

/** The workspace a package folder belongs to: the nearest folder above (within the repository) that declares one. */
function workspaceRoot(cwd: string): string | null {
  for (let dir = dirname(resolve(cwd)); ; dir = dirname(dir)) {
    if (exists(dir, "pnpm-workspace.yaml")) return dir;
    const text = readText(join(dir, "package.json"));
    if (text !== null && /"workspaces"\s*:/.test(text)) return dir;
    if (exists(dir, ".git") || dir === dirname(dir)) return null;
  }
}

/** A package manager's command that runs `script` of the workspace at `root` from a package in it. */
function fromRoot(pm: string, root: string, cwd: string, script: string): string {
  const where = relative(resolve(cwd), root) || ".";
  if (pm === "pnpm") return script === "test" ? "pnpm -w test" : `pnpm -w run ${script}`;
  if (pm === "yarn") return `yarn --cwd ${where} ${script === "test" ? "test" : `run ${script}`}`;
  return `npm --prefix ${where} ${script === "test" ? "test" : `run ${script}`}`;
}

/**
 * package.json's scripts, run with the package manager its lockfile names. In a workspace's package that
 * has no script of a kind, the workspace's own one, run at its top.
 */
function nodeCommands(cwd: string, searchPath: string | null): Commands {
  const scripts = scriptsOf(cwd);
  if (scripts === null) return {};
  const pm = packageManager(cwd, searchPath);
  const root = workspaceRoot(cwd);
  const rootScripts = root ? (scriptsOf(root) ?? {}) : {};
  const usable = (from: Record<string, unknown>, name: string) =>
    typeof from[name] === "string" && from[name] !== "" && !(name === "test" && NO_TEST_SPECIFIED.test(String(from[name])));
  const command = (name: string): string | undefined => {
    if (usable(scripts, name)) return name === "test" ? `${pm} test` : pm === "npm" ? `npm run ${name}` : `${pm} run ${name}`;
    if (root && usable(rootScripts, name)) return fromRoot(pm, root, cwd, name);
    return undefined;
  };
  const commands: Commands = {};
  const test = command("test");
  if (test) commands.test = test;
  const build = command("build");
  if (build) commands.build = build;
  const lint = command("lint");
  if (lint) commands.lint = lint;
  const typecheck = ["typecheck", "type-check", "check-types", "tsc"].find(
    (name) => usable(scripts, name) || usable(rootScripts, name),
  );
  if (typecheck) commands.typecheck = command(typecheck)!;
  return commands;
}

function pythonCommands(cwd: string): Commands {
  const pyproject = readText(join(cwd, "pyproject.toml")) ?? "";
  const setupCfg = readText(join(cwd, "setup.cfg")) ?? "";
  const usesPytest =
    exists(cwd, "pytest.ini", "conftest.py", "tox.ini") ||
    /\[tool\.pytest/.test(pyproject) ||
    /\[tool:pytest\]/.test(setupCfg) ||
    hasPythonTests(cwd);
  const commands: Commands = usesPytest ? { test: "pytest" } : {};
  if (/\[tool\.ruff/.test(pyproject) || exists(cwd, "ruff.toml", ".ruff.toml")) commands.lint = "ruff check .";
  if (/\[tool\.mypy/.test(pyproject) || exists(cwd, "mypy.ini")) commands.typecheck = "mypy .";
  return commands;
}

function hasPythonTests(cwd: string): boolean {
  for (const dir of ["tests", "test"]) {
    try {
      if (readdirSync(join(cwd, dir)).some((name) => /^test_.*\.py$|_test\.py$/.test(name))) return true;
    } catch {}
  }
  return false;
}

function makeTargets(cwd: string): Commands {
  const makefile = ["Makefile", "makefile", "GNUmakefile"].map((name) => readText(join(cwd, name))).find((text) => text !== null);
  if (!makefile) return {};
  const has = (target: string) => new RegExp(`^${target}\\s*:(?!=)`, "m").test(makefile);
  const commands: Commands = {};
  if (has("test")) commands.test = "make test";
  else if (has("check")) commands.test = "make check";
  if (has("build")) commands.build = "make build";
  else if (has("all")) commands.build = "make";
  if (has("lint")) commands.lint = "make lint";
  if (has("typecheck")) commands.typecheck = "make typecheck";
  return commands;
}

/**
 * The project's command for each kind of check it defines, the first ecosystem that has one winning;
 * `searchPath`, the user's PATH, says which package manager they have.
 */
export function projectCommands(cwd: string, searchPath: string | null = null): Commands {
  const ecosystems: Commands[] = [
    nodeCommands(cwd, searchPath),
    exists(cwd, "Cargo.toml") ? { test: "cargo test", build: "cargo build", lint: "cargo clippy -- -D warnings" } : {},
    exists(cwd, "go.mod") ? { test: "go test ./...", build: "go build ./...", lint: "go vet ./..." } : {},
    pythonCommands(cwd),
    exists(cwd, "Gemfile") && exists(cwd, "spec") ? { test: "bundle exec rspec" } : {},
    makeTargets(cwd),
  ];
  const commands: Commands = {};
  for (const found of ecosystems)
    for (const [kind, command] of Object.entries(found) as [CheckKind, string][]) commands[kind] ??= command;
  return commands;
}
