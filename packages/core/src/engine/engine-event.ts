// Host-neutral events: what an adapter tells the engine after reading its host's payload. Every
// adapter and every third-party harness feeds these same events, so every host behaves the same.
import * as z from "zod/mini";
import { described } from "../base/described.js";
import { hostGoalSchema } from "../host/host-goal.js";

const eventType = <T extends string>(type: T) => described(z.literal(type), "The kind of event.");

const describe = z.describe;

/** What the host's own record says the session has used so far (adapter host facts; null where the host records none). */
const tokensUsed = described(
  z.optional(z.nullable(z.int().check(z.nonnegative()))),
  "The session's tokens so far as the host's own record says (input not read from a cache, plus output); null or absent where it records none.",
);

const base = {
  sessionId: z.string().check(z.minLength(1), describe("The main session's id (for a subagent's event, its parent's).")),
  host: z.string().check(z.minLength(1), describe("The host, e.g. claude-code.")),
  cwd: z.string().check(z.minLength(1), describe("The project directory: stable for the session, not a later cd.")),
  subagent: described(z._default(z.boolean(), false), "True when the event comes from a subagent."),
  agentId: described(z.optional(z.nullable(z.string())), "The subagent's id, when the host gives one."),
};

const sessionStartedEventSchema = z.object({
  type: eventType("session-started"),
  ...base,
  source: described(z.enum(["startup", "resume", "compact", "clear", "fork"]), "Why the session (re)started."),
});

const promptSubmittedEventSchema = z.object({
  type: eventType("prompt-submitted"),
  ...base,
  prompt: described(z.string(), "The prompt as typed."),
  searchPath: described(
    z.optional(z.string()),
    "PATH as the host has it (the user's): a goal captured here runs its checks with it, never with the agent's.",
  ),
  tokensUsed,
  origin: z
    ._default(z.enum(["user", "host"]), "user")
    .check(
      describe(
        "host: a prompt the host made itself (a background task's notification, a stop reason fed back); never captured, never resets counters.",
      ),
    ),
});

const toolAboutToRunEventSchema = z.object({
  type: eventType("tool-about-to-run"),
  ...base,
  toolName: described(z.string(), "The tool's name as the host reports it (any MCP prefix is fine)."),
  toolInput: described(z.optional(z.unknown()), "The tool's input as the host reports it."),
  toolUseId: described(
    z.optional(z.nullable(z.string())),
    "The host's id for this call, used to tie an MCP call to its session.",
  ),
});

const toolRanEventSchema = z.object({
  type: eventType("tool-ran"),
  ...base,
  toolName: described(z.string(), "The tool's name as the host reports it."),
  toolInput: described(z.optional(z.unknown()), "The tool's input as the host reports it."),
  toolUseId: described(z.optional(z.nullable(z.string())), "The host's id for this call."),
  succeeded: described(z.nullable(z.boolean()), "Whether the host reported success; null when it did not say."),
  exitCode: described(z.optional(z.nullable(z.int())), "The exit code of a shell tool, when the host reports it."),
  output: described(z.optional(z.nullable(z.string())), "The tool output as text, for the receipt's hash."),
});

export const taskItemSchema = z.object({
  text: described(z.string(), "The task's text."),
  status: described(z.enum(["pending", "in_progress", "completed"]), "Where the task stands."),
});
export type TaskItem = z.infer<typeof taskItemSchema>;

const tasksUpdatedEventSchema = z.object({
  type: eventType("tasks-updated"),
  ...base,
  tasks: described(z.array(taskItemSchema), "The host's todo/plan list as it now stands."),
  contextShown: described(
    z.optional(z.boolean()),
    "false when the sender cannot put the answer's context before the model (Copilot CLI's extension process): the session's focus is then left for the next hook to send.",
  ),
});

const compactionAboutToRunEventSchema = z.object({
  type: eventType("compaction-about-to-run"),
  ...base,
  trigger: described(z.enum(["manual", "auto"]), "Whether the user or the host started the compaction."),
});

const stopRequestedEventSchema = z.object({
  type: eventType("stop-requested"),
  ...base,
  stopHookActive: described(z._default(z.boolean(), false), "The host says this stop follows a blocked one."),
  backgroundWork: described(
    z._default(z.boolean(), false),
    "The host says work it started for the agent still runs (Claude Code's background tasks): its end brings the turn back, so this stop is no stall.",
  ),
  lastMessage: described(
    z.optional(z.nullable(z.string())),
    "The agent's last message, as the host gives it: what the user sees when goalpost lets a stuck agent go.",
  ),
  endReason: described(
    z.optional(z.nullable(z.string())),
    "Why the host says the turn ended, in its words, where it sends one (Copilot CLI's stopReason: end_turn): a turn the user interrupted or that ended on an error is not the agent's stop.",
  ),
  tokensUsed,
});

const subagentStartedEventSchema = z.object({
  type: eventType("subagent-started"),
  ...base,
  agentType: described(z.optional(z.nullable(z.string())), "The subagent's kind, e.g. general-purpose."),
});
const subagentStoppedEventSchema = z.object({
  type: eventType("subagent-stopped"),
  ...base,
  agentType: described(z.optional(z.nullable(z.string())), "The subagent's kind, e.g. general-purpose."),
});
const sessionEndedEventSchema = z.object({
  type: eventType("session-ended"),
  ...base,
  reason: described(z.optional(z.nullable(z.string())), "Why the session ended, as the host says."),
});

const nativeGoalChangedEventSchema = z.object({
  type: eventType("native-goal-changed"),
  ...base,
  change: z
    .enum(["cleared", "set", "observed"])
    .check(
      describe(
        "What happened to the host's own goal. cleared: the user cleared it (the mirrored goal is cancelled). set: it was set to objective (mirrored when goalpost has no goal open). observed: the adapter read it from the host's record (goal, signature); the engine acts on what changed since it last saw it.",
      ),
    ),
  objective: described(z.optional(z.string()), "The host's goal objective, for set."),
  goal: described(
    z.optional(z.nullable(hostGoalSchema)),
    "For observed: the host's goal as its record says, null when it has none.",
  ),
  signature: described(z.optional(z.string()), "For observed: the adapter's fingerprint of the record it read."),
});

export const engineEventSchema = z.discriminatedUnion("type", [
  sessionStartedEventSchema,
  promptSubmittedEventSchema,
  toolAboutToRunEventSchema,
  toolRanEventSchema,
  tasksUpdatedEventSchema,
  compactionAboutToRunEventSchema,
  stopRequestedEventSchema,
  subagentStartedEventSchema,
  subagentStoppedEventSchema,
  sessionEndedEventSchema,
  nativeGoalChangedEventSchema,
]);
export type EngineEvent = z.infer<typeof engineEventSchema>;
/** An event as an adapter builds it: defaulted fields may be left out. */
export type EngineEventInput = z.input<typeof engineEventSchema>;
export type EngineEventType = EngineEvent["type"];
export type EngineEventOf<T extends EngineEventType> = Extract<EngineEvent, { type: T }>;

export const engineDecisionSchema = z.object({
  action: z
    .enum(["none", "allow-tool", "deny-tool", "block-stop"])
    .check(
      describe(
        "What the host should do beyond showing context. allow-tool: goalpost's own goal tools, which need no permission prompt.",
      ),
    ),
  reason: described(z.optional(z.string()), "Why a tool is denied or a stop blocked, for the model."),
  context: described(z.optional(z.string()), "Text for the model's context."),
  userNote: described(z.optional(z.string()), "A short note for the user (hosts show it outside the model's context)."),
});
export type EngineDecision = z.infer<typeof engineDecisionSchema>;

export const NO_DECISION: EngineDecision = Object.freeze({ action: "none" });

/**
 * The main session's stop: the one event goalpost refuses while a goal is open. Named here only — the
 * pipeline, the fail-safe stop and the kit's choice of which events may answer from the shell ask this.
 */
export const isMainStop = (event: { readonly type: string; readonly subagent?: boolean | undefined } | null | undefined) =>
  event?.type === "stop-requested" && event.subagent !== true;
