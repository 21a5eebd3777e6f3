// `@goalpost/core/harness`: all a harness of one's own needs, and no more — the store, the engine and
// its events, the goal tools, the verifier's starter (`@goalpost/verifier` runs it), the errors, a host
// profile. The same bindings as the main entry (re-exported from it, one copy of every module), so the
// two mix freely; the main entry adds a goal's record and its changes, notices, the event schemas.
// README: "Entries".
export type {
  EngineConfigInput,
  EngineDecision,
  EngineEventInput,
  EngineEventType,
  GoalEngine,
  GoalEngineOptions,
  GoalpostErrorCode,
  GoalRecord,
  GoalStore,
  GoalStoreOptions,
  GoalToolDefinition,
  GoalToolResult,
  GoalTools,
  HostProfile,
  HostProfileInput,
  StartVerification,
  ToolCaller,
  VerificationRequest,
  VerificationRunner,
} from "./index.js";
export {
  CompletionRefusedError,
  createGoalEngine,
  createGoalStore,
  createGoalTools,
  defineHostProfile,
  GOAL_TOOL_SPECS,
  GoalpostError,
  goalToolDefinitions,
  loadEngineConfig,
  renderGoalContext,
  startVerificationInProcess,
  statusSegment,
  toolErrorText,
} from "./index.js";
