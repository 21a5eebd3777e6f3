// What one event of a session revealed is redacted in the next: a secret goalpost redacted once (a
// password said in words, a key after its name) is remembered for the session as fingerprints of the
// value and of its leading and trailing parts, so the same value — or the half of it the agent split off
// into another call — met later with nothing around it that names it a secret is redacted too.
//
// Never the values: a fingerprint is the first 16 hex digits of SHA-256 over the session's id and the
// text, kept in `secret-prints/<session>.json` in the state root (the host's walls keep the agent out of
// it), only for values of 10 characters or more. The engine sets the session around each event
// (withSessionSecrets), which plugs this memory into the redactor (redaction/redaction-memory.ts): the
// redactor reports what it removed, and has the runs of each text checked against the prints. A session
// that never had a secret has no file, and an event reads nothing more than one missing file.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../record/sha256.js";
import { type RedactionMemory, useRedactionMemory } from "../redaction/redaction-memory.js";
import { redacted } from "../redaction/secret-patterns.js";
import { ensureDirectory, writeFileAtomic } from "../store/atomic-file.js";
import { safeFileName } from "../store/safe-file-name.js";

/** The shortest value (and part) remembered: shorter ones are too easy to guess from a fingerprint. */
const SHORTEST = 10;
/** Prints kept per session, newest last: a value of 40 characters takes about 60. */
const PRINTS_KEPT = 2_000;
/** A run of a later text that may be a remembered value or part (`=` padding and quotes are not part of it). */
const RUN = /[A-Za-z0-9+/_~.-]{10,512}/g;

const printsFile = (root: string, sessionId: string) => join(root, "secret-prints", `${safeFileName(sessionId)}.json`);

function readPrints(root: string, sessionId: string): string[] {
  try {
    const prints = (JSON.parse(readFileSync(printsFile(root, sessionId), "utf8")) as { prints?: unknown }).prints;
    return Array.isArray(prints) ? prints.filter((print): print is string => typeof print === "string") : [];
  } catch {
    return [];
  }
}

const print = (sessionId: string, text: string) => sha256(`${sessionId}\u0000${text}`).slice(0, 16);

/** The value and its leading and trailing parts of SHORTEST characters or more, as the agent might split it. */
function parts(value: string): string[] {
  const all = new Set([value]);
  if (value.length <= 128)
    for (let length = SHORTEST; length < value.length; length++) {
      all.add(value.slice(0, length));
      all.add(value.slice(value.length - length));
    }
  return [...all];
}

/**
 * Runs `run` (one event) with the session's remembered secrets, then keeps what it redacted anew. Never
 * throws for its own sake: a prints file that cannot be written costs the memory, not the answer.
 */
export function withSessionSecrets<T>(root: string, sessionId: string, run: () => T): T {
  const memory = sessionMemory(root, sessionId);
  try {
    return useRedactionMemory(memory, run);
  } finally {
    if (memory.found.size > 0) {
      try {
        const kept = [...new Set([...readPrints(root, sessionId), ...memory.found])].slice(-PRINTS_KEPT);
        ensureDirectory(join(root, "secret-prints"));
        writeFileAtomic(printsFile(root, sessionId), `${JSON.stringify({ prints: kept })}\n`);
      } catch {
        // Remembering is a second line; the first (the patterns) held for this event.
      }
    }
  }
}

/**
 * Forgets the secrets of sessions quiet for `days` (their prints file unchanged that long): `goalpost
 * prune` calls it with the state root's retention. Returns how many sessions' prints went.
 */
export function removeSecretPrints(root: string, days: number, now: Date = new Date()): number {
  const folder = join(root, "secret-prints");
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = join(folder, name);
    try {
      if (now.getTime() - statSync(file).mtimeMs < days * 86_400_000) continue;
      rmSync(file, { force: true });
      removed++;
    } catch {
      // Gone already.
    }
  }
  return removed;
}

/** What was taken out of `match` to make `replacement`: the part between what both begin and end with. */
function takenOut(match: string, replacement: string): string {
  let start = 0;
  while (start < match.length && start < replacement.length && match[start] === replacement[start]) start++;
  let end = 0;
  while (
    end < match.length - start &&
    end < replacement.length - start &&
    match[match.length - 1 - end] === replacement[replacement.length - 1 - end]
  )
    end++;
  return match
    .slice(start, match.length - end)
    .replace(/^[\\"'`]+|[\\"'`]+$/g, "")
    .replace(/=+$/, "");
}

/** One event's memory of the session's secrets: its prints read when first needed, what it redacts anew in `found`. */
function sessionMemory(root: string, sessionId: string): RedactionMemory & { readonly found: Set<string> } {
  let known: Set<string> | null = null;
  const found = new Set<string>();
  return {
    found,
    note(match, replacement) {
      const value = takenOut(match, replacement);
      if (value.length < SHORTEST || /\s/.test(value) || value.includes("[REDACTED")) return;
      for (const part of parts(value)) found.add(print(sessionId, part));
    },
    redact(text) {
      known ??= new Set(readPrints(root, sessionId));
      const prints = known;
      if (prints.size === 0 && found.size === 0) return text;
      return text.replace(RUN, (run) => {
        const bare = run.replace(/[.~-]+$/, "");
        const fingerprint = print(sessionId, bare);
        return prints.has(fingerprint) || found.has(fingerprint)
          ? `${redacted("secret-seen-before")}${run.slice(bare.length)}`
          : run;
      });
    },
  };
}
