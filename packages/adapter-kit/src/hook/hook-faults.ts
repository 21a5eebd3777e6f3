// The last fault a hook answered "no decision" for, kept for `doctor`: a hook never breaks its host,
// so without this a broken wiring (an unexpected payload after a host update, an answer the host
// would reject) would only ever show on a stderr nobody reads. One small file, overwritten; written
// only on the fault path, so a healthy hook never touches it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sanitizeText, writeFileAtomic } from "@goalpost/core";

export const HOOK_FAULT_FILE = "last-hook-error.json";

export interface HookFault {
  readonly at: string;
  readonly event: string;
  readonly message: string;
}

/** Records the fault; never throws (the hook's answer matters more than the record). */
export function recordHookFault(root: string, event: string, message: string): void {
  try {
    const fault: HookFault = {
      at: new Date().toISOString(),
      event: sanitizeText(event, { maxLength: 80 }),
      message: sanitizeText(message.trim(), { maxLength: 600 }),
    };
    writeFileAtomic(join(root, HOOK_FAULT_FILE), `${JSON.stringify(fault)}\n`);
  } catch {}
}

export function readHookFault(root: string): HookFault | null {
  try {
    const fault = JSON.parse(readFileSync(join(root, HOOK_FAULT_FILE), "utf8")) as Partial<HookFault>;
    return typeof fault.at === "string" && typeof fault.message === "string"
      ? { at: fault.at, event: String(fault.event ?? ""), message: fault.message }
      : null;
  } catch {
    return null;
  }
}
