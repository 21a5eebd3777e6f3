// @goalpost/adapter-claude-code: the public surface, for tools that drive the adapter programmatically.

export type { DoctorCheck } from "./claude-code-doctor.js";
export { runDoctor } from "./claude-code-doctor.js";
export type { ClaudeCodeSessionKey } from "./claude-code-events.js";
export { CLAUDE_CODE_HOST, claudeCodeEvent, claudeCodeOutput } from "./claude-code-events.js";
export type { HookResult } from "./claude-code-hook.js";
export { runClaudeCodeHook } from "./claude-code-hook.js";
export type { ClaudeCodeHookOutput } from "./claude-code-hook-output.js";
export type { ClaudeCodeHookEvent, ClaudeCodeHookPayload } from "./claude-code-hook-payload.js";
export { CLAUDE_CODE_HOOK_EVENTS, claudeCodeHookPayloadSchemas, isClaudeCodeHookEvent } from "./claude-code-hook-payload.js";
export type { FileChange, InstallOptions } from "./claude-code-install.js";
export {
  applyChanges,
  hookCommand,
  INSTALLED_HOOK_EVENTS,
  MCP_SERVER_NAME,
  planInstall,
  planUninstall,
  SettingsFileError,
  scopeHasOwnHooks,
} from "./claude-code-install.js";
export type { ClaudeCodeScope } from "./claude-code-paths.js";
export { claudeConfigDir, claudeGlobalStateFile, goalpostStateRoot, settingsFile } from "./claude-code-paths.js";
