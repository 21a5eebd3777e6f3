// One event, top to bottom. Every event takes the same road; each step says which events it acts on:
//
//   1. read the world the kit collected  (the user's PATH, the host's token count)
//   2. join the machine's registry       (a session's start, a prompt)
//   3. the host's own goal               (mirrored before the event, as its own event)
//   4. the event's handler               (handlers/: the user's commands, the goal's state, budgets,
//                                         verification, what the model sees)
//   5. watch the turn                    (a user's prompt marks what keeps goalpost working; a stop compares)
//   6. the host's record of tool calls   (a stop: the agent's receipts are checked against it; a start
//                                         after compaction with no goal: the files the session worked on)
//   7. what the user hears               (decisions taken since their last prompt, breaches, problems
//                                         met on the way) → the answer
//
// The kit supplies the world (host-world.ts) and writes the answer; it decides nothing.

import { corroborateReceipts } from "../session/receipt-corroboration.js";
import { activeGoal } from "../session/session-goals.js";
import { workFromRecord } from "../session/session-work.js";
import { knownOpenGoal } from "../store/known-open-goal.js";
import { hasUntold, type Notice, noticesOf } from "../store/notice-log.js";
import { isMarkedOpen } from "../store/open-goal-markers.js";
import { takeUntold } from "../store/record-notice.js";
import { registerStoreRoot } from "../store/store-registry.js";
import type { EngineContext } from "./engine-context.js";
import { type EngineDecision, type EngineEvent, type EngineEventInput, isMainStop } from "./engine-event.js";
import { parseGoalCommand } from "./goal-command.js";
import type { HostWorld } from "./host-world.js";
import { promptHash } from "./typed-prompts.js";

interface PipelineSteps {
  /** Checks an event the engine makes itself (the host goal's) and decides it. */
  decideInput(event: EngineEventInput): EngineDecision;
  /** Decides a checked event: its handler (handlers/). */
  decide(event: EngineEvent): EngineDecision;
}

export function runEventPipeline(
  context: EngineContext,
  checked: EngineEvent,
  world: HostWorld,
  steps: PipelineSteps,
): EngineDecision {
  const event = readTheWorld(context, checked, world);
  joinRegistry(context, event, world);
  const mirrored = mirrorHostGoal(context, event, world, steps);
  // Taken before this prompt's own decision is recorded: what came since the user's last prompt.
  const decisions = decisionsToTell(context, event, world);
  workFromHostRecord(context, event, world);
  // A stop's turn is judged first: its decision may wait for a run, and another tool's Stop hook that ends
  // the turn can leave this hook cut short by the host — what the turn changed must be seen by then.
  if (isMainStop(event)) world.checkTurn?.();
  const decided = steps.decide(event);
  markTheTurn(context, event, world);
  const breaches = breachesToTell(event, world);
  checkReceipts(context, event, world);
  if (event.type === "session-ended" && !event.subagent) world.sessionEnded?.();
  return whatTheUserHears(mergeDecisions(mirrored, decided), event, [...decisions, ...(world.notices ?? []), ...breaches]);
}

/**
 * A prompt or a stop of the main session, with a goal open or being set: the session's tokens as the
 * host's record says, for the goal's budget; a prompt brings the user's PATH, for a goal it sets.
 * Other events, and sessions with no goal, read nothing.
 */
function readTheWorld(context: EngineContext, event: EngineEvent, world: HostWorld): EngineEvent {
  if (event.type !== "stop-requested" && event.type !== "prompt-submitted") return event;
  const withPath = event.type === "prompt-submitted" && world.searchPath ? { ...event, searchPath: world.searchPath } : event;
  if (!world.tokensUsed || event.subagent) return withPath;
  const setting = event.type === "prompt-submitted" && parseGoalCommand(event.prompt)?.kind === "set";
  if (!setting && !isMarkedOpen(context.store.root, event.sessionId)) return withPath;
  const tokensUsed = world.tokensUsed();
  return tokensUsed === null ? withPath : { ...withPath, tokensUsed };
}

/** Where a session starts or a prompt comes, this store joins the machine's registry (for `/goal continue` elsewhere). */
function joinRegistry(context: EngineContext, event: EngineEvent, world: HostWorld): void {
  if (world.env && (event.type === "session-started" || event.type === "prompt-submitted"))
    registerStoreRoot(context.store.root, world.env);
}

/** Where a host whose own goal changes only between turns can have had it changed (host-profile.ts). */
const TURN_EDGES: ReadonlySet<EngineEvent["type"]> = new Set(["prompt-submitted", "stop-requested", "session-started"]);

/**
 * The host's own goal, looked at where it can have changed: never at a subagent's event (its goal is the
 * main session's), and only at a turn's edges on a host where the user alone changes it between turns —
 * a look may read a file (Claude Code's transcript), which a tool call should not pay for.
 */
function mirrorHostGoal(
  context: EngineContext,
  event: EngineEvent,
  world: HostWorld,
  steps: PipelineSteps,
): EngineDecision | null {
  if (!world.nativeGoalChange || event.subagent) return null;
  if (context.profile.hostGoalChanges === "between-turns" && !TURN_EDGES.has(event.type)) return null;
  const change = world.nativeGoalChange(event);
  if (!change) return null;
  const { sessionId, host, cwd } = event;
  return steps.decideInput({ type: "native-goal-changed", sessionId, host, cwd, ...change } as EngineEventInput);
}

/** What keeps goalpost working, marked as the user's turn starts (after the prompt's decision: the goal it set counts). */
function markTheTurn(context: EngineContext, event: EngineEvent, world: HostWorld): void {
  if (event.type === "prompt-submitted" && !event.subagent && event.origin !== "host")
    world.markTurnStart?.(knownOpenGoal(context.store.root, event.sessionId)?.id ?? null);
}

/**
 * The loosening decisions taken from prompts since the user's last one (prompt-submitted.ts records
 * them), told back at the user's own prompt: one the user did not make was made by something that ran
 * goalpost's prompt hook in their name. One the host's own record shows the user typed is theirs, and
 * an honest command is not echoed back as a possible attack.
 */
function decisionsToTell(context: EngineContext, event: EngineEvent, world: HostWorld): string[] {
  if (event.type !== "prompt-submitted" || event.subagent || event.origin !== "user") return [];
  const root = context.store.root;
  if (!hasUntold(root, "decision")) return [];
  const saidInSession = noticesOf(root, "decision").some(
    (notice) => notice.told === true && notice.sessionId === event.sessionId,
  );
  const taken = takeUntold(root, "decision");
  if (taken.length === 0) return [];
  const list = (decisions: readonly Notice[]) =>
    decisions.map((decision) => `${decision.message} at ${decision.at.slice(11, 19)} UTC`).join("; ");
  const typed = world.userPrompts?.() ?? null;
  if (typed !== null) {
    const theirs = new Set(typed.map(promptHash));
    const unsettled = taken.filter((decision) => !decision.promptHash || !theirs.has(decision.promptHash));
    if (unsettled.length === 0) return [];
    return [
      `goalpost: taken as your word: ${list(unsettled)}, which the host's record does not show you typed. If that was not you, something the agent ran spoke for you: undo it with /goal, and see \`goalpost status\`.`,
    ];
  }
  // No record of what the user typed can settle it: said once in a session, not at every honest
  // command; every one stays in `goalpost status`.
  if (saidInSession) return [];
  return [
    `goalpost: taken as your word: ${list(taken)}. This host keeps no record goalpost can check your typing against, so this is said once a session (\`goalpost status\` lists every one): if that was not you, something the agent ran spoke for you; undo it with /goal.`,
  ];
}

/** Where breaches are told: the user's own prompt, or a session's start. */
const BREACHES_TOLD_AT = new Set<EngineEvent["type"]>(["session-started", "prompt-submitted"]);

function breachesToTell(event: EngineEvent, world: HostWorld): readonly string[] {
  return BREACHES_TOLD_AT.has(event.type) && !event.subagent ? (world.takeBreaches?.() ?? []) : [];
}

/** At a stop the host's record holds the turn's calls: the agent's receipts are checked against it. */
function checkReceipts(context: EngineContext, event: EngineEvent, world: HostWorld): void {
  if (event.type !== "stop-requested" || !world.toolRecord) return;
  try {
    const record = world.toolRecord();
    if (record) corroborateReceipts(context.store, context.identityOf(event), record);
  } catch (error) {
    world.notices?.push(`goalpost: could not check the agent's receipts (${(error as Error).message}).`);
  }
}

/**
 * A compaction with no goal open: the hooks saw none of the session's ordinary calls (the fast path
 * answers them unstarted), so the files it worked on come from the host's record of them — read at the
 * start after the compaction, or, on hosts with no such start, as it is about to run (the record then
 * holds the turns before it, and the files are what the first prompt after it gives back).
 */
function workFromHostRecord(context: EngineContext, event: EngineEvent, world: HostWorld): void {
  const read = world.workRecord ?? world.toolRecord;
  const compaction = (event.type === "session-started" && event.source === "compact") || event.type === "compaction-about-to-run";
  if (!compaction || event.subagent || !read) return;
  if (activeGoal(context.store.peek(event.sessionId))) return;
  try {
    const record = read();
    if (record && record.calls.size > 0)
      context.store.update(context.identityOf(event), (state) => workFromRecord(state, record));
  } catch (error) {
    world.notices?.push(`goalpost: could not read the host's record of the session's tool calls (${(error as Error).message}).`);
  }
}

/** Events whose answer the user sees (a prompt's, a stop's, a session's start): what they must hear goes there. */
const USER_FACING = new Set<EngineEvent["type"]>(["session-started", "prompt-submitted", "stop-requested"]);

function whatTheUserHears(decision: EngineDecision, event: EngineEvent, notices: readonly string[]): EngineDecision {
  if (notices.length === 0 || !USER_FACING.has(event.type)) return decision;
  return { ...decision, userNote: [decision.userNote, ...notices].filter(Boolean).join("\n") };
}

/** Two decisions as one: contexts joined in order, the second's action and user note first. */
function mergeDecisions(first: EngineDecision | null, second: EngineDecision): EngineDecision {
  if (!first) return second;
  const context = [first.context, second.context].filter(Boolean).join("\n\n");
  const userNote = second.userNote ?? first.userNote;
  return { ...second, ...(context ? { context } : {}), ...(userNote ? { userNote } : {}) };
}
