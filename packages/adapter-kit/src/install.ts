// @goalpost/adapter-kit/install: installing into a host's configuration, doctor, the shell goal
// tools — everything the bin loads only when a person (or the
// agent's shell) asks for it, never on the hook path.

export type { AdminCommand } from "./bin/admin-commands.js";
export { runAdminCommand } from "./bin/admin-commands.js";
export { GOAL_COMMANDS, runGoalCommand } from "./bin/shell-goal-tools.js";
export { formatDoctor, runDoctor } from "./doctor/doctor.js";
export type { FileChange } from "./installing/config-changes.js";
export { applyChanges, planInstall, planUninstall, targetsPresent, wiredLabels } from "./installing/config-changes.js";
export type { ConfigFile } from "./installing/config-file.js";
export { ConfigFileError, deepEqual, readConfigFile, rewriteConfigText } from "./installing/config-file.js";
export { installTargets } from "./installing/scope-targets.js";
