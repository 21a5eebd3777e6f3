// What a goal may cost and what it has cost: a budget of turns, working time and tokens the user set
// (`/goal … budget 2h`, `/goal budget 200k`, or the config's default), and the spend goalpost counted.
// A turn is one time the agent ended its work (a stop, let through or not); working time runs from a
// turn's start (the user's prompt, or the refused stop that sent the agent back) to its end, so a goal
// left open overnight spends nothing; tokens are what the host's own record says the session used
// (input not read from a cache, plus output), and stay null where the host records none.
import * as z from "zod/mini";
import { described } from "../base/described.js";

const nonNegativeInt = z.int().check(z.nonnegative());
const limit = (description: string) => described(z._default(z.nullable(z.int().check(z.positive())), null), description);

export const goalBudgetSchema = z.object({
  turns: limit("Turns the agent may take on the goal; null: no limit."),
  seconds: limit("Working time in seconds; null: no limit."),
  tokens: limit("Tokens, as the host records them; null: no limit."),
});
export type GoalBudget = z.infer<typeof goalBudgetSchema>;

export const goalSpendSchema = z.object({
  turns: described(z._default(nonNegativeInt, 0), "Turns the agent ended while the goal was open."),
  seconds: described(z._default(nonNegativeInt, 0), "Working time, from each turn's start to its end."),
  tokens: described(
    z._default(z.nullable(nonNegativeInt), null),
    "Tokens the host recorded for the session while the goal was open; null: the host records none.",
  ),
  windDownAt: described(
    z._default(z.nullable(z.string()), null),
    "When the agent was told to wind down (the budget near its end); its next stop ends the goal's turns.",
  ),
});
export type GoalSpend = z.infer<typeof goalSpendSchema>;

export const NO_SPEND: GoalSpend = Object.freeze({ turns: 0, seconds: 0, tokens: null, windDownAt: null });

/** Share of the budget at which the agent is told to wind down. */
export const WIND_DOWN_AT = 0.8;

const DIMENSIONS = ["turns", "seconds", "tokens"] as const;
type Dimension = (typeof DIMENSIONS)[number];

/** The largest share of any limit spent (0 with no budget). */
export function budgetUsed(budget: GoalBudget | null, spent: GoalSpend): number {
  if (!budget) return 0;
  let used = 0;
  for (const dimension of DIMENSIONS) {
    const cap = budget[dimension];
    if (cap !== null) used = Math.max(used, (spent[dimension] ?? 0) / cap);
  }
  return used;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, sec: 1, m: 60, min: 60, h: 3600, hr: 3600, d: 86_400 };
const TOKEN_SCALE: Record<string, number> = { "": 1, k: 1_000, m: 1_000_000 };
const ITEM =
  /^(\d+(?:\.\d+)?)\s*(?:(s|sec|secs|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)|(k|m)?\s*(?:tokens?|tok)|(k)|(turns?))$/i;

/**
 * A budget in the user's words: `2h`, `90 min`, `200k` (tokens), `1.5m tokens`, `30 turns`, several
 * joined by spaces, commas or "and". Null when any part is not a budget (the caller says what is).
 */
export function parseBudget(words: string): GoalBudget | null {
  const parts = words
    .trim()
    .split(/\s*(?:,|\band\b|\s(?=\d))\s*/i)
    .filter(Boolean);
  if (parts.length === 0) return null;
  const budget: { -readonly [K in Dimension]: number | null } = { turns: null, seconds: null, tokens: null };
  for (const part of parts) {
    const match = ITEM.exec(part.trim());
    if (!match) return null;
    const amount = Number(match[1]);
    const [, , time, tokenScale, thousands, turns] = match;
    if (time) budget.seconds = Math.round(amount * UNIT_SECONDS[unitKey(time)]!);
    else if (turns) budget.turns = Math.round(amount);
    else budget.tokens = Math.round(amount * TOKEN_SCALE[(thousands ?? tokenScale ?? "").toLowerCase()]!);
  }
  return DIMENSIONS.some((dimension) => (budget[dimension] ?? 0) > 0) ? budget : null;
}

function unitKey(unit: string): string {
  const lower = unit.toLowerCase();
  if (lower.startsWith("s")) return "s";
  if (lower.startsWith("h")) return "h";
  if (lower.startsWith("d")) return "d";
  return "m";
}

/** A budget's text written after an objective: `… budget 2h` (the last words of the goal). */
const TRAILING_BUDGET = /[\s,;.]+budget\s*[:=]?\s+([^\n]+?)\s*$/i;

/** Splits `objective … budget <words>` into the objective and its budget; the budget is null when absent or unreadable. */
export function splitTrailingBudget(text: string): { objective: string; budget: GoalBudget | null } {
  const match = TRAILING_BUDGET.exec(text);
  const budget = match ? parseBudget(match[1]!) : null;
  return budget && match ? { objective: text.slice(0, match.index).trim(), budget } : { objective: text, budget: null };
}

/** Merges a newer budget into an older one: the dimensions it names replace, the others stay. */
export function mergeBudget(older: GoalBudget | null, newer: GoalBudget): GoalBudget {
  return {
    turns: newer.turns ?? older?.turns ?? null,
    seconds: newer.seconds ?? older?.seconds ?? null,
    tokens: newer.tokens ?? older?.tokens ?? null,
  };
}

/** "2 h 10 min", "45 min", "30 s". */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const count = (value: number) => value.toLocaleString("en-US");

/** The spend in words, each against its limit: "3 of 5 turns, 12 min of 2 h, 41,200 tokens (not recorded by the host)". */
export function spendText(budget: GoalBudget | null, spent: GoalSpend, tokensRecorded = spent.tokens !== null): string {
  const parts: string[] = [];
  const of = (value: string, cap: string | null) => (cap ? `${value} of ${cap}` : value);
  parts.push(`${of(count(spent.turns), budget?.turns ? count(budget.turns) : null)} turns`);
  parts.push(of(durationText(spent.seconds), budget?.seconds ? durationText(budget.seconds) : null));
  if (tokensRecorded) parts.push(`${of(count(spent.tokens ?? 0), budget?.tokens ? count(budget.tokens) : null)} tokens`);
  else if (budget?.tokens) parts.push(`tokens not recorded by this host (budget ${count(budget.tokens)})`);
  return parts.join(", ");
}

/** The budget in words: "2 h, 200,000 tokens". */
export function budgetText(budget: GoalBudget): string {
  const parts: string[] = [];
  if (budget.turns) parts.push(`${count(budget.turns)} turns`);
  if (budget.seconds) parts.push(durationText(budget.seconds));
  if (budget.tokens) parts.push(`${count(budget.tokens)} tokens`);
  return parts.join(", ");
}
