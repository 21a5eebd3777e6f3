// Evidence must say something. "done", "fixed it", "all tests pass" are claims, not evidence: an entry
// counts only if it is long enough and carries at least one word that is not filler.
import { itemKey } from "../text/sanitize-list.js";

/** Shortest entry, in characters, that can count as evidence. */
export const MIN_EVIDENCE_LENGTH = 12;

const FILLER = new Set(
  (
    "a an the it its this that all everything every done ok okay yes fixed fix completed complete finished " +
    "works working worked good great fine passes passed pass passing tested verified checked implemented " +
    "resolved addressed handled looks seems should now and of to is are was were be been has have had as " +
    "per expected successfully success correctly correct properly everything's tests test green lgtm"
  ).split(" "),
);

/** True when an entry is too short or only filler words to count as evidence. */
export function isVagueEvidence(entry: string): boolean {
  const key = itemKey(entry);
  if (key.length < MIN_EVIDENCE_LENGTH) return true;
  return key.split(" ").every((word) => FILLER.has(word));
}

export function concreteEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => !isVagueEvidence(entry));
}
