// The goal engine: host-neutral events in, decisions out. All policy lives in its handlers, one per
// event type (handlers/); adapters only translate payloads to events and decisions to host output.
// What it knows of the host comes from the host's profile.

import { InvalidInputError } from "../base/errors.js";
import type { EngineConfig } from "../config/engine-config.js";
import { withSessionSecrets } from "../session/session-secrets.js";
import { createEngineContext, type GoalEngineOptions } from "./engine-context.js";
import { type EngineDecision, type EngineEvent, type EngineEventInput, engineEventSchema, NO_DECISION } from "./engine-event.js";
import { runEventPipeline } from "./event-pipeline.js";
import { EVENT_HANDLERS, type EventHandler } from "./handlers/index.js";
import type { HostWorld } from "./host-world.js";
import { sessionArgumentsNote } from "./policy-text.js";

export type { GoalEngineOptions };

export interface GoalEngine {
  /**
   * Validates the event and decides, asking the world around it what the event's steps need
   * (event-pipeline.ts). Throws InvalidInputError for a malformed event.
   */
  handle(event: EngineEventInput, world?: HostWorld): EngineDecision;
  readonly config: EngineConfig;
}

/** A subagent's events that the engine looks at; the rest of what a subagent does is not the goal's. */
const SUBAGENT_EVENTS = new Set<EngineEvent["type"]>(["subagent-started", "subagent-stopped", "tool-about-to-run"]);

export function createGoalEngine(options: GoalEngineOptions): GoalEngine {
  const context = createEngineContext(options);

  function check(input: EngineEventInput): EngineEvent {
    const parsed = engineEventSchema.safeParse(input);
    if (!parsed.success) {
      throw new InvalidInputError(
        "engine event",
        parsed.error.issues.map((issue) => `${issue.path.join(".") || "event"}: ${issue.message}`),
      );
    }
    return parsed.data;
  }

  function decide(event: EngineEvent): EngineDecision {
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

  const steps = { decide, decideInput: (input: EngineEventInput) => decide(check(input)) };
  const handle = (input: EngineEventInput, world: HostWorld = {}) => {
    const event = check(input);
    // What this event redacts is remembered for the session's later events, and what earlier ones did applies here.
    return withSessionSecrets(context.store.root, event.sessionId, () => runEventPipeline(context, event, world, steps));
  };
  return { handle, config: context.config };
}
