// The agent's receipts, checked against the host's own record of tool calls (Claude Code's transcript):
// a receipt is corroborated when that record holds a call with its tool-use id, the same command and a
// result. A pair fed to goalpost's hook by a script of the agent's never reaches the host's record, so
// it shows as uncorroborated (in red in the report). Receipts no longer close a goal; this is what the
// user sees of the agent's own runs.

import type { Receipt } from "../record/goal-record.js";
import type { GoalStore, SessionIdentity } from "../store/goal-store.js";
import { sanitizeText } from "../text/sanitize-text.js";
import { replaceGoal } from "./session-goals.js";

/** One tool call as the host recorded it. */
export interface HostToolCall {
  /** The shell command it ran, when it was a shell call. */
  readonly command?: string;
  /** Whether the host recorded its result. */
  readonly hasResult: boolean;
  /** The call's input as recorded (the working context reads the files it names). */
  readonly input?: unknown;
}

/** The host's record, read by the adapter: calls by tool-use id in the order made, and the earliest time it covers. */
export interface HostToolRecord {
  readonly calls: ReadonlyMap<string, HostToolCall>;
  /** The record (or the part of it read) begins here; a receipt older than this is not judged. */
  readonly since: string | null;
}

/** A command as a receipt stores it (summarizeToolCall's form): the record's goes through the same redaction and cut. */
const stored = (tool: string, command: string) => sanitizeText(`${tool}: ${command}`, { maxLength: 200 }).replace(/^[^:]*: /, "");

function judge(receipt: Receipt, record: HostToolRecord): boolean | undefined {
  if (!receipt.toolUseId) return undefined;
  const call = record.calls.get(receipt.toolUseId);
  if (!call) return record.since !== null && record.since <= receipt.at ? false : undefined;
  const sameCommand =
    receipt.command === undefined || (call.command !== undefined && stored(receipt.tool, call.command) === receipt.command);
  return sameCommand && call.hasResult;
}

/** Marks every receipt of the session's goals not yet judged; returns how many it judged false. */
export function corroborateReceipts(store: GoalStore, identity: SessionIdentity, record: HostToolRecord): number {
  const session = store.peek(identity.sessionId);
  const pending = session?.goals.some((goal) =>
    goal.receipts.some((receipt) => receipt.toolUseId && receipt.corroborated === undefined),
  );
  if (!pending) return 0;
  const { result } = store.update(identity, (state) => {
    let forged = 0;
    for (const goal of state.goals) {
      let changed = false;
      const receipts = goal.receipts.map((receipt) => {
        if (receipt.corroborated !== undefined) return receipt;
        const verdict = judge(receipt, record);
        if (verdict === undefined) return receipt;
        changed = true;
        if (verdict === false) forged += 1;
        return { ...receipt, corroborated: verdict };
      });
      if (changed) replaceGoal(state, { ...goal, receipts });
    }
    return forged;
  });
  return result;
}
