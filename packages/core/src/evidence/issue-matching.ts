// Matching a resolution's `covers` reference to a discovered issue. A reference matches when it equals
// the issue (case, spacing and punctuation folded), shares an id token ("issue 3", "#3", "bug-12"), or
// is a long enough part of it. Wildcards ("all issues", "*", "everything") never match: each issue
// must be named.
import { itemKey } from "../text/sanitize-list.js";

/** Shortest reference that may match by containment. */
export const MIN_CONTAINMENT_LENGTH = 12;

const WILDCARDS = new Set([
  "",
  "all",
  "any",
  "each",
  "every",
  "everything",
  "all issues",
  "all of them",
  "all discovered issues",
  "remaining issues",
  "the rest",
  "rest",
  "others",
  "other issues",
  "every issue",
  "each issue",
  "any issue",
  "issues",
  "all bugs",
  "all problems",
  "all items",
  "everything else",
  "misc",
  "various",
  "n a",
  "na",
  "none",
]);

export function isWildcardReference(reference: string): boolean {
  const raw = reference.trim();
  if (/^[*?.%\u2026\s-]*$/.test(raw) || /^[^\p{L}\p{N}]*\*/u.test(raw)) return true;
  return WILDCARDS.has(itemKey(raw));
}

/** Id tokens like issue 3, bug 12, task 4, req 2, #7 → "issue:3", "#:7". */
function idTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  const folded = text.normalize("NFKC").toLowerCase();
  for (const match of folded.matchAll(/\b(issue|bug|task|item|req|requirement|problem|finding)[\s#_-]*(\d+)\b/g)) {
    const kind = match[1] === "requirement" ? "req" : match[1];
    tokens.add(`${kind}:${match[2]}`);
  }
  for (const match of folded.matchAll(/(?:^|\s)#(\d+)\b/g)) tokens.add(`#:${match[1]}`);
  return tokens;
}

export function referenceMatchesIssue(reference: string, issue: string): boolean {
  if (isWildcardReference(reference)) return false;
  const ref = itemKey(reference);
  const target = itemKey(issue);
  if (ref === "" || target === "") return false;
  if (ref === target) return true;
  const refTokens = idTokens(reference);
  if (refTokens.size > 0) {
    const issueTokens = idTokens(issue);
    for (const token of refTokens) if (issueTokens.has(token)) return true;
  }
  return ref.length >= MIN_CONTAINMENT_LENGTH && (target.includes(ref) || ref.includes(target));
}

/** The discovered issues a reference names; a resolution's reference must name exactly one. */
export function issuesNamedBy(reference: string, issues: readonly string[]): string[] {
  return issues.filter((issue) => referenceMatchesIssue(reference, issue));
}
