// @goalpost/adapter-codex: the public surface, for tools that drive the adapter programmatically.
export { codexAdapter } from "./codex-adapter.js";
export { descriptor } from "./codex-descriptor.js";
export { codexEvent, codexEvents, codexOutput } from "./codex-events.js";
export type { GoalStoreEngine, GoalStoreReading } from "./codex-goal-store.js";
export { goalStoreEngine, goalStorePath, goalStoreSignature, readThreadGoal } from "./codex-goal-store.js";
export type { CodexHookEvent, CodexHookPayload } from "./codex-hook-payload.js";
export { CODEX_HOOK_EVENTS, codexHookPayloadSchemas, isCodexHookEvent } from "./codex-hook-payload.js";
export { EVENT_LABELS, handlerSlots, retrust, trustedHash } from "./codex-hook-trust.js";
export { CODEX_BIN, codexInstall, HOOK_TIMEOUT, INSTALLED_HOOK_EVENTS, MCP_SERVER_NAME } from "./codex-install.js";
export { codexHome, configFile, goalpostStateRoot, hooksFile, sessionsDir } from "./codex-paths.js";
export { CODEX_HOST, codexProfile } from "./codex-profile.js";
export { commandExitCode } from "./codex-rollout.js";
export { codexSamples } from "./codex-samples.js";
