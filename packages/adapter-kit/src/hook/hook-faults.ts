// The faults hooks met, kept for `doctor` and `status`: a hook never breaks its host, so without this
// a broken wiring (an unexpected payload after a host update, an answer the host would reject) or a
// damaged store (a full disk, a file set aside) would only ever show on a stderr nobody reads. One
// small file holding the newest few, rewritten only on the fault path: a healthy hook never touches it.
import { join } from "node:path";
import { sanitizeText, writeFileAtomic } from "@goalpost/core";
import { HOOK_FAULT_FILE, readHookFaults } from "./fault-records.js";

/** How many faults the file keeps, newest last. */
const KEPT = 20;

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
