// What a goal's evidence is now: the user's checks, run by goalpost itself. A check is a command the
// user's words named or agreed to; a verification is goalpost's own run of every check, on a work tree
// it fingerprinted before and after; a goal waits for the user when goalpost cannot judge alone (the
// checks themselves changed, no sandbox, no check at all).
import * as z from "zod/mini";
import { described } from "../described.js";

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
});
export type GoalCheck = z.infer<typeof goalCheckSchema>;

export const checkBaselineSchema = z.object({
  fingerprint: text("sha256 over every file that defines the checks (scripts, runner configuration, test files)."),
  files: described(z.record(z.string(), z.string()), "Each defining file's path (relative to the project) and content hash."),
  at: text("When the baseline was taken."),
});
export type CheckBaseline = z.infer<typeof checkBaselineSchema>;

export const testCountsSchema = z.object({
  passed: z.int(),
  failed: z.int(),
  skipped: z.int(),
  runner: text("The runner whose summary was read."),
});
export type TestCounts = z.infer<typeof testCountsSchema>;

export const checkResultSchema = z.object({
  command: text("The check's command."),
  kind: checkKindSchema,
  passed: described(z.boolean(), "Whether this check counts as passing (see kind)."),
  verdict: text("Why it passed or not, in a sentence."),
  exitCode: described(z.nullable(z.int()), "The exit status; null when it was killed (time limit) or never started."),
  tests: described(z.nullable(testCountsSchema), "The runner's own counts, when its summary was found."),
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
});
export type Verification = z.infer<typeof verificationSchema>;

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
export type CloseRequest = z.infer<typeof closeRequestSchema>;
