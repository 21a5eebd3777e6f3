// @goalpost/adapter-kit: everything an adapter for a new host is built from. The adapter supplies
// its host's facts as a HostAdapter value; the kit runs hooks, the bin, the shell goal tools,
// installation, the hook's fast path and doctor the same way for every host.
// This entry is what a hook process loads; installing, doctor and the config-file editor are in
// `@goalpost/adapter-kit/install`, loaded only by the commands that need them.

export { adapterVersion, hostCliUsage } from "./bin/cli-usage.js";
export { runHostCli } from "./bin/host-cli.js";
export type { CommandResult, GoalCommandName } from "./bin/shell-goal-tools.js";
export type { AdapterDescriptor, AdapterFacts } from "./contract/descriptor.js";
export { describeAdapter, findOnPath, userCommand } from "./contract/descriptor.js";
export { sessionFields, toolCallFields } from "./contract/event-fields.js";
export type {
  DoctorCheck,
  DoctorContext,
  HostAdapter,
  HostEvent,
  HostEventSpec,
  HostTokenRecord,
  NativeGoalChange,
  PayloadSession,
  SamplePayload,
  SessionKey,
  SessionStartSource,
  StatusLineSpec,
  TokenTally,
} from "./contract/host-adapter.js";
export {
  ADAPTER_SPECIFICATION_VERSION,
  defineHostAdapter,
  defineHostEvent,
  isSessionStartSource,
  tokenCount,
} from "./contract/host-adapter.js";
export type { HostSamples, MinimalSamples, SampleSession, ShellRun } from "./contract/host-samples.js";
export { SAMPLE_SESSION, warmUpAndProbe } from "./contract/host-samples.js";
export type {
  ConfigFormat,
  InstallContext,
  InstallSpec,
  InstallTarget,
  JsonObject,
  OptionalPart,
} from "./contract/install-spec.js";
export { hookBundleMain } from "./fast-path/hook-bundle-main.js";
export type { HookResult } from "./hook/hook-io.js";
export { HOOK_INPUT_LIMIT, HookInputTooLargeError, readHookInput, writeAll, writeHookResult } from "./hook/hook-io.js";
export type { HookSpecificShape } from "./hook/hook-specific-output.js";
export { boundedText, hookSpecificOutput } from "./hook/hook-specific-output.js";
export { loadBuiltin } from "./hook/load-builtin.js";
export { postNote, takeNotes } from "./hook/note-outbox.js";
export { resolveProjectDir } from "./hook/project-dir.js";
export { promptsInRecord } from "./hook/record-prompts.js";
export {
  openRecord,
  recordLinesFromEnd,
  recordTail,
  recordTailLines,
  transcriptPath,
  transcriptTail,
} from "./hook/record-tail.js";
export { runHook } from "./hook/run-hook.js";
export { statusLineSession } from "./hook/status-line.js";
export { fastEvents, fastPathWakeWords } from "./installing/fast-events.js";
export { hookCommand, plainHookCommand, shellHooksSupported, shellWord } from "./installing/hook-command.js";
export type { HookGroupOptions } from "./installing/hook-groups-target.js";
export {
  hookGroupsTarget,
  objectAt,
  ownHookGroupsPresent,
  ownHookGroupsWired,
  stopSpinner,
  withKey,
  withOwnHookGroups,
  withoutOwnHookGroups,
} from "./installing/hook-groups-target.js";
export { readJsonObject } from "./installing/json-object-file.js";
export type { McpServerEntryOptions } from "./installing/mcp-server-entry-target.js";
export { mcpServerEntryTarget } from "./installing/mcp-server-entry-target.js";
export type { OwnEntries } from "./installing/own-entries.js";
export { ownEntries } from "./installing/own-entries.js";
export type { OwnHookFileOptions } from "./installing/own-hook-file-target.js";
export { ownHookFileTarget } from "./installing/own-hook-file-target.js";
export { ownedFileTarget } from "./installing/owned-file-target.js";
export { sameFileTargets } from "./installing/same-file-targets.js";
export type { StatusLineOptions } from "./installing/status-line-target.js";
export { statusLineTarget } from "./installing/status-line-target.js";
export {
  hostSandboxUnavailable,
  isStrict,
  STRICT_RECORD,
  type StrictModeOptions,
  strictModeCheck,
  strictModeOn,
  strictModeTargets,
} from "./installing/strict-mode.js";
