// One session's state on disk: its goals (the open one and the hierarchy under it, plus recently
// closed ones), which goal is active, and the counters the engine keeps between hook processes.
import * as z from "zod/mini";
import { described } from "../base/described.js";
import { schemaUrl } from "../base/json-schema-generation.js";
import { seenHostGoalSchema } from "../host/host-goal.js";
import { goalRecordSchema, workingContextSchema } from "../record/goal-record.js";

const describe = z.describe;
/** Shared inside every described counter: schemas are immutable, and each instance costs a hook's start. */
const nonNegativeInt = z.int().check(z.nonnegative());
const count = (description: string) => described(z._default(nonNegativeInt, 0), description);

export const SESSION_FILE_SCHEMA_VERSION = 1;
const SESSION_FILE_SCHEMA_ID = schemaUrl("session-file.schema.json");

const sessionCountersSchema = described(
  z.object({
    toolCalls: count("Tool calls seen in this session (main session only)."),
    prompts: count("User prompts seen."),
    stops: count("Stops of the main session seen while a goal was open."),
    stalls: count("Times goalpost let the agent go because its goal made no progress (the goal needs the user's input)."),
    subagentsActive: count("Subagents started and not yet stopped (hosts whose tool events do not mark subagents)."),
  }),
  "Counters the engine keeps between hook processes.",
);

export const sessionFileSchema = described(
  z.object({
    $schema: described(z.optional(z.string()), "The JSON Schema of this file."),
    schemaVersion: described(z.literal(SESSION_FILE_SCHEMA_VERSION), "Files of a newer version are never overwritten."),
    sessionId: described(z.string(), "The host's session id, as the host sent it."),
    host: described(z.string(), "The host that owns the session."),
    cwd: described(z.string(), "The project directory of the session."),
    createdAt: described(z.string(), "When the file was first written."),
    updatedAt: described(z.string(), "When the file was last written."),
    activeGoalId: described(z.nullable(z.string()), "The goal that hooks enforce: the deepest open goal of the stack."),
    goals: described(z._default(z.array(goalRecordSchema), []), "Open goals and the most recently closed ones."),
    counters: z._default(sessionCountersSchema, {
      toolCalls: 0,
      prompts: 0,
      stops: 0,
      stalls: 0,
      subagentsActive: 0,
    }),
    pendingReplacement: z
      ._default(z.nullable(z.object({ objective: z.string(), prompt: z.string(), at: z.string() })), null)
      .check(
        describe(
          "A new objective the user typed with /goal edit or /goal replace, waiting for goal: confirm: a goal is never replaced silently.",
        ),
      ),
    hostTasks: z
      ._default(
        z.array(z.object({ id: z.string(), text: z.string(), status: z.enum(["pending", "in_progress", "completed"]) })),
        [],
      )
      .check(
        describe(
          "The host's task list as its id-based task tools built it (Claude Code's TaskCreate/TaskUpdate), so task goals can follow it.",
        ),
      ),
    focus: z
      ._default(z.nullable(z.object({ task: z.string(), at: z.string() })), null)
      .check(
        describe(
          "With no goal set: the host's task in progress, which the session works on (shown to the model, never enforced); null when there is none.",
        ),
      ),
    issue: z
      ._default(
        z.nullable(
          z.object({
            number: z.int().check(z.positive()),
            repo: z._default(z.nullable(z.string()), null),
            source: z.enum(["branch", "prompt"]),
            title: z._default(z.nullable(z.string()), null),
            milestone: z._default(z.nullable(z.string()), null),
            lookedUp: z._default(z.boolean(), false),
            at: z.string(),
          }),
        ),
        null,
      )
      .check(
        describe(
          "The GitHub issue the session works on (from the branch's name, or the user's words when setting a goal), with its title and milestone once the GitHub CLI told them; null when none is known.",
        ),
      ),
    sentFocus: z
      ._default(z.nullable(z.string()), null)
      .check(describe("The focus block the model last got (no goal set): a new one is sent only when it differs.")),
    workingContext: z
      ._default(workingContextSchema, { recentFiles: [], progressMarkers: [] })
      .check(
        describe(
          "The session's working context, goal or not: the files its tools named (from the host's record of its calls where the hooks see none) and its checklist from the host's plan tool; restored after a compaction.",
        ),
      ),

    hinted: z
      ._default(z.boolean(), false)
      .check(describe("Whether the user was told, once this session, that `goal:` exists (no goal and no task was set).")),
    approvals: z
      ._default(z.array(z.object({ hash: z.string(), verb: z.string(), at: z.string() })), [])
      .check(
        describe(
          "Goal-tool runs from the shell that the main session's PreToolUse hook saw, not yet used: the shell goal tools act only on one of these.",
        ),
      ),
    pendingTools: z
      ._default(z.array(z.object({ toolUseId: z.nullable(z.string()), commandHash: z.string(), at: z.string() })), [])
      .check(
        describe(
          "Verification calls the main session's PreToolUse hook saw and whose result has not arrived: a receipt needs one, so a result piped in by hand is not a receipt.",
        ),
      ),
    compactions: described(
      z._default(z.array(z.object({ at: z.string(), trigger: z.string(), restoredAt: z.nullable(z.string()) })), []),
      "Compactions seen and when each was followed by a restore (null: never restored).",
    ),
    hostGoal: z.optional(seenHostGoalSchema),
    stopGuided: z
      ._default(z.nullable(z.object({ goalId: z.string(), revision: z.number() })), null)
      .check(
        describe(
          "The goal a blocked stop last spelled out what to do for in this conversation (since its start or its last compaction), and at which revision: later blocks only name the next step.",
        ),
      ),
    driftGuided: z
      ._default(z.nullable(z.object({ goalId: z.string() })), null)
      .check(
        describe(
          "The goal the model was last warned of drift for in full in this conversation (since its start or its last compaction): later warnings are one line.",
        ),
      ),
    sentGoal: z
      ._default(z.nullable(z.object({ goalId: z.string(), revision: z.number(), prompts: z._default(z.number(), 0) })), null)
      .check(
        describe(
          "The goal block the model last got in this conversation (since its start or its last compaction), and the prompts since: on a host that keeps prompt context, an unchanged goal is not sent again, only named in one line every few prompts.",
        ),
      ),
    turnStartedAt: z
      ._default(z.nullable(z.string()), null)
      .check(
        describe(
          "When the agent's current turn began (the user's prompt, or the refused stop that sent it back): a goal's working time runs from here to the turn's end.",
        ),
      ),
    turnSeconds: z
      ._default(z.number().check(z.nonnegative()), 0)
      .check(
        describe(
          "The current turn's working time so far: the gaps between the host's hooks in it, each counted up to ten minutes (a longer one is the user or the host away, or the clock jumping).",
        ),
      ),
    turnLastAt: z
      ._default(z.nullable(z.string()), null)
      .check(describe("When the host last ran a hook in the current turn: the next gap is counted from here.")),
    turnLastClock: z
      ._default(z.nullable(z.string()), null)
      .check(
        describe(
          "The machine's monotonic clock at that hook, `<boot id>:<ms since boot>`: a gap on one boot is measured by it, so a jump of the wall clock is never work.",
        ),
      ),
    hostTokens: z
      ._default(z.nullable(z.int().check(z.nonnegative())), null)
      .check(
        describe(
          "The session's tokens as the host's own record last said (null: not read, or the host records none): a goal is charged what the host adds while it is open.",
        ),
      ),
    endedAt: z
      ._default(z.nullable(z.string()), null)
      .check(
        describe(
          "When the host said the session ended (null while it runs, or once it resumes): a goal of a session still running moves to another only when the user names it.",
        ),
      ),
  }),
  "A goalpost session file (by-session/<session>.json).",
);

export type SessionFile = z.infer<typeof sessionFileSchema>;
export type GitHubIssue = NonNullable<SessionFile["issue"]>;

/** How many closed goals a session file keeps beside its open ones. */
export const CLOSED_GOALS_KEPT = 20;
/** How many tool_use ids and compactions a session file remembers. */
export const SESSION_LIST_LIMIT = 50;

export function emptySessionFile(sessionId: string, host: string, cwd: string, now: Date): SessionFile {
  const at = now.toISOString();
  return {
    $schema: SESSION_FILE_SCHEMA_ID,
    schemaVersion: SESSION_FILE_SCHEMA_VERSION,
    sessionId,
    host,
    cwd,
    createdAt: at,
    updatedAt: at,
    activeGoalId: null,
    goals: [],
    counters: { toolCalls: 0, prompts: 0, stops: 0, stalls: 0, subagentsActive: 0 },
    pendingReplacement: null,
    endedAt: null,
    turnStartedAt: null,
    turnSeconds: 0,
    turnLastAt: null,
    turnLastClock: null,
    hostTokens: null,
    sentGoal: null,
    stopGuided: null,
    driftGuided: null,
    hostTasks: [],
    focus: null,
    issue: null,
    sentFocus: null,
    workingContext: { recentFiles: [], progressMarkers: [] },
    hinted: false,
    approvals: [],
    pendingTools: [],
    compactions: [],
  };
}
