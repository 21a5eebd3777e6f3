// The goal record: the single source of truth for what goalpost stores. Types are inferred from these
// schemas and the checked-in JSON Schema (schema/goal-record.schema.json) is generated from them.
// zod/mini keeps the hook bundle small: a hook process starts on every tool call of the agent.
import * as z from "zod/mini";
import { described } from "../base/described.js";
import { goalBudgetSchema, goalSpendSchema } from "./goal-budget.js";
import {
  awaitingUserSchema,
  checkBaselineSchema,
  checkStartSchema,
  closeRequestSchema,
  goalCheckSchema,
  verificationSchema,
} from "./goal-checks.js";

const describe = z.describe;
// Schemas inside the described ones are shared: a schema is immutable, and every instance is built as
// a hook loads (its closures and all) and kept in the start-up snapshot.
const anyString = z.string();
const stringList = z.array(anyString);
const text = (description: string) => described(z.string(), description);
const list = (description: string) => described(z._default(stringList, []), description);
// One datetime check for every timestamp: each z.iso.datetime() carries its own RegExp, and compiled
// RegExps are part of the hook snapshot every hook process deserialises.
const isoDateTime = z.iso.datetime();
const isoString = z.string().check(isoDateTime);
const timestamp = (description: string) => z.string().check(isoDateTime, describe(description));
const nullableText = (description: string) => described(z.nullable(anyString), description);
const nullableTimestamp = (description: string) => described(z.nullable(isoString), description);

export const goalStatusSchema = z
  .enum(["draft", "active", "blocked", "paused", "needs-input", "budget-limited", "complete", "cancelled"])
  .check(
    describe(
      "draft: captured from a prompt, not yet inspected; active: being worked; blocked: waiting (open without closedAt, terminal with it); paused: kept and shown but not enforced until the user resumes it; needs-input: the agent stopped again and again without progress, so goalpost let it stop and waits for the user's next prompt; budget-limited: the goal's budget is spent, stops go through until the user raises it; complete and cancelled: closed.",
    ),
  );
export type GoalStatus = z.infer<typeof goalStatusSchema>;

export const goalLevelSchema = described(
  z.enum(["epic", "issue", "task"]),
  "Place in the goal stack: epic → issue → task (task goals follow the host's todo tool).",
);
export type GoalLevel = z.infer<typeof goalLevelSchema>;

export const goalSourceSchema = z
  .enum(["slash", "marker", "tool", "task", "continuation", "api", "native", "file"])
  .check(
    describe(
      "How the goal began: slash (/goal), marker (goal: or objective:), tool (goalpost_open), task (host todo item), continuation (moved from another session), api (a harness), native (mirrored from the host's own goal), file (the project's .goalpost/goal.md).",
    ),
  );
export type GoalSource = z.infer<typeof goalSourceSchema>;

const hostSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(40),
    describe("The host that owns the session, e.g. claude-code, codex, copilot-cli, vscode-chat, or a harness's own name."),
  );

export const issueResolutionStatusSchema = z.enum(["resolved", "merged", "renamed", "duplicate", "superseded"]);

export const issueResolutionSchema = z.object({
  covers: list(
    "The discovered issues this resolution settles, each named by its text or id token (e.g. 'issue 3'). Wildcards are refused.",
  ),
  status: issueResolutionStatusSchema.check(describe("How the issues were settled.")),
  target: z.optional(text("Where merged, renamed or superseded issues went. Naming a target alone covers nothing.")),
  resolution: text("What was done, in a sentence."),
  evidence: list("Concrete evidence: a command and its result, a file and line, a test name."),
});
export type IssueResolution = z.infer<typeof issueResolutionSchema>;

export const requirementCoverageSchema = z.object({
  requirement: text("The requirement covered: its number (1-based, 'R2' or '2') or its text."),
  evidence: text("What shows it is met: a test, a command result, a file and line."),
});
export type RequirementCoverage = z.infer<typeof requirementCoverageSchema>;

export const evidenceKindSchema = described(
  z.enum(["inspection", "action", "verification", "goal", "other"]),
  "What a tool call proves: reading code, changing it, checking it, goal bookkeeping, or nothing.",
);
export type EvidenceKind = z.infer<typeof evidenceKindSchema>;

export const verificationCategorySchema = z.enum(["test", "build", "typecheck", "lint"]);
export type VerificationCategory = z.infer<typeof verificationCategorySchema>;

export const toolHistoryEntrySchema = z.object({
  at: timestamp("When the tool was called."),
  tool: text("The tool's name with any host prefix removed."),
  kind: evidenceKindSchema,
  summary: text("A short, redacted description: the command, or the path."),
});
export type ToolHistoryEntry = z.infer<typeof toolHistoryEntrySchema>;

export const receiptSchema = z
  .object({
    at: timestamp("When the host reported the tool result."),
    tool: text("The tool that ran."),
    command: z.optional(text("The shell command, redacted, for shell tools.")),
    category: verificationCategorySchema.check(describe("What the run verifies.")),
    passed: z
      .nullable(z.boolean())
      .check(
        describe(
          "true: it passed; false: the host or its output reported failure; null: it proves nothing either way (its exit status did not decide the command's, it ran no tests, or the host did not say). Only true counts for the gate.",
        ),
      ),
    verdict: z.optional(text("Why the receipt passed or not, in words.")),
    exitCode: z.optional(z.nullable(z.int())),
    outputHash: z.optional(text("sha256 of the tool output, so a later claim can be checked against it.")),
    files: list("Files the run touched or named."),
    toolUseId: z.optional(text("The host's id for the call, to find it in the host's own record.")),
    corroborated: z.optional(
      described(
        z.nullable(z.boolean()),
        "Whether the host's own record of tool calls (its transcript) holds this call with the same command and a result: true, false (a receipt the host never saw made), or null/absent when not checked.",
      ),
    ),
  })
  .check(
    describe(
      "A verification receipt: a test, build, typecheck or lint run as the host reported it, never as the model described it.",
    ),
  );
export type Receipt = z.infer<typeof receiptSchema>;

const goalEventTypeSchema = z.enum([
  "opened",
  "updated",
  "closed",
  "refused",
  "restored",
  "stalled",
  "moved",
  "drift-warned",
  "drift-denied",
  "snapshot",
  "stop-blocked",
  "verifying",
  "verified",
  "accepted",
  "told",
]);

export const goalEventSchema = z.object({
  at: timestamp("When it happened."),
  type: goalEventTypeSchema,
  note: text("What happened, redacted."),
});
export type GoalEvent = z.infer<typeof goalEventSchema>;

export const progressMarkerSchema = z.object({
  text: text("A progress item."),
  done: described(z.boolean(), "[x] when true, [ ] when false."),
});
export type ProgressMarker = z.infer<typeof progressMarkerSchema>;

/** What the agent was touching and its checklist: a goal's, and a session's with or without one. */
export const workingContextSchema = z.object({
  recentFiles: list("Most recent first, at most 10."),
  progressMarkers: z._default(z.array(progressMarkerSchema), []),
});
export type WorkingContext = z.infer<typeof workingContextSchema>;

export const goalRecordSchema = described(
  z.object({
    id: text("Stable goal id, e.g. goal_m3x9k2_a1b2c3."),
    sessionId: text("The main session that owns the goal."),
    cwd: text("The project directory the goal belongs to."),
    cwdHash: text("sha256 prefix of cwd: the key of the continuation index."),
    host: hostSchema,
    level: goalLevelSchema,
    parentId: nullableText("The parent goal in the stack, or null for a root goal."),
    source: goalSourceSchema,
    objective: text("What done means, in the user's words (for a goal the user set, the model never replaces them)."),
    statement: described(
      z._default(nullableText("The model's sharper statement of a goal the user set, kept beside the user's own words."), null),
      "The model's sharper statement of a goal the user set, kept beside the user's own words.",
    ),
    requirements: list("Explicit requirements; each needs its own coverage entry before completion."),
    scope: list("Path globs the work may touch, and out-of-bounds actions written as '!push', '!publish', '!deploy'."),
    constraints: list("Rules the work must keep."),
    mustNotRegress: list("Behaviour that must still work at the end."),
    sourcePromptHash: nullableText("sha256 of the redacted prompt the goal was captured from."),
    sourcePromptPreview: nullableText("The first 300 characters of that prompt, redacted."),
    status: goalStatusSchema,
    heldFor: described(
      z._default(z.nullable(z.enum(["host-record-cleared"])), null),
      "Why a paused goal is held for the user's word, asked at each prompt until they resume or clear it: host-record-cleared — a host's record said its goal was cleared and no prompt of the user's did. Null for any other status or pause.",
    ),
    setAsideFor: described(
      z._default(z.nullable(z.string()), null),
      "The goal that replaced this one while it was open: it is paused and out of the session's stack, kept until the user resumes it by name (goal: resume <its words or id>) or clears it. Null otherwise.",
    ),
    closeReason: nullableText("Why the goal was closed, for blocked, cancelled and moved goals."),
    createdAt: timestamp("When the goal was created."),
    updatedAt: timestamp("When the goal last changed."),
    closedAt: nullableTimestamp("When the goal was closed; null while open."),
    activatedAt: described(
      z._default(z.nullable(z.string().check(isoDateTime)), null),
      "When the goal was first active (opened after inspection); a goal never activated cannot complete.",
    ),
    revision: z.int().check(z.nonnegative(), describe("Bumped by every change; a snapshot names the revision it holds.")),
    doneSoFar: list("Work done, with concrete facts."),
    remaining: list("The live queue of work left; replaced whole by each update that gives it."),
    blockers: list("What stops progress; replaced whole by each update that gives it."),
    discoveredIssues: list("Problems found along the way; only grows."),
    issueResolutions: described(
      z._default(z.array(issueResolutionSchema), []),
      "Evidence-backed settlements of discovered issues.",
    ),
    requirementCoverage: described(z._default(z.array(requirementCoverageSchema), []), "Per-requirement evidence."),
    validationProof: list("How the result was validated."),
    verificationResults: list("Results of tests, builds and checks."),
    inspectionEvidence: list("What was read or inspected before acting."),
    completionAudit: list("A final audit: each requirement and constraint checked against the result."),
    toolHistory: described(
      z._default(z.array(toolHistoryEntrySchema), []),
      "Recent tool calls, bounded; tool noise is evicted first.",
    ),
    receipts: described(z._default(z.array(receiptSchema), []), "Verification receipts from host tool results, newest last."),
    lastEditAt: nullableTimestamp("When a tool last changed files; kept for the report."),
    checks: described(
      z._default(z.array(goalCheckSchema), []),
      "The user's checks: what goalpost runs itself before the goal may close as complete.",
    ),
    proposedChecks: described(
      z._default(stringList, []),
      "Checks the model proposed: not binding until the user accepts them (`goal: check accept`).",
    ),
    checkBaseline: described(
      z._default(z.nullable(checkBaselineSchema), null),
      "What defined the checks when the user set them: a change waits for the user.",
    ),
    checkStart: described(
      z._default(z.nullable(checkStartSchema), null),
      "goalpost's run of the checks as the project was when the goal was set: which tests existed, which failed.",
    ),
    checkEnv: described(
      z._default(z.record(z.string(), z.string()), {}),
      "Variables the user set for goalpost's runs of the checks (`goal: check env TZ=UTC`), beside who and where they are.",
    ),
    checkPath: described(
      z._default(z.nullable(anyString), null),
      "The PATH the user's host had when the goal was set: checks run with it, never with the agent's.",
    ),
    verification: described(z._default(z.nullable(verificationSchema), null), "goalpost's latest run of the checks."),
    closeRequest: described(
      z._default(z.nullable(closeRequestSchema), null),
      "The model asked to close as complete and every other condition held: the goal closes when the checks pass.",
    ),
    awaitingUser: described(
      z._default(z.nullable(awaitingUserSchema), null),
      "The goal waits for the user's `goal: accept` or `goal: refuse`.",
    ),
    history: described(
      z._default(z.array(goalEventSchema), []),
      "Opens, updates, closes, refusals and restores; never evicted by tool calls.",
    ),
    budget: described(
      z._default(z.nullable(goalBudgetSchema), null),
      "What the goal may cost, set by the user (or the config's default); null: no budget.",
    ),
    spent: described(
      z._default(goalSpendSchema, { turns: 0, seconds: 0, tokens: null, windDownAt: null }),
      "What the goal has cost so far.",
    ),
    stopStreak: described(
      z._default(
        z.object({
          count: described(z.int().check(z.nonnegative()), "Stops refused since the last progress."),
          tree: described(
            z.nullable(anyString),
            "The work tree's fingerprint at the last refused stop (taken only when a tool that may change files ran since the one before).",
          ),
          at: described(z.nullable(anyString), "When the last stop was refused."),
        }),
        { count: 0, tree: null, at: null },
      ),
      "Refused stops without progress: reset only by a changed work tree, a new pass of goalpost's run of the checks, or the user's prompt; never by a goal update.",
    ),
    drift: described(
      z.object({
        sinceUpdate: z.int().check(z.nonnegative(), describe("Non-goal tool calls since the last goal update or user prompt.")),
      }),
      "Drift counter.",
    ),
    workingContext: described(workingContextSchema, "What the agent was touching, for restore after compaction."),
  }),
  "A goalpost goal record.",
);

export type GoalRecord = z.infer<typeof goalRecordSchema>;
