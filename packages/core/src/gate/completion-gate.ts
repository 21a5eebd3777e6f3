// The completion gate: `complete` is refused unless the goal carries real evidence. It returns every
// unmet condition at once, each a sentence the model can act on, so one refusal is enough to fix all.
import { concreteEntries, MIN_EVIDENCE_LENGTH } from "../evidence/evidence-quality.js";
import { referenceMatchesIssue } from "../evidence/issue-matching.js";
import type { GoalRecord } from "../record/goal-record.js";
import { goalText } from "../text/goal-text.js";
import { resolutionProblems } from "./evidence-checks.js";
import { uncoveredRequirements } from "./requirement-coverage.js";
import {
  type VerificationConditionCode,
  type VerificationGateOptions,
  verificationConditions,
} from "./verification-conditions.js";

export type GateConditionCode =
  | "objective_missing"
  | "done_so_far_empty"
  | "validation_proof_empty"
  | "verification_results_empty"
  | "inspection_missing"
  | "requirement_uncovered"
  | "completion_audit_empty"
  | "remaining_not_empty"
  | "blockers_not_empty"
  | "issue_resolution_invalid"
  | "discovered_issues_unresolved"
  | "no_action_evidence"
  | VerificationConditionCode;

/** Each condition in a few words, for a line a person reads (the goal's history, a note at a refusal). */
const CONDITION_WORDS: Readonly<Record<GateConditionCode, string>> = {
  objective_missing: "no objective",
  done_so_far_empty: "nothing recorded as done",
  validation_proof_empty: "no validation recorded",
  verification_results_empty: "no results of checks recorded",
  inspection_missing: "nothing inspected first",
  requirement_uncovered: "a requirement without evidence",
  completion_audit_empty: "no completion audit",
  remaining_not_empty: "steps still remaining",
  blockers_not_empty: "blockers named",
  issue_resolution_invalid: "an issue resolution without evidence",
  discovered_issues_unresolved: "issues found and not settled",
  no_action_evidence: "no tool call that changed or checked the work",
  awaiting_user: "waiting for the user's word",
  checks_missing: "no check set",
  verification_missing: "goalpost has not run the checks",
  verification_running: "goalpost's run of the checks still running",
  verification_failed: "the checks failed",
  verification_stale: "the files changed since the checks passed",
};

/** Unmet conditions as one line: "nothing recorded as done, no check set". */
export const unmetWords = (unmet: readonly { readonly code: string; readonly message: string }[]) =>
  [...new Set(unmet.map((condition) => CONDITION_WORDS[condition.code as GateConditionCode] ?? condition.message))].join(", ");

export interface UnmetCondition {
  readonly code: GateConditionCode;
  readonly message: string;
}

interface GateResult {
  readonly ok: boolean;
  readonly unmet: readonly UnmetCondition[];
}

const UNKNOWN_OBJECTIVE = /^(?:unknown|tbd|todo|n\/?a|unknown until inspected|\?+)$/i;

function emptyEvidence(code: GateConditionCode, entries: readonly string[], what: string, hint: string): UnmetCondition | null {
  if (concreteEntries(entries).length > 0) return null;
  const vague =
    entries.length > 0
      ? ` (the ${entries.length} recorded ${entries.length === 1 ? "entry is" : "entries are"} too vague to count: under ${MIN_EVIDENCE_LENGTH} characters or only words like "done")`
      : "";
  return { code, message: `${what} empty${vague}. ${hint}` };
}

/**
 * The model's own items, quoted back in a gate message (status, update, a refused close): each on one
 * line, redacted, bounded and with its markup escaped, as in the goal block — text the model wrote
 * must not come back to it as instructions outside that block.
 */
const listed = (items: readonly string[]) => items.map((item) => goalText(item, 200)).join(" | ");

function checkIssueResolutions(goal: GoalRecord): { unmet: UnmetCondition[]; covered: Set<string> } {
  const unmet: UnmetCondition[] = [];
  const covered = new Set<string>();
  goal.issueResolutions.forEach((resolution, index) => {
    const problems = resolutionProblems(resolution, goal.discoveredIssues);
    if (problems.length > 0) {
      unmet.push({ code: "issue_resolution_invalid", message: `Issue resolution ${index + 1} ${problems.join("; ")}.` });
      return;
    }
    for (const issue of goal.discoveredIssues) {
      if (resolution.covers.some((reference) => referenceMatchesIssue(reference, issue))) covered.add(issue);
    }
  });
  return { unmet, covered };
}

/**
 * Every condition `complete` needs, checked together: the record's own evidence, then goalpost's
 * passing run of the user's checks on the tree as it is (`options.tree`) or the user's acceptance.
 */
export function evaluateCompletionGate(goal: GoalRecord, options: VerificationGateOptions = {}): GateResult {
  const unmet: (UnmetCondition | null)[] = [];
  const objective = goal.objective.trim();
  if (objective === "" || UNKNOWN_OBJECTIVE.test(objective)) {
    unmet.push({
      code: "objective_missing",
      message: "The objective is missing or still unknown. Inspect the work and record the objective with goalpost_update.",
    });
  }
  unmet.push(
    emptyEvidence(
      "done_so_far_empty",
      goal.doneSoFar,
      "Done-so-far is",
      "Record what was done, with concrete facts (files, functions, commands).",
    ),
  );
  unmet.push(
    emptyEvidence("validation_proof_empty", goal.validationProof, "Validation proof is", "Record how the result was validated."),
  );
  unmet.push(
    emptyEvidence(
      "verification_results_empty",
      goal.verificationResults,
      "Verification results are",
      "Run the tests or checks and record their results.",
    ),
  );
  const inspected =
    concreteEntries(goal.inspectionEvidence).length > 0 || goal.toolHistory.some((entry) => entry.kind === "inspection");
  if (!inspected) {
    unmet.push({
      code: "inspection_missing",
      message:
        "No real inspection evidence is recorded. Read the relevant code and record what you inspected in inspectionEvidence.",
    });
  }
  for (const { requirement, number } of uncoveredRequirements(goal)) {
    unmet.push({
      code: "requirement_uncovered",
      message: `Requirement ${number} ("${goalText(requirement, 200)}") has no coverage evidence. Add requirementCoverage {requirement: "${number}", evidence: "…"} with concrete evidence.`,
    });
  }
  unmet.push(
    emptyEvidence(
      "completion_audit_empty",
      goal.completionAudit,
      "The completion audit is",
      "Check each requirement and constraint against the result and record the audit.",
    ),
  );
  if (goal.remaining.length > 0) {
    unmet.push({
      code: "remaining_not_empty",
      message: `Remaining work is still recorded: ${listed(goal.remaining)}. Finish it, or clear remaining explicitly once it is done.`,
    });
  }
  if (goal.blockers.length > 0) {
    unmet.push({
      code: "blockers_not_empty",
      message: `Blockers are still recorded: ${listed(goal.blockers)}. Resolve them, or close the goal as blocked.`,
    });
  }
  const resolutions = checkIssueResolutions(goal);
  unmet.push(...resolutions.unmet);
  const unresolved = goal.discoveredIssues.filter((issue) => !resolutions.covered.has(issue));
  if (unresolved.length > 0) {
    unmet.push({
      code: "discovered_issues_unresolved",
      message: `Discovered issues remain unresolved: ${listed(unresolved)}. Add an issueResolution naming each one, with evidence.`,
    });
  }
  if (!goal.toolHistory.some((entry) => entry.kind === "action" || entry.kind === "verification") && goal.receipts.length === 0) {
    unmet.push({
      code: "no_action_evidence",
      message:
        "No action or verification evidence beyond claims was recorded: no tool call that changed or checked the work was seen.",
    });
  }
  unmet.push(...verificationConditions(goal, options));
  const conditions = unmet.filter((condition): condition is UnmetCondition => condition !== null);
  return { ok: conditions.length === 0, unmet: conditions };
}
