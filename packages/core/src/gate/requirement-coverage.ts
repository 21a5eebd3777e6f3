// Coverage is matched per requirement, not counted: the gate names each requirement without evidence.

import { isCheckableEvidence } from "../evidence/evidence-quality.js";
import { MIN_CONTAINMENT_LENGTH } from "../evidence/issue-matching.js";
import type { GoalRecord } from "../record/goal-record.js";
import { itemKey } from "../text/sanitize-list.js";

/** Whether a coverage reference ("2", "R2", "req 2", or the text) names requirement `index` (0-based). */
export function referenceNamesRequirement(reference: string, requirement: string, index: number): boolean {
  const numbered = /^\s*(?:r|req|requirement)?\s*#?\s*(\d+)\s*[:.)-]?\s*$/i.exec(reference);
  if (numbered) return Number(numbered[1]) === index + 1;
  const ref = itemKey(reference);
  const target = itemKey(requirement);
  if (ref === "" || target === "") return false;
  return ref === target || (ref.length >= MIN_CONTAINMENT_LENGTH && (target.includes(ref) || ref.includes(target)));
}

/**
 * The requirements that have no concrete coverage entry, with their 1-based numbers. A requirement with
 * a check of its own is covered by goalpost's run of it, which the verification condition judges.
 */
export function uncoveredRequirements(
  goal: Pick<GoalRecord, "requirements" | "requirementCoverage"> & { checks?: GoalRecord["checks"] },
) {
  const ownCheck = new Set((goal.checks ?? []).map((check) => check.requirement));
  return goal.requirements
    .map((requirement, index) => ({ requirement, number: index + 1 }))
    .filter(
      ({ requirement, number }) =>
        !ownCheck.has(number) &&
        !goal.requirementCoverage.some(
          (entry) => referenceNamesRequirement(entry.requirement, requirement, number - 1) && isCheckableEvidence(entry.evidence),
        ),
    );
}
