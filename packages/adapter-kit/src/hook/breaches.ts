// What was done to goalpost that it could not prevent, but saw: a hook request from a process that
// could not write goalpost's folder, a change to goalpost's files or settings made during an agent's
// turn, a goal change found in a host's record that no prompt of the user's made. Each is told to the
// user once, at their next prompt, in the host's user-visible channel (takeUntoldBreaches), and kept a
// day for `doctor` and `status` (fault-records.ts reads them). One small file; a healthy hook reads it
// only at a prompt or a session's start, and finds it missing.
import { join } from "node:path";
import { sanitizeText, writeFileAtomic } from "@goalpost/core";
import { BREACH_FILE, type Breach, readBreaches } from "./fault-records.js";

/** How many the file keeps, newest last. */
const KEPT = 20;

function writeBreaches(root: string, breaches: readonly Breach[]): void {
  writeFileAtomic(join(root, BREACH_FILE), `${JSON.stringify({ breaches: breaches.slice(-KEPT) })}\n`);
}

/** Records a breach; one already waiting to be told is not added twice. Never throws. */
export function recordBreach(root: string, message: string): void {
  try {
    const text = sanitizeText(message.trim(), { maxLength: 600 });
    const breaches = readBreaches(root);
    if (breaches.some((breach) => !breach.told && breach.message === text)) return;
    writeBreaches(root, [...breaches, { at: new Date().toISOString(), message: text, told: false }]);
  } catch {}
}

/** Whether any breach waits to be told (one read; the file is missing on a healthy machine). */
export const hasUntoldBreaches = (root: string) => readBreaches(root).some((breach) => !breach.told);

/** The breaches not told yet, marked told (the caller tells them). Never throws. */
export function takeUntoldBreaches(root: string): string[] {
  try {
    const breaches = readBreaches(root);
    const untold = breaches.filter((breach) => !breach.told);
    if (untold.length === 0) return [];
    writeBreaches(
      root,
      breaches.map((breach) => ({ ...breach, told: true })),
    );
    return untold.map((breach) => `goalpost: ${breach.message.replace(/^goalpost: /, "")}`);
  } catch {
    return [];
  }
}
