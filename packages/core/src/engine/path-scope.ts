// A goal's path scope (its record's `scope` field; an install scope is another thing, the kit's): path
// globs the work may touch and actions out of bounds ("!push", "!publish", "!deploy"). An edit outside the globs — by an edit tool or by a shell command that
// writes (sed -i, >, tee, mv, rm, …) — or a forbidden action is drift at once. Paths are resolved
// and normalised first (`src/../.env` is `.env`), globs are picomatch's, and a command's verb is
// found past its options (`git -C . push`, `pnpm -r publish` are pushes and publishes).
import { isAbsolute, relative, resolve } from "node:path";
import picomatch from "picomatch";
import { isMutatingSegment, writesThroughRedirect } from "../evidence/classify-command.js";
import type { ToolCallDescription } from "../evidence/classify-tool-call.js";
import { parseShell, type ShellSegment } from "../evidence/shell-syntax.js";
import type { GoalRecord } from "../record/goal-record.js";

/** Options that take a value, by program: skipped with their value to find the verb. */
const VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  git: new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"]),
  npm: new Set(["-w", "--workspace", "--prefix", "-C", "--userconfig"]),
  pnpm: new Set(["--filter", "-F", "-C", "--dir", "-w", "--workspace-root"]),
  yarn: new Set(["--cwd"]),
  cargo: new Set(["--manifest-path", "-p", "--package", "-Z"]),
};

/** The program and its verb, options (and their values) skipped: `git -C . push` → ["git", "push"]. */
function programVerb(words: readonly string[]): [string, string] {
  const program = (words[0] ?? "").split("/").pop() ?? "";
  const takesValue = VALUE_OPTIONS[program] ?? new Set<string>();
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!;
    if (!word.startsWith("-")) return [program, word];
    if (takesValue.has(word)) index++;
  }
  return [program, ""];
}

type ActionTest = (program: string, verb: string, segment: ShellSegment) => boolean;

const ACTIONS: Readonly<Record<string, ActionTest>> = {
  push: (program, verb) => program === "git" && verb === "push",
  // A package manager's options can take values (--access public): any word "publish" is the verb.
  publish: (program, verb, segment) =>
    (["npm", "pnpm", "yarn", "bun", "cargo", "changeset", "lerna"].includes(program) &&
      (verb === "publish" || segment.words.includes("publish"))) ||
    (program === "twine" && verb === "upload") ||
    (program === "gh" && verb === "release" && segment.words.includes("create")) ||
    (program === "yarn" && verb === "npm" && segment.words.includes("publish")),
  deploy: (program, verb, segment) =>
    segment.words.some((word) => /^deploy\b/i.test(word)) ||
    (program === "kubectl" && verb === "apply") ||
    (program === "terraform" && verb === "apply") ||
    program === "vercel" ||
    (program === "fly" && verb === "deploy"),
  commit: (program, verb) => program === "git" && verb === "commit",
  install: (program, verb) =>
    (["npm", "pnpm", "yarn", "bun"].includes(program) && ["install", "i", "add"].includes(verb)) ||
    (/^pip3?$/.test(program) && verb === "install"),
};

/** Files a writing shell command changes: redirect targets, and the operands of the writing tools. */
function shellWriteTargets(segment: ShellSegment): string[] {
  const targets = segment.redirects
    .filter((redirect) => writesThroughRedirect({ ...segment, redirects: [redirect] }))
    .map((redirect) => redirect.target);
  if (!isMutatingSegment(segment)) return targets;
  const program = (segment.words[0] ?? "").split("/").pop() ?? "";
  // Operands: words that are not options, nor the value of -e/--expression (a script, not a file).
  const operands = segment.words
    .slice(1)
    .filter((word, index, words) => !word.startsWith("-") && !["-e", "--expression"].includes(words[index - 1] ?? ""));
  if (
    [
      "rm",
      "mv",
      "cp",
      "touch",
      "mkdir",
      "tee",
      "truncate",
      "chmod",
      "chown",
      "ln",
      "rmdir",
      "unlink",
      "shred",
      "install",
    ].includes(program)
  )
    targets.push(...operands);
  // sed -i 's/a/b/' file…, perl -pi -e '…' file…: the first operand is the script unless -e gave it.
  else if (program === "sed" || program === "perl")
    targets.push(...(segment.words.includes("-e") || segment.words.includes("--expression") ? operands : operands.slice(1)));
  return targets;
}

/** A path as the glob sees it: relative to the goal's directory, normalised; outside it, starting with "..". */
function projectPath(cwd: string, path: string): string {
  return relative(cwd, isAbsolute(path) ? resolve(path) : resolve(cwd, path)) || ".";
}

/** What breaks the goal's scope in this call, or null. */
export function pathScopeViolation(goal: GoalRecord, call: ToolCallDescription): string | null {
  if (goal.scope.length === 0) return null;
  const forbidden = goal.scope.filter((entry) => entry.startsWith("!")).map((entry) => entry.slice(1).trim().toLowerCase());
  const segments = call.command ? parseShell(call.command).segments : [];
  for (const action of forbidden) {
    const test = ACTIONS[action];
    const custom = new RegExp(`\\b${action.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i");
    for (const segment of segments) {
      const [program, verb] = programVerb(segment.words);
      if (test ? test(program, verb, segment) : custom.test(segment.text)) return `the action "${action}"`;
    }
  }
  const globs = goal.scope.filter((entry) => !entry.startsWith("!"));
  if (globs.length === 0) return null;
  const written = call.shell ? segments.flatMap(shellWriteTargets) : call.edits ? [...call.paths] : [];
  const inScope = picomatch(globs, { dot: true });
  const outside = written.find((path) => !inScope(projectPath(goal.cwd, path)));
  return outside ? `editing ${outside}` : null;
}
