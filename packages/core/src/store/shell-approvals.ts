// The shell goal tools act only on a run the main session's PreToolUse hook saw: the hook notes the
// verb and its words in the session, and the bin takes that note (once) before it acts. A subagent's
// run, a run hidden in `bash -c`, a variable or a pipe, or a `--session` naming another session finds
// no note and is refused: the host saw no such call from the main agent.
import { sha256 } from "../record/sha256.js";
import type { GoalStore, SessionIdentity } from "./goal-store.js";

/** How long a note waits for its run: the bin starts right after the hook answers. */
const APPROVAL_MAX_AGE_MS = 10 * 60 * 1000;

/** The note's key: the verb and its words, as the bin receives them. */
export function approvalHash(verb: string, args: readonly string[]): string {
  return sha256(JSON.stringify([verb, ...args]));
}

/** Takes the hook's note for this run out of the session; whether there was one. */
export function takeApproval(store: GoalStore, identity: SessionIdentity, verb: string, args: readonly string[]): boolean {
  if (!store.peek(identity.sessionId)) return false;
  const hash = approvalHash(verb, args);
  const cutoff = store.now().getTime() - APPROVAL_MAX_AGE_MS;
  const { result } = store.update(identity, (session) => {
    session.approvals = session.approvals.filter((entry) => Date.parse(entry.at) >= cutoff);
    const index = session.approvals.findIndex((entry) => entry.hash === hash);
    if (index === -1) return false;
    session.approvals.splice(index, 1);
    return true;
  });
  return result;
}
