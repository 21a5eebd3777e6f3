// What a goal's evidence is now: the user's checks, run by goalpost itself. A check is a command the
// user's words named or agreed to; a verification is goalpost's own run of every check, on a work tree
// it fingerprinted before and after; a goal waits for the user when goalpost cannot judge alone (the
// checks themselves changed, no sandbox, no check at all).
import * as z from "zod/mini";
import { described } from "../base/described.js";

const text = (description: string) => described(z.string(), description);
const nullableText = (description: string) => described(z.nullable(z.string()), description);

export const checkKindSchema = described(
  z.enum(["test", "build", "typecheck", "lint", "other"]),
  "What a check proves. A test check passes only when its runner reports at least one test run and none failed; the others pass on exit status 0.",
);
export type CheckKind = z.infer<typeof checkKindSchema>;

export const goalCheckSchema = z.object({
  command: text("The command goalpost runs from the project directory, in a sandbox, with a clean environment."),
  kind: checkKindSchema,
  requirement: z.optional(
    described(
      z.int().check(z.positive()),
      "The requirement (1-based) whose own check this is: its coverage is goalpost's passing run of it, not prose.",
    ),
  ),
  source: described(
    z.enum(["words", "project", "user"]),
    "words: named in the goal's text; project: what the project defines for the kind the words asked for; user: set with `goal: check add`.",
  ),
  from: z.optional(text("Where the project defines it, when not in its own package files: the CI workflow it was read from.")),
  exitStatusCounts: z.optional(
    described(
      z.boolean(),
      "The user said its exit status alone counts (`goal: check trust`): goalpost reads no runner's report in its output.",
    ),
  ),
});
export type GoalCheck = z.infer<typeof goalCheckSchema>;

export const checkProgramSchema = z.object({
  name: text("The program as a check names it (`npm`, `./scripts/test`), or the interpreter a script's first line names."),
  path: nullableText("Its real path on the PATH the user's host had; null when it was not found."),
  content: nullableText("What is in it: sha256 of a script, or the size, inode and change time of a large binary."),
});
export type CheckProgram = z.infer<typeof checkProgramSchema>;

export const startTreeSchema = z.object({
  head: nullableText("The commit checked out when the goal was set; null before the first commit."),
  dirty: described(
    z.record(z.string(), z.string()),
    "Files already changed then (against that commit, or untracked), by content hash: not the work's while they stay so.",
  ),
  built: z.optional(
    described(
      z.record(z.string(), z.string()),
      "Files git ignores in the project's build output folders (dist/, build/, out/, lib/) then, by content hash: a close names those changed since, which git does not show.",
    ),
  ),
});
export type StartTree = z.infer<typeof startTreeSchema>;

export const sourceChangeSchema = z.object({
  path: text("A file of the project, relative to it."),
  added: described(z.nullable(z.int()), "Lines added; null for a binary file, or one whose lines were not counted."),
  removed: described(z.nullable(z.int()), "Lines removed; null as for added."),
});
export type SourceChange = z.infer<typeof sourceChangeSchema>;

export const checkBaselineSchema = z.object({
  fingerprint: text("sha256 over every file that defines the checks (scripts, runner configuration, test files)."),
  files: described(z.record(z.string(), z.string()), "Each defining file's path (relative to the project) and content hash."),
  at: text("When the baseline was taken."),
  programs: described(
    z._default(z.array(checkProgramSchema), []),
    "The programs the checks start, resolved when the user set them: another one, or a changed one, is a changed check.",
  ),
  home: described(
    z._default(z.array(z.string()), []),
    "The folders of the user's home the checks may read (toolchains, package caches), decided with them; the rest of the home is hidden.",
  ),
  tree: described(
    z._default(z.nullable(startTreeSchema), null),
    "The project as the goal started, in git: what a close names as changed since. Null outside git.",
  ),
});
export type CheckBaseline = z.infer<typeof checkBaselineSchema>;

const testCountsSchema = z.object({
  passed: z.int(),
  failed: z.int(),
  skipped: z.int(),
  runner: text("The runner whose report was read."),
  granularity: z.optional(
    described(
      z.enum(["test", "file", "package", "suite", "run"]),
      "What the runner reported one line for: each test by name, or a file, package or suite, or only its closing counts.",
    ),
  ),
});

const checkResultSchema = z.object({
  command: text("The check's command."),
  kind: checkKindSchema,
  passed: described(z.boolean(), "Whether this check counts as passing (see kind)."),
  verdict: text("Why it passed or not, in a sentence."),
  couldNotRun: z.optional(
    text(
      "The check never got to its tests (a program not found, a package manager that could not fetch or write, no network): the tool's own error line. Not a test failure.",
    ),
  ),
  machineryChanged: z.optional(
    text(
      "The assert canary saw Node's assert changed in a process of the run (a replaced function, or an assertion known to fail that passed): what it saw. The run proves nothing.",
    ),
  ),
  exitCode: described(z.nullable(z.int()), "The exit status; null when it was killed (time limit) or never started."),
  tests: described(z.nullable(testCountsSchema), "The runner's own counts, when its report was found."),
  start: z.optional(
    described(
      z.object({
        fixed: described(
          z.array(z.string()),
          "Tests that failed when the goal was set and passed in this run (at most 20 named).",
        ),
        fixedCount: z.int(),
        missing: described(z.array(z.string()), "Tests that ran when the goal was set and did not run now (at most 20 named)."),
        missingCount: z.int(),
        added: described(z.int(), "Tests that ran now and not when the goal was set."),
      }),
      "This run against the starting point: which tests were fixed, which no longer ran.",
    ),
  ),
  durationMs: z.int(),
  output: text("The end of the output, redacted and bounded."),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const verificationSchema = z.object({
  id: text("This run's id."),
  state: described(
    z.enum(["running", "passed", "failed", "void"]),
    "running; passed: every check passed on an unchanged tree; failed: a check failed; void: the run proves nothing (the tree changed while it ran, it could not start, no sandbox).",
  ),
  startedAt: text("When goalpost started the run."),
  finishedAt: nullableText("When it finished."),
  tree: nullableText("Fingerprint of the work tree the checks ran on; a verdict counts only for this tree."),
  definition: nullableText("Fingerprint of what defined the checks when they ran."),
  sandbox: text("What contained the run: the sandbox's name, or 'none (allowed by the user)'."),
  results: described(z._default(z.array(checkResultSchema), []), "One result per check, in order."),
  verdict: text("The run's outcome in a sentence."),
  pid: described(z._default(z.nullable(z.int()), null), "The verifying process while it runs."),
  pidStart: described(
    z._default(z.nullable(z.number()), null),
    "When that process started (ms since the epoch, where the system says): a pid taken since by another process is no run.",
  ),
  changed: z.optional(
    described(
      z.object({ files: z.array(sourceChangeSchema), more: z.int() }),
      "On a pass: the project's files changed since the goal was set (at most 30 named), for the user to see what the work did.",
    ),
  ),
});
export type Verification = z.infer<typeof verificationSchema>;

const checkStartResultSchema = z.object({
  command: text("The check's command."),
  tests: described(z.nullable(testCountsSchema), "What its runner reported when the goal was set."),
  failing: described(z.array(z.string()), "The tests that failed then, by name (at most 20)."),
  exitCode: z.nullable(z.int()),
  verdict: text("How it ended, in a sentence."),
});

export const checkStartSchema = z.object({
  id: text("The starting run's id; its tests, one by one, are kept beside the session (runs/<id>.json)."),
  state: described(
    z.enum(["running", "done", "void"]),
    "running; done: the checks ran as the project was when the goal was set; void: they could not run (no sandbox, say).",
  ),
  startedAt: text("When goalpost started it."),
  finishedAt: nullableText("When it ended."),
  pid: described(z._default(z.nullable(z.int()), null), "The process running it, while it runs."),
  pidStart: described(z._default(z.nullable(z.number()), null), "When that process started (ms since the epoch)."),
  definition: nullableText(
    "Fingerprint of what defined the checks while it ran; another than the baseline's makes it no starting point.",
  ),
  results: described(z._default(z.array(checkStartResultSchema), []), "One result per check."),
  summary: text("The starting point in words: '3 of 12 tests fail (npm test)'."),
  told: described(
    z._default(z.boolean(), false),
    "Whether the user has been told it (once, at their next prompt after it was taken).",
  ),
});
export type CheckStart = z.infer<typeof checkStartSchema>;

export const awaitingUserSchema = z.object({
  reason: described(
    z.enum(["checks-changed", "no-checks", "unsandboxed"]),
    "checks-changed: the checks passed but what defines them changed since the goal opened; no-checks: goalpost has nothing to run; unsandboxed: no sandbox could run the checks.",
  ),
  summary: text("What the user is asked to judge, in a line or two."),
  at: text("Since when the goal waits."),
});
export type AwaitingUser = z.infer<typeof awaitingUserSchema>;

export const closeRequestSchema = z.object({
  at: text("When the model asked to close the goal as complete."),
  verificationId: nullableText("The run started for it."),
});
