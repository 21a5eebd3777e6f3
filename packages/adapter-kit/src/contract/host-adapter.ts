// The contract between goalpost and one agent host. An adapter is a value of this type, holding its
// host's facts only: what the host sends on each hook event and what it accepts back, where the host
// keeps its home, how a session and its project are named, how goalpost is installed into the host's
// configuration, and the profile core judges tool calls by. Everything else (running a hook, the bin,
// installing, the fast path, doctor) the kit does the same way for every host.
import type { EngineDecision, EngineEventInput, Env, HostGoal, HostProfile } from "@goalpost/core";
import type { HostToolRecord, SessionFile } from "@goalpost/core/internal";
import type * as z from "zod/mini";
import type { InstallSpec } from "./install-spec.js";

/** The session a payload belongs to, as the host names it. */
export interface PayloadSession {
  readonly sessionId: string;
  /** The directory the payload names, if any (it may follow the agent's `cd`). */
  readonly cwd?: string | null | undefined;
}

/** The session and its project directory, as the engine keys them. */
export interface SessionKey {
  readonly sessionId: string;
  readonly cwd: string;
}

/** One hook event of the host, as an adapter defines it: how its payload reads and what the host accepts back. */
export interface HostEventSpec<Payload = unknown> {
  /** What the host sends: tolerant (unknown keys pass), checking only what goalpost reads. */
  readonly payload: z.ZodMiniType<Payload>;
  /**
   * What the host accepts back for this event, strict: an output that fails it is never written. Given
   * as a function, it is built when the event's first answer is checked: a hook answers one event, and
   * every schema built as the bundle loads costs it start-up time.
   */
  readonly output: z.ZodMiniType | (() => z.ZodMiniType);
  /** The engine event for a payload, or null when goalpost has nothing to do with it. */
  toEvent(payload: Payload, key: SessionKey): EngineEventInput | null;
  /**
   * The host's answer for a decision, or null for "no decision" (exit 0, empty stdout). The payload is
   * there for answers that must echo part of it (Copilot CLI's MCP call id).
   */
  toOutput(decision: EngineDecision, payload?: Payload): unknown;
}

/**
 * An event as an adapter's table holds it: its payload's type erased (the kit hands each event only
 * payloads its own schema has parsed, so the translations see the type they were written for), its
 * output schema built.
 */
export interface HostEvent {
  readonly payload: z.ZodMiniType;
  readonly output: z.ZodMiniType;
  toEvent(payload: unknown, key: SessionKey): EngineEventInput | null;
  toOutput(decision: EngineDecision, payload?: unknown): unknown;
}

/** An event of the adapter's table, its payload's type inferred from its schema: no casts in `toEvent` or `toOutput`. */
export function defineHostEvent<Payload>(spec: HostEventSpec<Payload>): HostEvent {
  const { output } = spec;
  let built: z.ZodMiniType | undefined;
  return {
    payload: spec.payload,
    get output() {
      built ??= typeof output === "function" ? output() : output;
      return built;
    },
    // Only ever called with what `payload` parsed (see HostEvent).
    toEvent: (payload, key) => spec.toEvent(payload as Payload, key),
    toOutput: (decision, payload) => spec.toOutput(decision, payload as Payload | undefined),
  };
}

/** Why a session started, as the engine takes it. */
export type SessionStartSource = Extract<EngineEventInput, { type: "session-started" }>["source"];
const SESSION_START_SOURCES: ReadonlySet<string> = new Set<SessionStartSource>(["startup", "resume", "compact", "clear", "fork"]);

/** A host's own word for why a session started, when it is one the engine knows (Claude Code's and Codex's are). */
export const isSessionStartSource = (source: string): source is SessionStartSource => SESSION_START_SOURCES.has(source);

/** A change to the host's own goal, seen by the adapter where no prompt hook sees it. */
export type NativeGoalChange =
  | { readonly change: "cleared" }
  | { readonly change: "set"; readonly objective: string }
  /** The host's goal as read from its own record (null: none), and a fingerprint of that record: the engine acts on what changed. */
  | { readonly change: "observed"; readonly goal: HostGoal | null; readonly signature: string };

/** What a host's record of token use has said so far: the session's tokens, and the last entry counted (entries a record repeats are counted once). */
export interface TokenTally {
  readonly tokens: number;
  readonly last: string | null;
  /**
   * Usage in these lines no model response can have (more tokens in one message than a model's context
   * and output hold), left out of `tokens`, in words: the kit tells the user it was forged, never charges it.
   */
  readonly implausible?: string;
  /**
   * The model responses these lines hold (each counted once, whatever its lines): the kit bounds them by
   * what goalpost's hooks saw of the turn (each response ends in a tool call, a stop or a prompt's
   * answer). Left out by a record of running totals.
   */
  readonly responses?: number;
}

/** A token count as a host's record gives it: a finite number above zero, else 0 (absent, null, garbage). */
export const tokenCount = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;

/**
 * Where and how a host records a session's token use, for a goal's budget. The kit reads only the
 * lines the record gained since its last reading (hook/host-tokens.ts).
 */
export interface HostTokenRecord {
  /** The record's file for this payload (a transcript, a rollout), or null when the payload names none. */
  file(payload: unknown, env: Env): string | null;
  /** The tally after these whole lines, from the tally before them. Input read from a cache is not counted. */
  tally(lines: readonly string[], before: TokenTally): TokenTally;
  /** true: each entry holds the session's total so far, so only the newest counts and a long backlog is read from its end. */
  readonly cumulative?: boolean;
}

/** One payload of a host event, recorded or made for a purpose (warm-up, probes, tests). */
export interface SamplePayload {
  readonly event: string;
  readonly payload: Record<string, unknown>;
}

export interface StatusLineSpec {
  /** The session the host's status JSON names; null when it names none. */
  sessionOf(payload: unknown): string | null;
}

/**
 * The version of this contract. An adapter says which it was written against; the kit refuses one
 * written against another (defineHostAdapter), so a change to the contract is a compile error or a clear
 * message, never a hook that quietly does less. Raised when a member's meaning changes or a required one
 * is added.
 */
export const ADAPTER_SPECIFICATION_VERSION = 2;

export interface HostAdapter {
  /** The contract this adapter was written against: ADAPTER_SPECIFICATION_VERSION. */
  readonly specificationVersion: typeof ADAPTER_SPECIFICATION_VERSION;
  /** The host's id, recorded on every goal: claude-code, codex, … */
  readonly id: string;
  /** The host's name for people: Claude Code. */
  readonly displayName: string;
  /** The adapter's bin: goalpost-claude-code. Installed entries are recognised by it. */
  readonly bin: string;
  /** What core knows of the host: its tools, MCP naming, subagent marking, native goal. */
  readonly profile: HostProfile;
  /** Every hook event goalpost answers, by the host's name for it. */
  readonly events: Readonly<Record<string, HostEvent>>;
  /** goalpost's state root inside the host's home (GOALPOST_HOME overrides it). */
  stateRoot(env: Env): string;
  /** The host's home directory, for detection and for people. */
  home(env: Env): string;
  /** Which session a payload (already checked by its event's schema) belongs to. */
  sessionOf(payload: unknown): PayloadSession;
  /** The variable the host sets, in hooks and in the agent's shell, to the project's root. */
  readonly projectDirVariable?: string;
  /**
   * true when the host may send no directory and then runs hooks somewhere that is no project (VS Code
   * with no folder open: the user's home). Without a directory from the host or the session's record,
   * goalpost then does nothing rather than key a goal by a guessed one.
   */
  readonly requiresProjectDir?: boolean;
  /**
   * true when this hook run comes from another host that reads the same hook folder (Copilot CLI also
   * runs the hook files VS Code reads from `~/.copilot/hooks/`, and says so in its environment): the
   * hook then answers nothing, and it is no fault.
   */
  foreignRun?(env: Env): boolean;
  /**
   * true when a payload (parsed, not yet checked) is another host's, sent to this adapter's hook file
   * from a folder both hosts read (VS Code runs the hook files in `~/.copilot/hooks/`, Copilot CLI's
   * included, with payloads that name their event): answered with nothing, and no fault recorded.
   */
  foreignPayload?(payload: unknown): boolean;
  /** The variable the host sets in the agent's shell commands to the session id (shell goal tools). */
  readonly sessionVariable?: string;
  /**
   * A change to the host's own goal that no prompt hook sees (Claude Code runs its `/goal clear`
   * inside the host; Codex's goal is set in its UI or by its create_goal tool); asked before the
   * event is handled, at the events core picks from the profile's `hostGoalChanges` (a turn's edges, or
   * every main-session event; never a subagent's). Keep it cheap: it runs on the hook path. `session()` reads the session as goalpost
   * has it, read-only (null before its first hook), only when called — an event the adapter does not look
   * at costs no read; what it answers is acted on by the engine, never written here.
   */
  nativeGoalChange?(
    payload: unknown,
    event: EngineEventInput,
    session: () => Readonly<SessionFile> | null,
    env: Env,
  ): NativeGoalChange | null;
  /**
   * Directories and files where the host keeps its own record of what happened (Codex's session
   * rollouts and goal store), when the adapter reads receipts or goal state from them: the agent may
   * not write into them.
   */
  hostRecords?(env: Env): readonly string[];
  /**
   * The host's own record of the session's tool calls (Claude Code's transcript), read at a stop to
   * mark the agent's receipts corroborated or not; null when the payload names none.
   */
  hostToolRecord?(payload: unknown): HostToolRecord | null;
  /**
   * What the host's own record says the user typed in the session (Claude Code's transcript), oldest
   * first: a goal command it shows is the user's own and is not told back as possibly someone else's.
   * Read at a user's prompt only when a decision waits to be told; null when the record cannot say.
   */
  hostUserPrompts?(payload: unknown, env: Env): readonly string[] | null;
  /**
   * A record of the session's tool calls read for its working context only (the files it worked on,
   * given back after a compaction with no goal), where the host's log may lag a turn and so must not
   * judge receipts (Copilot CLI's event log); null when there is none. Without it, hostToolRecord serves.
   */
  hostWorkRecord?(payload: unknown, env: Env): HostToolRecord | null;
  /**
   * Where the host records the session's token use (Claude Code's transcript, Codex's rollout); absent
   * where it records none, and a goal's budget then counts turns and working time only.
   */
  readonly hostTokens?: HostTokenRecord;
  /**
   * The host's status line (Claude Code's statusLine, Copilot CLI's custom footer): a command it runs
   * with the session's status JSON on stdin. goalpost's segment shows there (hook/status-line.ts).
   */
  readonly statusLine?: StatusLineSpec;
  /**
   * The host's hook answers carry nothing for the user (Copilot CLI), but a process of goalpost's runs
   * inside it (an extension): the notes a hook would give the user go to the session's outbox, which
   * that process shows (hook/note-outbox.ts).
   */
  readonly noteOutbox?: boolean;
  /**
   * The `_meta` keys of a goal-tool call over MCP that carry the tool-use id goalpost's PreToolUse hook
   * recorded for it (Claude Code's `claudecode/toolUseId`, Codex's `callId`): the call is tied to its
   * session through that record, once. Absent: the calls name their session in arguments (VS Code).
   */
  readonly mcpCallIdKeys?: readonly string[];
  readonly install: InstallSpec;
  /** Payloads that run the hot hook paths once: before the hook server listens, and into the loader's code cache. */
  readonly warmUp: readonly SamplePayload[];
  /** A harmless payload doctor and install run through the installed command to prove it answers. */
  readonly probe: SamplePayload;
  /** Host-specific doctor checks, after the kit's own. */
  doctorChecks?(context: DoctorContext): DoctorCheck[];
}

export interface DoctorContext {
  readonly adapter: HostAdapter;
  readonly projectDir: string;
  readonly cliPath: string;
  readonly env: Env;
}

export interface DoctorCheck {
  readonly ok: boolean;
  readonly label: string;
  readonly detail: string;
}

/** Checks an adapter value when it is made: the contract's version, and every hook event named at install has a spec. */
export function defineHostAdapter(adapter: HostAdapter): HostAdapter {
  const version: unknown = adapter.specificationVersion;
  if (version !== ADAPTER_SPECIFICATION_VERSION)
    throw new Error(
      `adapter ${adapter.id} was written against version ${String(version)} of the kit's adapter contract; this kit speaks version ${ADAPTER_SPECIFICATION_VERSION} (see the kit's README, "The adapter contract")`,
    );
  for (const event of adapter.install.hookEvents) {
    if (!Object.hasOwn(adapter.events, event))
      throw new Error(`adapter ${adapter.id}: install names the hook event "${event}", which has no event spec`);
  }
  if (!Object.hasOwn(adapter.events, adapter.probe.event))
    throw new Error(`adapter ${adapter.id}: the probe's event "${adapter.probe.event}" has no event spec`);
  return adapter;
}
