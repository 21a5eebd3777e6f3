// Histories stay bounded however long a session runs, and eviction has priorities: tool noise goes
// first, and an open/update/close/refusal event is never pushed out by tool calls (they live apart).
import type { EvidenceKind, GoalEvent, GoalRecord, Receipt, ToolHistoryEntry } from "./goal-record.js";

export const HISTORY_LIMITS = {
  /** Goal events (opened, updated, closed, refused, ...). The first event, the open, is always kept. */
  events: 100,
  /** Tool calls. */
  toolCalls: 60,
  /** Verification receipts. */
  receipts: 30,
} as const;

/** Lower evicts first. Evidence that the gate reads outlives plain noise. */
const KEEP_PRIORITY: Record<EvidenceKind, number> = { other: 0, goal: 0, inspection: 1, action: 2, verification: 3 };

export function pushGoalEvent(goal: GoalRecord, event: GoalEvent): GoalRecord {
  const history = [...goal.history, event];
  if (history.length > HISTORY_LIMITS.events) history.splice(1, history.length - HISTORY_LIMITS.events);
  return { ...goal, history };
}

export function pushToolCall(goal: GoalRecord, entry: ToolHistoryEntry): GoalRecord {
  const toolHistory = [...goal.toolHistory, entry];
  while (toolHistory.length > HISTORY_LIMITS.toolCalls) {
    // The oldest entry of the lowest priority present goes; the newest entry always stays.
    let victim = 0;
    for (let index = 1; index < toolHistory.length - 1; index++) {
      if (KEEP_PRIORITY[toolHistory[index]!.kind] < KEEP_PRIORITY[toolHistory[victim]!.kind]) victim = index;
    }
    toolHistory.splice(victim, 1);
  }
  return { ...goal, toolHistory };
}

export function pushReceipt(goal: GoalRecord, receipt: Receipt): GoalRecord {
  const receipts = [...goal.receipts, receipt];
  // Passing receipts are the ones the gate needs: a failing one is evicted first.
  while (receipts.length > HISTORY_LIMITS.receipts) {
    const failing = receipts.findIndex((entry, index) => entry.passed !== true && index < receipts.length - 1);
    receipts.splice(failing === -1 ? 0 : failing, 1);
  }
  return { ...goal, receipts };
}
