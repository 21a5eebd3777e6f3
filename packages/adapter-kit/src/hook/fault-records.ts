// What hooks recorded for the user to hear later, as doctor and `goalpost status` read it: a view of
// core's notice log (`@goalpost/core/notices`, Node built-ins only, so the CLI loads this without
// loading core). Hooks record through core's recordNotice: a fault (run-hook.ts), a breach (integrity.ts,
// the hook server), two copies answering one state root (hook-ledger.ts).
import { type Notice, noticesOf, recentNotices } from "@goalpost/core/notices";

export interface HookFault {
  readonly at: string;
  readonly event: string;
  readonly message: string;
}

export interface Breach {
  readonly at: string;
  readonly message: string;
  /** Whether the user was told at a prompt yet. */
  readonly told: boolean;
}

const hookFault = (notice: Notice): HookFault => ({ at: notice.at, event: notice.event ?? "", message: notice.message });
const breach = (notice: Notice): Breach => ({ at: notice.at, message: notice.message, told: notice.told === true });

/** The faults recorded, oldest first. */
export const readHookFaults = (root: string): HookFault[] => noticesOf(root, "fault").map(hookFault);

/** The breaches recorded, oldest first. */
export const readBreaches = (root: string): Breach[] => noticesOf(root, "breach").map(breach);

/**
 * The host's tools whose arguments held no path goalpost reads (schema drift, core's path-arguments.ts),
 * each shape once, oldest first: a debug line for doctor, never the model's.
 */
export const readPathDrift = (root: string): { at: string; message: string }[] =>
  noticesOf(root, "drift").map((notice) => ({ at: notice.at, message: notice.message }));

/** The newest fault, or null. */
export const readHookFault = (root: string): HookFault | null => readHookFaults(root).at(-1) ?? null;

/** The two copies last seen answering one state root; null when none were. */
export function readTwoCopies(root: string): { at: string; copies: string[] } | null {
  const last = noticesOf(root, "two-copies").at(-1);
  return last ? { at: last.at, copies: [...(last.copies ?? [])] } : null;
}

/**
 * What happened within the last day: faults, breaches, two copies seen, and the decisions that loosened
 * enforcement taken from prompts (a script can run the prompt hook in the user's name).
 */
export function recentHookFaults(
  root: string,
  now = Date.now(),
): { faults: HookFault[]; breaches: Breach[]; twoCopies: string[] | null; decisions: Breach[]; problems: Breach[] } {
  const recent = recentNotices(root, now);
  const copies = recent["two-copies"].at(-1);
  return {
    faults: recent.fault.map(hookFault),
    breaches: recent.breach.map(breach),
    twoCopies: copies ? [...(copies.copies ?? [])] : null,
    decisions: recent.decision.map(breach),
    problems: recent.problem.map(breach),
  };
}

/** What `goalpost prune` clears of the hooks' own records: their once-per-hook claims past their time. */
export { pruneHookClaims } from "./hook-claims.js";
