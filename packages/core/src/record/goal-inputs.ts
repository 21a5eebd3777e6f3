// What a caller (a model through a goal tool, a harness through the API) may send to open, update or
// close a goal. These schemas feed the MCP tools' input schemas, so their descriptions teach the model.
import * as z from "zod/mini";
import { described } from "../base/described.js";
import { issueResolutionSchema, progressMarkerSchema, requirementCoverageSchema } from "./goal-record.js";

const describe = z.describe;
/** Shared inside every described list: schemas are immutable, and each instance costs a hook's start. */
const stringList = z.array(z.string());
const items = (description: string) => described(z.optional(stringList), description);

export const goalOpenInputSchema = z.object({
  objective: z
    .string()
    .check(z.minLength(1), describe("What done means, concretely. Inspect the code first so the objective is precise.")),
  requirements: items("Explicit requirements. Each will need its own coverage evidence before the goal can complete."),
  remaining: items("The first queue of work, in order."),
  scope: items("Optional: path globs the work may touch, and '!push', '!publish', '!deploy' for actions out of bounds."),
  constraints: items("Rules the work must keep."),
  mustNotRegress: items("Behaviour that must keep working."),
  inspectionEvidence: items("What you read before opening the goal."),
  level: z
    .optional(z.enum(["epic", "issue"]))
    .check(
      describe("issue: a sub-goal under the open goal (the stack reads epic → issue → task); closing it returns to its parent."),
    ),
});
export type GoalOpenInput = z.infer<typeof goalOpenInputSchema>;

export const goalUpdateInputSchema = z.object({
  objective: described(z.optional(z.string()), "A sharper objective; replaces the old one."),
  status: described(
    z.optional(z.enum(["active", "blocked"])),
    "active to work (activates a draft), blocked while waiting on something.",
  ),
  doneSoFar: items("New work done, with concrete facts. Added to the record."),
  remaining: items("The whole remaining queue; replaces the old one. Send [] to clear it once everything is done."),
  blockers: items("The whole blocker list; replaces the old one. Send [] to clear it."),
  discoveredIssues: items("Problems found along the way. Only grows: settle them with issueResolutions."),
  issueResolutions: described(
    z.optional(z.array(issueResolutionSchema)),
    "Settle discovered issues by naming each one, with evidence. Wildcards are refused.",
  ),
  requirementCoverage: described(
    z.optional(z.array(requirementCoverageSchema)),
    "Evidence per requirement, named by number or text.",
  ),
  validationProof: items("How the result was validated."),
  verificationResults: items("Test, build and check results, with the command."),
  inspectionEvidence: items("Files and code inspected."),
  completionAudit: items("The final audit: each requirement and constraint checked against the result."),
  requirements: items("More explicit requirements."),
  constraints: items("More constraints."),
  mustNotRegress: items("More behaviour that must keep working."),
  proposedChecks: items(
    "Commands you propose goalpost run to check the goal (e.g. 'npm test'). Only the user makes them binding (`goal: check accept`); until then they count for nothing.",
  ),
  progressMarkers: described(
    z.optional(z.array(progressMarkerSchema)),
    "The checklist as it stands ([x] done, [ ] open); replaces the old one.",
  ),
});
export type GoalUpdateInput = z.infer<typeof goalUpdateInputSchema>;

export const goalCloseInputSchema = z.object({
  status: described(
    z.enum(["complete", "blocked", "cancelled"]),
    "complete needs full evidence; blocked and cancelled close without it and are final.",
  ),
  reason: described(z.optional(z.string()), "Why: required in spirit for blocked (the exact blocker) and cancelled."),
});
export type GoalCloseInput = z.infer<typeof goalCloseInputSchema>;
