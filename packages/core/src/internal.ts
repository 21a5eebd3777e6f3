// @goalpost/core/internal: what goalpost's own packages (the verifier, the kit, the adapters, the MCP
// server, the CLI) use of core beyond its main entry — for the verifier, what its runs are built on: the
// goal's checks and what defines them, the walls' lists, the tree's state, the run reports, a verdict
// landing in the session. Not for other harnesses: it changes with goalpost's own packages,
// and the import rules let only them import it. Its build is the one file that holds core (the main
// entry re-exports from it), so a process that loads both has one copy of every module.
export type { Env } from "./base/env.js";
export { USER_VARIABLES } from "./base/env.js";
export type { GoalpostErrorCode } from "./base/errors.js";
export {
  AmbiguousContinuationError,
  CompletionRefusedError,
  EmptyUpdateError,
  GoalAlreadyOpenError,
  GoalClosedError,
  GoalNotFoundError,
  GoalpostError,
  InvalidInputError,
  InvalidTransitionError,
  StoreError,
  SubagentRefusedError,
  UserGoalError,
} from "./base/errors.js";
export { loadBuiltin } from "./base/lazy-builtin.js";
export type { EngineConfig, EngineConfigInput } from "./config/engine-config.js";
export {
  CONFIG_FILE,
  DEFAULT_ENGINE_CONFIG,
  GOALPOST_SWITCH_VARIABLES,
  KILL_SWITCH_FILE,
  killSwitchEngaged,
  loadEngineConfig,
} from "./config/engine-config.js";
export type {
  EngineDecision,
  EngineEvent,
  EngineEventInput,
  EngineEventOf,
  EngineEventType,
  TaskItem,
} from "./engine/engine-event.js";
export { engineDecisionSchema, engineEventSchema, isMainStop, NO_DECISION } from "./engine/engine-event.js";
export { failSafeDecision, WITHOUT_NODE_DECISION } from "./engine/fail-safe-stop.js";
export type { LookUpIssue } from "./engine/github-issue-lookup.js";
export type { GoalEngine, GoalEngineOptions } from "./engine/goal-engine.js";
export { createGoalEngine } from "./engine/goal-engine.js";
export { goalToolInHook } from "./engine/goal-tools-in-hook.js";
export type { HostWorld } from "./engine/host-world.js";
export { STOP_BLOCK_PREFIX, SUBAGENT_BOUNDARY_NOTICE } from "./engine/policy-text.js";
export { CLOSED_SHOWN_MS, statusSegment } from "./engine/status-segment.js";
export { switchedOffDecision } from "./engine/switched-off.js";
export { taskStatus } from "./engine/task-goals.js";
export type { TurnMarks, WatchedNow } from "./engine/turn-watch.js";
export { endTurnWatch, noteSwitchedOff, readTurnMarks, startTurnWatch, UNREADABLE_STATE } from "./engine/turn-watch.js";
export { createToolClassifier, isInside, summarizeToolCall } from "./evidence/classify-tool-call.js";
export { GOAL_COMMAND_VERBS, type GoalCommandVerb } from "./evidence/goal-tool-names.js";
export { evaluateCompletionGate } from "./gate/completion-gate.js";
export { referenceNamesRequirement, uncoveredRequirements } from "./gate/requirement-coverage.js";
export type { HostGoal, HostGoalStatus } from "./host/host-goal.js";
export type { HostProfile, HostProfileInput } from "./host/host-profile.js";
export { defineHostProfile, GENERIC_HOST_PROFILE, hostProfileSchema } from "./host/host-profile.js";
export { type GoalToolDefinition, goalToolDefinitions, JSON_SCHEMAS } from "./json-schemas.js";
export {
  applyGoalUpdate,
  closeGoal,
  createGoal,
  GOAL_SOURCE_WORDS,
  letGoalGo,
  retireGoal,
  takeUpGoal,
} from "./lifecycle/goal-lifecycle.js";
export { collectNotifierFailure, takeUntoldProblems } from "./notify/notifier-failure.js";
export { notifyUser, userNotice } from "./notify/notify-user.js";
export { recordBreaches } from "./notify/record-breaches.js";
export { pushReceipt, pushToolCall } from "./record/bounded-history.js";
export type { GoalBudget } from "./record/goal-budget.js";
export { budgetText, budgetUsed, durationText, parseBudget, spendText } from "./record/goal-budget.js";
export type { CheckBaseline, CheckResult, CheckStart, GoalCheck, Verification } from "./record/goal-checks.js";
export type { GoalPhase } from "./record/goal-phase.js";
export { endedWithin, isEnforced, isOpen, LET_GO } from "./record/goal-phase.js";
export type { GoalRecord, GoalStatus } from "./record/goal-record.js";
export { sha256 } from "./record/sha256.js";
export { redactSecrets } from "./redaction/redact-secrets.js";
export { issueInfo } from "./session/github-issue.js";
export type { HostToolCall, HostToolRecord } from "./session/receipt-corroboration.js";
export { DEFAULT_TOOL_HINT, renderGoalContext } from "./session/render-goal.js";
export { activeGoal, replaceGoal } from "./session/session-goals.js";
export { removeSecretPrints } from "./session/session-secrets.js";
export { writeFileAtomic } from "./store/atomic-file.js";
export { continueGoal } from "./store/continuation.js";
export { withFileLock } from "./store/file-lock.js";
export type { GoalStore, GoalStoreOptions } from "./store/goal-store.js";
export { createGoalStore, RECENTLY_CLOSED_MS } from "./store/goal-store.js";
export { knownOpenGoal } from "./store/known-open-goal.js";
export { hasUntoldBreaches } from "./store/notice-log.js";
export { closedLately, ensureOpenMarkers, isMarkedOpen, OPEN_MARKERS } from "./store/open-goal-markers.js";
export { holderRuns, processRuns, processStart } from "./store/process-identity.js";
export { recordNotice, recordNotices, takeUntoldBreaches } from "./store/record-notice.js";
export { archiveClosedSessions, archivedSessions } from "./store/retention.js";
export { keptReport, readRunReport, removeRunReports, writeRunReport } from "./store/run-reports.js";
export { safeFileName } from "./store/safe-file-name.js";
export type { SessionFile } from "./store/session-file.js";
export { takeApproval } from "./store/shell-approvals.js";
export { readSnapshot } from "./store/snapshots.js";
export { knownStoreRoots, storeRegistryDir, unregisterStoreRoot } from "./store/store-registry.js";
export { resolveStoreRoot } from "./store/store-root.js";
export { consumeToolUse } from "./store/tool-use-index.js";
export { didYouMean } from "./text/did-you-mean.js";
export { goalText } from "./text/goal-text.js";
export type { GoalToolSpec } from "./tools/goal-tool-specs.js";
export { GOAL_TOOL_SPECS } from "./tools/goal-tool-specs.js";
export type { GoalToolResult, GoalTools, GoalToolsOptions, ToolCaller } from "./tools/goal-tools.js";
export { createGoalTools, toolErrorText } from "./tools/goal-tools.js";
export { shellRunAllowed } from "./tools/shell-run-approval.js";
export { TOOL_DESCRIPTIONS } from "./tools/tool-descriptions.js";
export { changesText } from "./verify/changes-text.js";
export { findGoal, recordCheckBaseline } from "./verify/check-baseline.js";
export { baselineOf, checkDefinition, checkToolchain, definitionChanges } from "./verify/check-definition.js";
export { deriveChecks } from "./verify/derive-checks.js";
export { type FinishOutcome, finishVerification } from "./verify/finish-verification.js";
export { scriptsOf } from "./verify/project-checks.js";
export { systemGit } from "./verify/project-git.js";
export { CREDENTIALS_IN_TOOLCHAINS, PROJECT_ESCAPE_HATCHES, projectRoot } from "./verify/sandbox-walls.js";
export { changesSince } from "./verify/source-changes.js";
export { changedPaths, type TreeState, treeState } from "./verify/tree-fingerprint.js";
export { trustedProgram } from "./verify/trusted-program.js";
export type { StartVerification, VerificationRequest, VerificationRunner } from "./verify/verification-request.js";
export { startVerificationInProcess, verificationAlive } from "./verify/verification-request.js";
