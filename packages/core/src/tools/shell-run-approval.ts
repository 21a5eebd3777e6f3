// Which goal tool runs from the shell (`<bin> open|update|close '<json>'`) need the main session's hook
// to have seen that very run: reading is free, and opening a first goal only adds duties; changing or
// closing one, or opening another over it, acts only on the hook's word (store/shell-approvals.ts), so a
// subagent, a run hidden in `bash -c` or a variable, or another session's id is refused.
import type { GoalCommandVerb } from "../evidence/goal-tool-names.js";
import { activeGoal } from "../session/session-goals.js";
import type { GoalStore, SessionIdentity } from "../store/goal-store.js";
import { takeApproval } from "../store/shell-approvals.js";

/** Whether this run may act; takes the hook's note for it when one is needed. */
export function shellRunAllowed(
  store: GoalStore,
  caller: SessionIdentity,
  command: GoalCommandVerb,
  args: readonly string[],
): boolean {
  const needsApproval =
    command === "update" || command === "close" || (command === "open" && activeGoal(store.peek(caller.sessionId)));
  return !needsApproval || takeApproval(store, caller, command, args);
}
