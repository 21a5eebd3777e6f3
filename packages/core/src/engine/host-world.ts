// What the engine may ask of the world around an event: the host's records, goalpost's own watch on
// the host's settings, what was met on the way. The kit supplies it (each reader reads only when a step
// of the pipeline asks, event-pipeline.ts); a harness that embeds core supplies what it has, or nothing.
// The engine decides when each is read — the kit never branches on the event.
import type { Env } from "../base/env.js";
import type { HostToolRecord } from "../session/receipt-corroboration.js";
import type { EngineEventInput } from "./engine-event.js";

/** The host's own goal, changed where no prompt of goalpost's saw it: a native-goal-changed event's fields. */
export type NativeGoalChangeFields = Omit<
  Extract<EngineEventInput, { type: "native-goal-changed" }>,
  "type" | "sessionId" | "host" | "cwd" | "subagent"
>;

export interface HostWorld {
  /** The environment the hook runs in: this host's store joins the machine's registry from it. */
  readonly env?: Env;
  /** The PATH the host gives its hooks (the user's): a goal's checks run with it, never the agent's. */
  readonly searchPath?: string;
  /** The session's tokens as the host's record counts them; null when it cannot say. */
  tokensUsed?(): number | null;
  /** The host's own goal, if it changed (Claude Code's `/goal`, Codex's goal store): mirrored first. */
  nativeGoalChange?(event: EngineEventInput): NativeGoalChangeFields | null;
  /** The host's record of the turn's tool calls: the agent's receipts are checked against it at a stop. */
  toolRecord?(): HostToolRecord | null;
  /**
   * A record of the session's tool calls good for its working context only — the files it worked on —
   * where the host's log may lag a turn and so cannot vouch for a receipt (Copilot CLI's event log).
   * Without it, toolRecord serves.
   */
  workRecord?(): HostToolRecord | null;
  /**
   * What the host's own record says the user typed in this session, oldest first (Claude Code's
   * transcript): a decision taken from a prompt it shows is the user's own and is not told back. Null
   * when the record cannot say.
   */
  userPrompts?(): readonly string[] | null;
  /** The user's turn starts: what keeps goalpost working is marked (the goal open now, if any). */
  markTurnStart?(openGoalId: string | null): void;
  /** The turn stops: what changed since its start is recorded, to be told (see takeBreaches). */
  checkTurn?(): void;
  /** What was done to goalpost that it saw and could not prevent, not told yet; taken, it is told once. */
  takeBreaches?(): readonly string[];
  /** The main session ended: what was kept for it per hook goes. */
  sessionEnded?(): void;
  /**
   * What went wrong on the way that the user should hear (a record that could not be read, a store
   * problem): the engine and the kit add to it; a user-facing answer carries it.
   */
  readonly notices?: string[];
}
