// @goalpost/adapter-claude-code: the public surface, for tools that drive the adapter programmatically.
export { claudeCodeAdapter } from "./claude-code-adapter.js";
export { descriptor } from "./claude-code-descriptor.js";
export { claudeCodeEvent, claudeCodeEvents, claudeCodeOutput } from "./claude-code-events.js";
export type { ClaudeCodeHookOutput } from "./claude-code-hook-output.js";
export type { ClaudeCodeHookEvent, ClaudeCodeHookPayload } from "./claude-code-hook-payload.js";
export { CLAUDE_CODE_HOOK_EVENTS, claudeCodeHookPayloadSchemas, isClaudeCodeHookEvent } from "./claude-code-hook-payload.js";
export {
  CLAUDE_CODE_BIN,
  claudeCodeInstall,
  HOOK_TIMEOUT,
  INSTALLED_HOOK_EVENTS,
  MCP_SERVER_NAME,
} from "./claude-code-install.js";
export type { ClaudeCodeScope } from "./claude-code-paths.js";
export { claudeConfigDir, claudeGlobalStateFile, goalpostStateRoot, settingsFile } from "./claude-code-paths.js";
export { claudeCodePluginHooks } from "./claude-code-plugin.js";
export { CLAUDE_CODE_HOST, claudeCodeProfile } from "./claude-code-profile.js";
export { claudeCodeSamples } from "./claude-code-samples.js";
