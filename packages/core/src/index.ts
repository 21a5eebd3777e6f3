// @goalpost/core: the public surface. Adding a line here is an API decision.

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
export type { EngineConfig, EngineConfigInput } from "./config/engine-config.js";
export {
  CONFIG_FILE,
  DEFAULT_ENGINE_CONFIG,
  engineConfigSchema,
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
export {
  compactionAboutToRunEventSchema,
  engineDecisionSchema,
  engineEventSchema,
  isMainStop,
  NO_DECISION,
  nativeGoalChangedEventSchema,
  promptSubmittedEventSchema,
  sessionEndedEventSchema,
  sessionStartedEventSchema,
  stopRequestedEventSchema,
  subagentStartedEventSchema,
  subagentStoppedEventSchema,
  taskItemSchema,
  tasksUpdatedEventSchema,
  toolAboutToRunEventSchema,
  toolRanEventSchema,
} from "./engine/engine-event.js";
export { failSafeDecision } from "./engine/fail-safe-stop.js";
export type { IssueLookupRequest, LookUpIssue } from "./engine/github-issue-lookup.js";
export type { GoalCommand } from "./engine/goal-command.js";
export { parseGoalCommand } from "./engine/goal-command.js";
export type { GoalEngine, GoalEngineOptions } from "./engine/goal-engine.js";
export { createGoalEngine } from "./engine/goal-engine.js";
export { type GoalToolsInHookOptions, goalToolInHook } from "./engine/goal-tools-in-hook.js";
export type { HostWorld, NativeGoalChangeFields } from "./engine/host-world.js";
export { STOP_BLOCK_PREFIX, SUBAGENT_BOUNDARY_NOTICE } from "./engine/policy-text.js";
export { followHostTasks, renderFocus } from "./engine/session-focus.js";
export { CLOSED_SHOWN_MS, statusSegment } from "./engine/status-segment.js";
export { switchedOffDecision } from "./engine/switched-off.js";
export { taskStatus, tasksFromToolInput } from "./engine/task-goals.js";
export type { TurnMarks, WatchedMarks, WatchedNow } from "./engine/turn-watch.js";
export {
  endTurnWatch,
  laterRelease,
  noteSwitchedOff,
  readTurnMarks,
  startTurnWatch,
  UNREADABLE_STATE,
} from "./engine/turn-watch.js";
export { classifyCommand, commandSegments, isMutatingCommand } from "./evidence/classify-command.js";
export type {
  ToolCallClass,
  ToolCallDescription,
  ToolClassifier,
  ToolClassifierOptions,
} from "./evidence/classify-tool-call.js";
export {
  createToolClassifier,
  isInside,
  PATH_KEYS,
  summarizeToolCall,
  toolInputPaths,
} from "./evidence/classify-tool-call.js";
export { isCheckableEvidence, isVagueEvidence, MIN_EVIDENCE_LENGTH } from "./evidence/evidence-quality.js";
export type { GoalCommandVerb, GoalToolInvocation, GoalToolName } from "./evidence/goal-tool-names.js";
export {
  GOAL_COMMAND_VERBS,
  GOAL_TOOL_NAMES,
  goalToolInvocation,
  goalToolName,
  mentionsGoalpost,
} from "./evidence/goal-tool-names.js";
export { isWildcardReference, referenceMatchesIssue } from "./evidence/issue-matching.js";
export type { ReceiptJudgement } from "./evidence/receipt-judgement.js";
export { judgeShellReceipt, outputVerdict } from "./evidence/receipt-judgement.js";
export type { ParsedShell, ShellRedirect, ShellSegment } from "./evidence/shell-syntax.js";
export { parseShell } from "./evidence/shell-syntax.js";
export type { GateConditionCode, GateResult, UnmetCondition } from "./gate/completion-gate.js";
export { CONDITION_WORDS, evaluateCompletionGate, unmetWords } from "./gate/completion-gate.js";
export { coverageProblem, resolutionProblems } from "./gate/evidence-checks.js";
export { referenceNamesRequirement, uncoveredRequirements } from "./gate/requirement-coverage.js";
export type { VerificationConditionCode, VerificationGateOptions } from "./gate/verification-conditions.js";
export type { HostGoal, HostGoalStatus, SeenHostGoal } from "./host/host-goal.js";
export { HOST_GOAL_STATUSES, hostGoalSchema } from "./host/host-goal.js";
export type { HostProfile, HostProfileInput } from "./host/host-profile.js";
export { defineHostProfile, GENERIC_HOST_PROFILE, hostProfileSchema } from "./host/host-profile.js";
export { type GoalToolDefinition, goalToolDefinitions, JSON_SCHEMAS } from "./json-schemas.js";
export type { CreateGoalInput, GoalUpdateResult, RetireOptions } from "./lifecycle/goal-lifecycle.js";
export {
  applyGoalUpdate,
  closeGoal,
  createGoal,
  GOAL_SOURCE_WORDS,
  isUserGoal,
  letGoalGo,
  retireGoal,
  TEXT_LIMITS,
  takeUpGoal,
  UPDATE_COUNTING_FIELDS,
} from "./lifecycle/goal-lifecycle.js";
export { collectNotifierFailure, takeUntoldProblems } from "./notify/notifier-failure.js";
export { recordBreaches } from "./notify/record-breaches.js";
export { HISTORY_LIMITS, pushGoalEvent, pushReceipt, pushToolCall } from "./record/bounded-history.js";
export type { GoalBudget, GoalSpend } from "./record/goal-budget.js";
export { budgetText, budgetUsed, durationText, parseBudget, spendText } from "./record/goal-budget.js";
export type {
  AwaitingUser,
  CheckBaseline,
  CheckKind,
  CheckResult,
  CloseRequest,
  GoalCheck,
  TestCounts,
  Verification,
} from "./record/goal-checks.js";
export { checkKindSchema, goalCheckSchema, verificationSchema } from "./record/goal-checks.js";
export { cwdHash, newGoalId } from "./record/goal-identity.js";
export type { GoalCloseInput, GoalOpenInput, GoalUpdateInput } from "./record/goal-inputs.js";
export { goalCloseInputSchema, goalOpenInputSchema, goalUpdateInputSchema } from "./record/goal-inputs.js";
export type { GoalPhase } from "./record/goal-phase.js";
export {
  canTransition,
  endedWithin,
  GOAL_PHASES,
  goalPhase,
  isEnforced,
  isOpen,
  LET_GO,
  PHASE_TRANSITIONS,
  TERMINAL_PHASES,
  transitionRefusal,
} from "./record/goal-phase.js";
export type {
  EvidenceKind,
  GoalEvent,
  GoalEventType,
  GoalLevel,
  GoalRecord,
  GoalRecordInput,
  GoalSource,
  GoalStatus,
  IssueResolution,
  IssueResolutionStatus,
  ProgressMarker,
  Receipt,
  RequirementCoverage,
  ToolHistoryEntry,
  VerificationCategory,
} from "./record/goal-record.js";
export {
  evidenceKindSchema,
  goalEventSchema,
  goalLevelSchema,
  goalRecordSchema,
  goalSourceSchema,
  goalStatusSchema,
  issueResolutionSchema,
  receiptSchema,
  requirementCoverageSchema,
  toolHistoryEntrySchema,
  verificationCategorySchema,
} from "./record/goal-record.js";
export { GOAL_RECORD_SCHEMA_ID, goalRecordJsonSchema } from "./record/goal-record-json-schema.js";
export { noteRecentFile, parseProgressMarkers, RECENT_FILES_LIMIT } from "./record/working-context.js";
export { redactSecrets } from "./redaction/redact-secrets.js";
export { gitBranch, issueFromBranch, issueFromWords, issueInfo } from "./session/github-issue.js";
export { GOAL_WORDS } from "./session/goal-words.js";
export type { HostToolCall, HostToolRecord } from "./session/receipt-corroboration.js";
export { corroborateReceipts } from "./session/receipt-corroboration.js";
export type { RenderForm, RenderOptions } from "./session/render-goal.js";
export { DEFAULT_TOOL_HINT, renderGoalContext, renderSessionGoal } from "./session/render-goal.js";
export { activeGoal, goalAncestors, goalStack } from "./session/session-goals.js";
export { removeSecretPrints } from "./session/session-secrets.js";
export type { WriteOptions } from "./store/atomic-file.js";
export { writeFileAtomic } from "./store/atomic-file.js";
export { AUDIT_LOG_LIMIT_BYTES } from "./store/audit-log.js";
export type { ContinuationCandidate, ContinuationOutcome } from "./store/continuation.js";
export { continuationCandidates, continueGoal } from "./store/continuation.js";
export type { LockOptions } from "./store/file-lock.js";
export { withFileLock } from "./store/file-lock.js";
export type { ContinuationEntry, GoalStore, GoalStoreOptions, SessionIdentity } from "./store/goal-store.js";
export { continuationEntrySchema, createGoalStore, RECENTLY_CLOSED_MS } from "./store/goal-store.js";
export type { KnownOpenGoal } from "./store/known-open-goal.js";
export { knownOpenGoal } from "./store/known-open-goal.js";
export type { Notice, NoticeKind } from "./store/notice-log.js";
export { hasUntoldBreaches, NOTICE_LOG_FILE, noticesOf, readNotices, recentNotices } from "./store/notice-log.js";
export { CLOSED_MARKERS, closedLately, ensureOpenMarkers, isMarkedOpen, OPEN_MARKERS } from "./store/open-goal-markers.js";
export { processRuns } from "./store/process-identity.js";
export type { NoticeInput } from "./store/record-notice.js";
export { recordNotice, recordNotices, takeUntoldBreaches } from "./store/record-notice.js";
export type { PruneResult } from "./store/retention.js";
export { ARCHIVE_DIRECTORY, archiveClosedSessions, archivedSessions } from "./store/retention.js";
export { removeRunReports } from "./store/run-reports.js";
export { safeFileName } from "./store/safe-file-name.js";
export type { GitHubIssue, SessionCounters, SessionFile } from "./store/session-file.js";
export {
  CLOSED_GOALS_KEPT,
  emptySessionFile,
  SESSION_FILE_SCHEMA_ID,
  SESSION_FILE_SCHEMA_VERSION,
  sessionCountersSchema,
  sessionFileSchema,
} from "./store/session-file.js";
export { approvalHash, takeApproval } from "./store/shell-approvals.js";
export type { Snapshot, SnapshotMetadata } from "./store/snapshots.js";
export { readSnapshot, serveSnapshot, snapshotMetadataSchema, writeSnapshot } from "./store/snapshots.js";
export { knownStoreRoots, registerStoreRoot, storeRegistryDir, unregisterStoreRoot } from "./store/store-registry.js";
export { resolveStoreRoot } from "./store/store-root.js";
export type { ToolUseRecord } from "./store/tool-use-index.js";
export { consumeToolUse, lookupToolUse, recordToolUse, toolUseRecordSchema } from "./store/tool-use-index.js";
export { closest, didYouMean } from "./text/did-you-mean.js";
export { goalText } from "./text/goal-text.js";
export { appendToList, LIST_LIMITS, sanitizeList } from "./text/sanitize-list.js";
export type { SanitizeOptions } from "./text/sanitize-text.js";
export { sanitizeText, truncateText } from "./text/sanitize-text.js";
export type { GoalToolSpec } from "./tools/goal-tool-specs.js";
export { GOAL_TOOL_SPECS } from "./tools/goal-tool-specs.js";
export type { GoalToolResult, GoalTools, GoalToolsOptions, ToolCaller } from "./tools/goal-tools.js";
export { createGoalTools, toolErrorText } from "./tools/goal-tools.js";
export { TOOL_DESCRIPTIONS } from "./tools/tool-descriptions.js";
export { changesText } from "./verify/changes-text.js";
export { checkDefinition, definitionChanges } from "./verify/check-definition.js";
export { checkKindOf, deriveChecks, userCheck } from "./verify/derive-checks.js";
export { projectCommands } from "./verify/project-checks.js";
export type { TestReport, TestUnit } from "./verify/test-report.js";
export { readTestReport, readTestSummary } from "./verify/test-report.js";
export { treeFingerprint } from "./verify/tree-fingerprint.js";
export type { StartVerification, VerificationRequest } from "./verify/verification-request.js";
export { startVerificationInProcess, verificationAlive } from "./verify/verification-request.js";
