// The user's word on what a goal may cost: `goal: budget 2h, 200k` (or `/goal budget …`) sets the open goal's budget, the dimensions named replacing the old ones; a goal whose
// budget was spent is taken up again when the new one leaves room. `goal: budget` alone shows the spend.
// Only prompts the user typed reach here: the model can neither set nor raise a budget.

import { takeUpGoal } from "../lifecycle/goal-lifecycle.js";
import { budgetText, budgetUsed, type GoalBudget, mergeBudget, spendText, WIND_DOWN_AT } from "../record/goal-budget.js";
import type { GoalRecord } from "../record/goal-record.js";
import { activeGoal, replaceGoal } from "../session/session-goals.js";
import { quotedGoal } from "../text/goal-text.js";
import { decision, type EngineContext } from "./engine-context.js";
import type { EngineDecision, EngineEventOf } from "./engine-event.js";

type Event = EngineEventOf<"prompt-submitted">;

/** "goalpost: goal X has spent 3 of 5 turns, 12 min of 2 h." */
export function spendLine(goal: GoalRecord): string {
  return `goalpost: goal ${quotedGoal(goal)} has spent ${spendText(goal.budget, goal.spent)}${goal.budget ? "" : " (no budget set)"}.`;
}

export function onBudgetCommand(context: EngineContext, event: Event, budget: GoalBudget | null): EngineDecision {
  const open = activeGoal(context.store.peek(event.sessionId));
  if (!open) {
    const text = "goalpost: there is no open goal here; `goal: <what done means> budget 2h` sets one with a budget.";
    return decision({ context: text, userNote: text });
  }
  if (!budget) return decision({ userNote: spendLine(open) });
  const { session, result: goal } = context.store.update(context.identityOf(event), (state) => {
    const found = activeGoal(state);
    if (!found) return null;
    const next = { ...found, budget: mergeBudget(found.budget, budget) };
    const used = budgetUsed(next.budget, next.spent);
    const raised =
      found.status === "budget-limited" && used < 1
        ? takeUpGoal(next, `budget raised by the user to ${budgetText(next.budget)}`, context.now())
        : // Room again below the wind-down share: the next wind-down is said afresh.
          { ...next, spent: used < WIND_DOWN_AT ? { ...next.spent, windDownAt: null } : next.spent };
    replaceGoal(state, raised);
    return raised;
  });
  if (!goal) return decision({ userNote: "goalpost: the goal closed meanwhile; nothing changed." });
  const still = goal.status === "budget-limited" ? " It is still spent: raise what ran out to carry on." : "";
  const userNote = `goalpost: goal ${quotedGoal(goal)}'s budget is now ${budgetText(goal.budget!)}; spent so far ${spendText(goal.budget, goal.spent)}.${still}`;
  // Taken up again: the model gets the goal back, with its new status.
  return goal.status === "budget-limited"
    ? decision({ userNote })
    : decision({ context: context.render(session, goal, "compact"), userNote });
}
