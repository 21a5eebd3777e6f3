// @goalpost/adapter-kit: everything an adapter for a new host is built from. The adapter supplies
// its host's facts as a HostAdapter value; the kit runs hooks, the bin, the shell goal tools,
// installation, the hook's fast path and doctor the same way for every host.
// This entry is what a hook process loads; installing, doctor and the config-file editor are in
// `@goalpost/adapter-kit/install`, loaded only by the commands that need them.
export type { AdapterDescriptor } from "./descriptor.js";
export { describeAdapter, findOnPath } from "./descriptor.js";
export { hookBundleMain } from "./hook-bundle-main.js";
export { hookCommand, plainHookCommand, shellHooksSupported, shellWord } from "./hook-command.js";
export type { HookGroupOptions } from "./hook-groups.js";
export {
  hookGroupsTarget,
  objectAt,
  ownHookGroupsPresent,
  ownHookGroupsWired,
  withKey,
  withOwnHookGroups,
  withoutOwnHookGroups,
} from "./hook-groups.js";
export type { HookResult } from "./hook-io.js";
export { HOOK_INPUT_LIMIT, HookInputTooLargeError, readHookInput, writeAll, writeHookResult } from "./hook-io.js";
export { mergeDecisions, runHook } from "./hook-runner.js";
export { boundedText, hookSpecificAnswers } from "./hook-specific-answers.js";
export type {
  DoctorCheck,
  DoctorContext,
  HostAdapter,
  HostEvent,
  HostEventSpec,
  NativeGoalChange,
  PayloadSession,
  SamplePayload,
  SessionKey,
} from "./host-adapter.js";
export { defineHostAdapter, defineHostEvent, hostEventTable } from "./host-adapter.js";
export { adapterVersion, hostCliUsage, runHostCli } from "./host-cli.js";
export type { ConfigFormat, InstallContext, InstallSpec, InstallTarget, JsonObject } from "./install-target.js";
export { readJsonObject } from "./json-object-file.js";
export { loadBuiltin } from "./load-builtin.js";
export type { McpServerEntryOptions } from "./mcp-server-entry.js";
export { mcpServerEntryTarget } from "./mcp-server-entry.js";
export type { OwnEntries } from "./own-entries.js";
export { ownEntries } from "./own-entries.js";
export type { OwnHookFileOptions } from "./own-hook-file.js";
export { ownHookFileTarget } from "./own-hook-file.js";
export { ownedFileTarget } from "./owned-file.js";
export { resolveProjectDir } from "./project-dir.js";
export type { CommandResult, GoalCommandName } from "./shell-goal-tools.js";
