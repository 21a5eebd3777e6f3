// Where the hook ledger keeps its once-per-hook claims (hook-ledger.ts), and their clearing: each claim
// is kept ten minutes — far past any fallback's or a second copy's run of the same event —, every
// session's folder is cleared now and then and by `goalpost prune`, and a session's folder goes when the
// session ends.
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { safeFileName } from "@goalpost/core/internal";

export const CLAIMS_FOLDER = "hooks";
/** How long a claim is kept. */
const KEPT_MS = 10 * 60_000;

/** Removes every claim older than KEPT_MS, in every session's folder, and the folders left empty. */
export function pruneHookClaims(root: string): number {
  const now = Date.now();
  let removed = 0;
  let sessions: string[] = [];
  try {
    sessions = readdirSync(join(root, CLAIMS_FOLDER));
  } catch {
    return 0;
  }
  for (const session of sessions) {
    const folder = join(root, CLAIMS_FOLDER, session);
    try {
      const names = readdirSync(folder);
      let left = names.length;
      for (const name of names) {
        if (now - statSync(join(folder, name)).mtimeMs <= KEPT_MS) continue;
        rmSync(join(folder, name), { force: true });
        removed++;
        left--;
      }
      if (left === 0) rmSync(folder, { recursive: true, force: true });
    } catch {}
  }
  return removed;
}

/** A session that ended: its claims go with it. */
export function removeSessionClaims(root: string, sessionId: string): void {
  try {
    rmSync(join(root, CLAIMS_FOLDER, safeFileName(sessionId)), { recursive: true, force: true });
  } catch {}
}
