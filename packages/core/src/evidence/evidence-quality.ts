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
function isVagueEvidence(entry: string): boolean {
  const key = itemKey(entry);
  if (key.length < MIN_EVIDENCE_LENGTH) return true;
  return key.split(" ").every((word) => FILLER.has(word));
}

export function concreteEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => !isVagueEvidence(entry));
}

/** Things a reader can check: a path, a file name, code in backticks, a call or member, a command, a line. */
const CHECKABLE = [
  /[\w.-]+\/[\w./-]+/,
  /\b[\w-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|kt|kts|rb|php|cs|c|h|cc|cpp|hpp|swift|scala|md|json|ya?ml|toml|ini|sql|sh|css|scss|html|vue|svelte|lock|txt|csv|xml|proto|tf)\b/i,
  /`[^`]{2,}`/,
  /\b[A-Za-z_$][\w$]*\([^)]*\)/,
  /\b[A-Za-z_$][\w$]{1,}\.[A-Za-z_$][\w$]{1,}\b/,
  /\b(?:npm|pnpm|yarn|npx|bun|node|pytest|python3?|go|cargo|make|tsc|eslint|biome|ruff|mypy|vitest|jest|mvn|gradle|dotnet|git|curl|docker)\s+\S+/,
  /(?::|\bline\s+)\d+\b/i,
  /\b(?:test|spec|receipt)\s+["'\u201C][^"'\u201D]{3,}["'\u201D]/i,
];

/**
 * Evidence that names something checkable (a file, a symbol, a command, a line, a test) and is not
 * only filler. "Requirement satisfied" and "it's done and dusted" say nothing a reader can check.
 */
export function isCheckableEvidence(entry: string): boolean {
  return !isVagueEvidence(entry) && CHECKABLE.some((pattern) => pattern.test(entry));
}
