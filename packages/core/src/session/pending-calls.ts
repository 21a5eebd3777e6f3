// A verification call the main session's PreToolUse hook saw, waiting for its result: a receipt needs
// one, so a result piped into the hook by hand is not a receipt. Noted before the call runs
// (tool-about-to-run), taken when its result arrives (tool-ran).
import { sha256 } from "../record/sha256.js";
import type { SessionFile } from "../store/session-file.js";

/** How long a note waits for its result: longer than any hook-bounded tool run. */
const PENDING_MAX_AGE_MS = 6 * 60 * 60 * 1000;

interface Call {
  readonly toolName: string;
  readonly toolInput?: unknown;
  readonly toolUseId?: string | null | undefined;
}

/** The identity of a call, the same before and after it runs. */
const callHash = (call: Call): string => sha256(JSON.stringify([call.toolName, call.toolInput ?? null]));

/** Notes a verification call about to run. */
export function notePendingCall(state: SessionFile, call: Call, at: string): void {
  state.pendingTools.push({ toolUseId: call.toolUseId ?? null, commandHash: callHash(call), at });
}

/** Takes the note for this call out of the session; whether there was one. */
export function takePendingCall(state: SessionFile, call: Call, now: Date): boolean {
  const hash = callHash(call);
  const cutoff = now.getTime() - PENDING_MAX_AGE_MS;
  state.pendingTools = state.pendingTools.filter((entry) => Date.parse(entry.at) >= cutoff);
  const index = state.pendingTools.findIndex((entry) =>
    call.toolUseId && entry.toolUseId
      ? entry.toolUseId === call.toolUseId && entry.commandHash === hash
      : entry.commandHash === hash,
  );
  if (index === -1) return false;
  state.pendingTools.splice(index, 1);
  return true;
}
