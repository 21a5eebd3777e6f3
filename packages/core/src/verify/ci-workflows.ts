// What the project itself calls "the tests": the command its CI's test step runs and the variables it runs
// it with (a time zone, a locale), read from its GitHub Actions workflows. A suite whose CI sets TZ=UTC
// fails in any other zone, and a project whose CI runs `npm run test:ci` may mean more than `npm test`:
// goalpost derives its check from there, and says so, so that its verdict is the one the project's CI
// would give. Read line by line, on the hook's path at capture: a workflow's `run:` steps (one line, or a
// `|` / `>` block) and its `env:` settings at any level. A step that needs what only CI has — a value from
// the workflow (`${{ … }}`), another folder, a coverage upload, a container — is not taken.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { readProjectText } from "../store/project-text.js";
import { checkKindOf } from "./check-kind.js";
import { findRepository } from "./project-git.js";

/** Variables a project's CI sets that change how tests behave (time zone, locale). */
const CI_VARIABLES = ["TZ", "LANG", "LC_ALL", "LC_CTYPE", "LANGUAGE"];

/** Workflows read at most, and the bytes of each. */
const WORKFLOW_LIMIT = 20;
const WORKFLOW_BYTES = 256 * 1024;

/** What only CI has, or what reaches past the project: such a step is not the project's own test run. */
const CI_ONLY = /\$\{\{|\bcodecov\b|\bcoveralls\b|\bdocker\b|\bsudo\b|\bxvfb-run\b|\bsecrets\.|^\s*cd\s/;
/** A browser's or a benchmark's run is a test step, but not "the tests" a goal means. */
const NOT_THE_TESTS = /\b(?:e2e|playwright|cypress|puppeteer|browsers?|bench(?:mark)?s?)\b/i;
/** The workflows that hold a project's own test run, read first: `ci.yml`, `test.yml`, `tests.yml`, `node.js.yml`. */
const FIRST = /^(?:ci|tests?|main|build|node(?:\.js)?|check)\.ya?ml$/i;

export interface CiTests {
  /** The workflow it was read from, relative to the repository: `.github/workflows/ci.yml`. */
  readonly file: string;
  /** The test step's command, when a step runs one the project can run here; null when none does. */
  readonly command: string | null;
  /** The time zone and locale it sets. */
  readonly env: Readonly<Record<string, string>>;
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const unquote = (text: string) => text.trim().replace(/^(["'])(.*)\1$/, "$2");

/** A workflow's list items (its steps, among others): each item's lines, the first being its `- ` line. */
function listItems(lines: readonly string[]): string[][] {
  const items: string[][] = [];
  let current: { indent: number; lines: string[] } | null = null;
  for (const line of lines) {
    const item = /^(\s*)-\s/.exec(line);
    if (item && (current === null || (item[1] ?? "").length <= current.indent)) {
      current = { indent: (item[1] ?? "").length, lines: [line] };
      items.push(current.lines);
    } else if (current && (line.trim() === "" || indentOf(line) > current.indent)) current.lines.push(line);
    else current = null;
  }
  return items;
}

/** A `|` or `>` block's lines: those after its key that are indented past it (blank ones within it too). */
function blockLines(after: readonly string[], keyIndent: number): string[] {
  const end = after.findIndex((line) => line.trim() !== "" && indentOf(line) <= keyIndent);
  return end < 0 ? [...after] : after.slice(0, end);
}

/** Each step's `run:` commands, a line each; a step with a working directory of its own is not the project's top. */
function runCommands(text: string): string[] {
  const commands: string[] = [];
  for (const step of listItems(text.split(/\r?\n/))) {
    if (step.some((line) => /^\s*(?:-\s+)?working-directory:/.test(line))) continue;
    const at = step.findIndex((line) => /^\s*(?:-\s+)?run:/.test(line));
    if (at < 0) continue;
    const line = step[at] ?? "";
    const value = line.slice(line.indexOf("run:") + 4).trim();
    const body = /^[|>][-+]?$/.test(value) ? blockLines(step.slice(at + 1), indentOf(line)) : [unquote(value)];
    commands.push(...body.map((command) => command.trim()).filter((command) => command !== "" && !command.startsWith("#")));
  }
  return commands;
}

/** The time zone and locale a workflow sets, at any level. */
function settings(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  const pattern = new RegExp(`^\\s+(${CI_VARIABLES.join("|")})\\s*:\\s*["']?([^"'\\s#]+)`, "gm");
  for (const match of text.matchAll(pattern)) found[match[1] ?? ""] ??= match[2] ?? "";
  return found;
}

/** A test command of the project's own, runnable here: a runner goalpost knows, not a step that needs CI. */
const isTestCommand = (command: string) =>
  !CI_ONLY.test(command) && !NOT_THE_TESTS.test(command) && checkKindOf(command) === "test";

/**
 * The project's CI test run, for a goal set in `cwd`: only at the repository's top (a CI step runs there,
 * not in a package folder) — from the first workflow with a test step (`ci.yml`, `test.yml` and their kin
 * first, then by name), its command and the time zone and locale it sets; else the settings of any
 * workflow, with no command. Null without workflows, or below the top.
 */
export function ciTests(cwd: string): CiTests | null {
  const top = findRepository(cwd)?.workTree ?? resolve(cwd);
  if (top !== resolve(cwd)) return null;
  const folder = join(top, ".github", "workflows");
  let names: string[];
  try {
    names = readdirSync(folder)
      .filter((name) => /\.ya?ml$/.test(name))
      .sort((a, b) => Number(FIRST.test(b)) - Number(FIRST.test(a)) || a.localeCompare(b))
      .slice(0, WORKFLOW_LIMIT);
  } catch {
    return null;
  }
  const workflows = names.map((name) => {
    const text = readProjectText(join(folder, name), WORKFLOW_BYTES) ?? "";
    return { file: `.github/workflows/${name}`, text, env: settings(text) };
  });
  for (const { file, text, env } of workflows) {
    const command = runCommands(text).find(isTestCommand);
    if (command) return { file, command, env };
  }
  const first = workflows.find(({ env }) => Object.keys(env).length > 0);
  // The first workflow that sets a variable wins it, as in the search above.
  const env = Object.assign({}, ...workflows.map((workflow) => workflow.env).reverse()) as Record<string, string>;
  return first ? { file: first.file, command: null, env } : null;
}
