// A goal's checks from the user's own words: a command they named ("done when `npm test` passes", a
// requirement line with a command in backticks) is taken as written; a kind they named ("the tests
// pass", "the build succeeds", "lint is clean") is the project's command for that kind; words that name
// neither ask for the project's tests. Only the user sets checks: the model's proposals wait for them.
import type { CheckKind, GoalCheck } from "../record/goal-checks.js";

import { checkKindOf, namedKind } from "./check-kind.js";
import { onPath } from "./check-programs.js";
import { type CiTests, ciTests } from "./ci-workflows.js";
import { projectCommands } from "./project-checks.js";

/** Words that name a kind of check, tried on the whole goal text. */
const KIND_WORDS: readonly (readonly [CheckKind, RegExp])[] = [
  [
    "test",
    /\b(?:tests?|specs?|test suite)\b[^.\n]{0,40}\b(?:pass|passes|passing|green|succeed|succeeds|run clean)\b|\b(?:passing|green) (?:tests|test suite|suite)\b/i,
  ],
  [
    "build",
    /\b(?:build|builds|compiles?)\b[^.\n]{0,30}\b(?:succeeds?|passes|works|is green|cleanly|without errors)\b|\bit (?:builds|compiles)\b/i,
  ],
  ["typecheck", /\btype ?-?check(?:s|ing)?\b[^.\n]{0,30}\b(?:pass|passes|clean|succeeds?)\b|\bno type errors\b/i],
  [
    "lint",
    /\blint(?:s|ing|er)?\b[^.\n]{0,30}\b(?:clean|passes|pass|succeeds?|no (?:errors|warnings))\b|\bno lint (?:errors|warnings)\b/i,
  ],
];

/**
 * Commands the words spell out: in backticks (kept as written, whatever they are), or after
 * "when"/"until"/"once" and before "passes" — there only a command goalpost knows ("when npm test
 * passes"), never plain words ("when the tests pass").
 */
function namedCommands(words: string): string[] {
  const quoted = [...words.matchAll(/`([^`\n]{2,200})`/g)].map((match) => match[1]?.trim() ?? "");
  const spoken = [
    ...words.matchAll(
      /\b(?:when|until|once|after)\s+([a-z][\w./:@-]*(?:\s+[\w./:@=-]+){0,5}?)\s+(?:passes|pass|succeeds|exits 0|is clean|is green)\b/gi,
    ),
  ]
    .map((match) => match[1]?.trim() ?? "")
    .filter((command) => checkKindOf(command) !== null);
  return [...quoted, ...spoken].filter(Boolean);
}

/**
 * The checks of the user's words. `requirements` are the goal's requirements as read from the same words
 * (requirementsFromWords): a command named inside one is that requirement's own check. `ciRun` is the
 * project's CI test run where the caller has read it already (ciTests), so that capture reads the
 * workflows once.
 */
export function deriveChecks(
  words: string,
  cwd: string,
  requirements: readonly string[] = [],
  searchPath: string | null = null,
  ciRun?: CiTests | null,
): GoalCheck[] {
  const checks: GoalCheck[] = [];
  const add = (check: GoalCheck) => {
    if (!checks.some((known) => known.command === check.command)) checks.push(check);
  };
  for (const command of namedCommands(words)) {
    const index = requirements.findIndex((requirement) => requirement.includes(`\`${command}\``));
    // Kept as written, even one goalpost cannot classify (`./scripts/test`): the user named it.
    add({ command, kind: namedKind(command), source: "words", ...(index >= 0 ? { requirement: index + 1 } : {}) });
  }
  const kinds = KIND_WORDS.filter(([, pattern]) => pattern.test(words)).map(([kind]) => kind);
  const project = projectCommands(cwd, searchPath);
  // Words that name no check at all ask for the project's tests: "done" means the tests pass.
  const wanted: CheckKind[] = kinds.length > 0 ? kinds : checks.length > 0 ? [] : ["test"];
  // The project's own word on what its tests are: its CI's test step, at the repository's top — when the
  // user has its program (a CI that runs `pnpm test` for a user without pnpm: the package files' command).
  const ci = wanted.includes("test") ? (ciRun === undefined ? ciTests(cwd) : ciRun) : null;
  const runnable = (command: string) => {
    const program = command.trim().split(/\s+/)[0] ?? "";
    return searchPath === null || onPath(program, searchPath, cwd) !== null;
  };
  for (const kind of wanted) {
    if (checks.some((check) => check.kind === kind)) continue;
    if (kind === "test" && ci?.command && runnable(ci.command))
      add({ command: ci.command, kind, source: "project", from: ci.file });
    else if (project[kind]) add({ command: project[kind], kind, source: "project" });
  }
  return checks;
}

/** A check the user typed (`/goal check add <command>`): its kind from the command (see namedKind). */
export function userCheck(command: string): GoalCheck {
  return { command: command.trim(), kind: namedKind(command), source: "user" };
}
