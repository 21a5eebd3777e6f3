// @goalpost/adapter-vscode-chat: the public surface, for tools that drive the adapter programmatically.
export { vscodeChatAdapter } from "./vscode-chat-adapter.js";
export { descriptor } from "./vscode-chat-descriptor.js";
export { vscodeChatEvent, vscodeChatEvents, vscodeChatOutput } from "./vscode-chat-events.js";
export type { VscodeChatHookEvent, VscodeChatHookPayload } from "./vscode-chat-hook-payload.js";
export { VSCODE_CHAT_HOOK_EVENTS, vscodeChatHookPayloadSchemas } from "./vscode-chat-hook-payload.js";
export {
  HOOK_TIMEOUT,
  HOOKS_SETTING,
  INSTALLED_HOOK_EVENTS,
  MCP_SERVER_NAME,
  VSCODE_CHAT_BIN,
  vscodeChatInstall,
} from "./vscode-chat-install.js";
export type { VscodeChatScope } from "./vscode-chat-paths.js";
export { agentFile, goalpostStateRoot, hooksFile, mcpFile, userSettingsFile, vscodeUserDir } from "./vscode-chat-paths.js";
export { VSCODE_CHAT_HOST, vscodeChatProfile } from "./vscode-chat-profile.js";
export { vscodeChatSamples } from "./vscode-chat-samples.js";
