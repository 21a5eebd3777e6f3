// @goalpost/adapter-copilot-cli: the public surface, for tools that drive the adapter programmatically.
export { copilotCliAdapter } from "./copilot-cli-adapter.js";
export { descriptor } from "./copilot-cli-descriptor.js";
export { copilotCliEvent, copilotCliEvents, copilotCliOutput } from "./copilot-cli-events.js";
export type { CopilotCliHookEvent, CopilotCliHookPayload } from "./copilot-cli-hook-payload.js";
export { COPILOT_CLI_HOOK_EVENTS, copilotCliHookPayloadSchemas } from "./copilot-cli-hook-payload.js";
export {
  COPILOT_CLI_BIN,
  copilotCliInstall,
  EXTENSION_BUNDLE,
  HOOK_TIMEOUT,
  INSTALLED_HOOK_EVENTS,
} from "./copilot-cli-install.js";
export { copilotHome, extensionFile, goalpostStateRoot, hooksFile, settingsFile, skillFile } from "./copilot-cli-paths.js";
export { COPILOT_CLI_HOST, copilotCliProfile } from "./copilot-cli-profile.js";
export { copilotCliSamples } from "./copilot-cli-samples.js";
export { goalSkill } from "./copilot-cli-skill.js";
