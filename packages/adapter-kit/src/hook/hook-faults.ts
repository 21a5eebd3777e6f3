// The faults hooks met, kept for `doctor` and `status`: a hook never breaks its host, so without this
// a broken wiring (an unexpected payload after a host update, an answer the host would reject) or a
// damaged store (a full disk, a file set aside) would only ever show on a stderr nobody reads. One
// small file holding the newest few, rewritten only on the fault path: a healthy hook never touches it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sanitizeText, writeFileAtomic } from "@goalpost/core";

export const HOOK_FAULT_FILE = "hook-faults.json";
/** How many faults the file keeps, newest last. */
const KEPT = 20;

export interface HookFault {
  readonly at: string;
  readonly event: string;
  readonly message: string;
}

/** Records the faults; never throws (the hook's answer matters more than the record, and the disk may be full). */
export function recordHookFaults(root: string, event: string, messages: readonly string[]): void {
  try {
    const at = new Date().toISOString();
    const added = messages.map((message) => ({
      at,
      event: sanitizeText(event, { maxLength: 80 }),
      message: sanitizeText(message.trim(), { maxLength: 600 }),
    }));
    const faults = [...readHookFaults(root), ...added].slice(-KEPT);
    writeFileAtomic(join(root, HOOK_FAULT_FILE), `${JSON.stringify({ faults })}\n`);
  } catch {}
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
