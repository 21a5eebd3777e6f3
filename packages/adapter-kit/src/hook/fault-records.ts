// What hooks recorded of the faults they met, read by doctor and `goalpost status` (Node built-ins
// only: the CLI loads this with an adapter's descriptor). Written by hook-faults.ts (the faults) and
// hook-ledger.ts (two copies of goalpost answering one state root), and breaches.ts (what was done to
// goalpost that it could not prevent).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const HOOK_FAULT_FILE = "hook-faults.json";
/** What was done to goalpost's files, settings or socket that it could not prevent (breaches.ts). */
export const BREACH_FILE = "breaches.json";
/** Recorded when two copies answer one state root. */
export const TWO_COPIES_FILE = "two-copies.json";

export interface HookFault {
  readonly at: string;
  readonly event: string;
  readonly message: string;
}

/**
 * The dated entries (`at` and `message` strings) listed under `key` in a state root's file, oldest
 * first, each as `entry` makes it; none when the file is missing or unreadable.
 */
function readEntries<T>(root: string, file: string, key: string, entry: (fields: Record<string, unknown>) => T): T[] {
  try {
    const list = (JSON.parse(readFileSync(join(root, file), "utf8")) as Record<string, unknown>)[key];
    return (Array.isArray(list) ? (list as Record<string, unknown>[]) : []).flatMap((fields) =>
      typeof fields?.["at"] === "string" && typeof fields["message"] === "string" ? [entry(fields)] : [],
    );
  } catch {
    return [];
  }
}

/** The faults recorded, oldest first. */
export const readHookFaults = (root: string): HookFault[] =>
  readEntries(root, HOOK_FAULT_FILE, "faults", (fault) => ({
    at: String(fault["at"]),
    event: String(fault["event"] ?? ""),
    message: String(fault["message"]),
  }));

export interface Breach {
  readonly at: string;
  readonly message: string;
  /** Whether the user was told at a prompt yet. */
  readonly told: boolean;
}

/** The breaches recorded, oldest first. */
export const readBreaches = (root: string): Breach[] =>
  readEntries(root, BREACH_FILE, "breaches", (breach) => ({
    at: String(breach["at"]),
    message: String(breach["message"]),
    told: breach["told"] === true,
  }));

/** The newest fault, or null. */
export const readHookFault = (root: string): HookFault | null => readHookFaults(root).at(-1) ?? null;

/** The two copies last seen answering one state root; null when none were. */
export function readTwoCopies(root: string): { at: string; copies: string[] } | null {
  try {
    const data = JSON.parse(readFileSync(join(root, TWO_COPIES_FILE), "utf8")) as { at?: unknown; copies?: unknown };
    return typeof data.at === "string" && Array.isArray(data.copies) ? { at: data.at, copies: data.copies.map(String) } : null;
  } catch {
    return null;
  }
}

/** What happened within the last day: faults, breaches, and two copies seen. */
export function recentHookFaults(
  root: string,
  now = Date.now(),
): { faults: HookFault[]; breaches: Breach[]; twoCopies: string[] | null } {
  const recent = (at: string) => now - Date.parse(at) < 24 * 60 * 60_000;
  const copies = readTwoCopies(root);
  return {
    faults: readHookFaults(root).filter((fault) => recent(fault.at)),
    breaches: readBreaches(root).filter((breach) => recent(breach.at)),
    twoCopies: copies && recent(copies.at) ? copies.copies : null,
  };
}

/** What `goalpost prune` clears of the hooks' own records: their once-per-hook claims past their time. */
export { pruneHookClaims } from "./hook-claims.js";
