// What makes one issue resolution or one coverage entry count, in one place: the completion gate
// judges the record with it, and an update is refused with the same reasons when it is written, so
// nothing is stored that the gate would refuse forever.
import { isCheckableEvidence } from "../evidence/evidence-quality.js";
import { issuesNamedBy, isWildcardReference } from "../evidence/issue-matching.js";
import type { IssueResolution, RequirementCoverage } from "../record/goal-record.js";
import { issueResolutionStatusSchema } from "../record/goal-record.js";
import { goalText } from "../text/goal-text.js";

/** Shortest resolution summary that says what was done. */
const MIN_RESOLUTION_LENGTH = 12;

const list = (items: readonly string[]) => items.map((item) => `"${goalText(item, 200)}"`).join(", ");

const CHECKABLE_HINT = "name something checkable: a file, a symbol, a command and its result, a test";

/** Why a resolution does not settle anything, or [] when it does. */
export function resolutionProblems(resolution: IssueResolution, discoveredIssues: readonly string[]): string[] {
  const problems: string[] = [];
  if (!issueResolutionStatusSchema.safeParse(resolution.status).success)
    problems.push(`has unsupported status "${goalText(resolution.status, 40)}"`);
  if (resolution.covers.length === 0)
    problems.push("does not name the discovered issue it covers (a target alone covers nothing)");
  const wildcards = resolution.covers.filter(isWildcardReference);
  if (wildcards.length > 0) problems.push(`uses wildcard coverage (${list(wildcards)}) instead of naming each discovered issue`);
  if (resolution.resolution.trim().length < MIN_RESOLUTION_LENGTH) problems.push("has no concrete resolution summary");
  if (resolution.evidence.length === 0) problems.push("has no evidence");
  else if (!resolution.evidence.some(isCheckableEvidence)) problems.push(`has no evidence that would ${CHECKABLE_HINT}`);
  const references = resolution.covers.filter((reference) => !isWildcardReference(reference));
  const unmatched = references.filter((reference) => issuesNamedBy(reference, discoveredIssues).length === 0);
  if (unmatched.length > 0)
    problems.push(`names ${list(unmatched)}, which match${unmatched.length === 1 ? "es" : ""} no discovered issue`);
  const several = references.filter((reference) => issuesNamedBy(reference, discoveredIssues).length > 1);
  if (several.length > 0) problems.push(`names several issues in one reference (${list(several)}): name each issue on its own`);
  return problems;
}

/** Why a coverage entry does not count, or null when it does. */
export function coverageProblem(entry: RequirementCoverage): string | null {
  return isCheckableEvidence(entry.evidence)
    ? null
    : `coverage of requirement "${goalText(entry.requirement, 80)}" has evidence that does not ${CHECKABLE_HINT} ("${goalText(entry.evidence, 120)}")`;
}
