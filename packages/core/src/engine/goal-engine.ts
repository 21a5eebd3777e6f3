// The goal engine: host-neutral events in, decisions out. All policy lives in its handlers, one per
// event type (handlers/); adapters only translate payloads to events and decisions to host output.
// What it knows of the host comes from the host's profile.

import { InvalidInputError } from "../errors.js";
import { GENERIC_HOST_PROFILE, type HostProfile } from "../host/host-profile.js";
import type { GoalStore } from "../store/goal-store.js";
import type { StartVerification } from "../verify/verification-request.js";
import { DEFAULT_ENGINE_CONFIG, type EngineConfig } from "./engine-config.js";
import { createEngineContext } from "./engine-context.js";
import { type EngineDecision, type EngineEvent, type EngineEventInput, engineEventSchema, NO_DECISION } from "./engine-event.js";
import { EVENT_HANDLERS, type EventHandler } from "./handlers/index.js";
import type { LookUpIssue } from "./issue-notice.js";
import { sessionArgumentsNote } from "./policy-text.js";

export interface GoalEngineOptions {
  readonly store: GoalStore;
  readonly config?: EngineConfig;
  /** The host's tool vocabulary and habits (see defineHostProfile); a generic one when left out. */
  readonly profile?: HostProfile;
  /** The host's configuration files that hold goalpost's entries (the adapter's install targets). */
  readonly protectedFiles?: readonly string[];
  /** Directories of the host's own records that receipts are read from (Codex's session rollouts). */
  readonly protectedDirs?: readonly string[];
  /** Other hosts' state roots on this machine, for continuing their goals here (see store-registry.ts). */
  readonly peerRoots?: () => readonly string[];
  /** Starts goalpost's run of a goal's checks; in this process when left out (an adapter starts its own process). */
  readonly startVerification?: StartVerification;
  /**
   * Called before the engine waits (for goalpost's run of the checks to land, at a stop). A caller that
   * must never wait — the hook server, which answers every session — throws here, before anything is
   * written, and has the hook run where waiting is fine.
   */
  readonly beforeWait?: () => void;
  /**
   * Looks up the title and milestone of the GitHub issue a session works on (`recordIssueInfo` writes
   * them back), off the hook's path; left out, the issue's number alone is shown.
   */
  readonly lookUpIssue?: LookUpIssue;
}

export interface GoalEngine {
  /** Validates the event and decides. Throws InvalidInputError for a malformed event. */
  handle(event: EngineEventInput): EngineDecision;
  readonly config: EngineConfig;
}

/** A subagent's events that the engine looks at; the rest of what a subagent does is not the goal's. */
const SUBAGENT_EVENTS = new Set<EngineEvent["type"]>(["subagent-started", "subagent-stopped", "tool-about-to-run"]);

export function createGoalEngine(options: GoalEngineOptions): GoalEngine {
  const config = options.config ?? DEFAULT_ENGINE_CONFIG;
  const context = createEngineContext(
    options.store,
    config,
    options.profile ?? GENERIC_HOST_PROFILE,
    options.protectedFiles ?? [],
    options.protectedDirs ?? [],
    options.peerRoots,
    options.startVerification,
    options.beforeWait,
    options.lookUpIssue,
  );

  function handle(input: EngineEventInput): EngineDecision {
    const parsed = engineEventSchema.safeParse(input);
    if (!parsed.success) {
      throw new InvalidInputError(
        "engine event",
        parsed.error.issues.map((issue) => `${issue.path.join(".") || "event"}: ${issue.message}`),
      );
    }
    const event = parsed.data;
    if (event.subagent && !SUBAGENT_EVENTS.has(event.type)) return NO_DECISION;
    const handler = EVENT_HANDLERS[event.type] as EventHandler<typeof event.type>;
    const result = handler(context, event as never);
    return context.profile.sessionArguments ? withSessionArguments(event, result) : result;
  }

  /**
   * Where the host's MCP calls cannot name their chat, the model must be told the session and cwd the
   * goal tools take — at session start and every prompt, goal or not — and the session must be on
   * file for the tools to accept it before any /goal. On a host that keeps prompt context, a prompt
   * adds nothing while the model has the goal block, whose guidance says them already.
   */
  function withSessionArguments(event: EngineEvent, result: EngineDecision): EngineDecision {
    if (event.subagent || (event.type !== "session-started" && event.type !== "prompt-submitted")) return result;
    const { store } = context;
    if (!store.peek(event.sessionId)) store.update(context.identityOf(event), () => undefined);
    const session = store.peek(event.sessionId);
    const cwd = session?.cwd ?? event.cwd;
    const note = sessionArgumentsNote(event.sessionId, cwd);
    if (result.context?.includes(note)) return result;
    // Said already in this conversation (with the goal block it has), and this answer gives no block of its own.
    const givesBlock = /<session_goal [^>]*form="(?:full|compact)"/.test(result.context ?? "");
    if (event.type === "prompt-submitted" && context.profile.keepsPromptContext && session?.sentGoal && !givesBlock)
      return result;
    return { ...result, context: result.context ? `${result.context}\n\n${note}` : note };
  }

  return { handle, config };
}
