// What hooks recorded of the faults they met, read by doctor and `goalpost status` (Node built-ins
// only: the CLI loads this with an adapter's descriptor). Written by hook-faults.ts (the faults) and
// hook-ledger.ts (two copies of goalpost answering one state root).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const HOOK_FAULT_FILE = "hook-faults.json";
/** Recorded when two copies answer one state root. */
export const TWO_COPIES_FILE = "two-copies.json";

export interface HookFault {
  readonly at: string;
  readonly event: string;
  readonly message: string;
}

/** The faults recorded, oldest first; none when the file is missing or unreadable. */
export function readHookFaults(root: string): HookFault[] {
  try {
    const data = JSON.parse(readFileSync(join(root, HOOK_FAULT_FILE), "utf8")) as { faults?: Partial<HookFault>[] };
    return (data.faults ?? []).flatMap((fault) =>
      typeof fault.at === "string" && typeof fault.message === "string"
        ? [{ at: fault.at, event: String(fault.event ?? ""), message: fault.message }]
        : [],
    );
  } catch {
    return [];
  }
}

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

/** What happened within the last day: faults, and two copies seen. */
export function recentHookFaults(root: string, now = Date.now()): { faults: HookFault[]; twoCopies: string[] | null } {
  const recent = (at: string) => now - Date.parse(at) < 24 * 60 * 60_000;
  const copies = readTwoCopies(root);
  return {
    faults: readHookFaults(root).filter((fault) => recent(fault.at)),
    twoCopies: copies && recent(copies.at) ? copies.copies : null,
  };
}
