// @goalpost/adapter-kit/install: installing into a host's configuration, doctor, the shell goal
// tools — everything the bin loads only when a person (or the
// agent's shell) asks for it, never on the hook path.
export type { AdminCommand } from "./admin-commands.js";
export { runAdminCommand } from "./admin-commands.js";
export type { ConfigFile } from "./config-file.js";
export { ConfigFileError, deepEqual, readConfigFile, rewriteConfigText } from "./config-file.js";
export { formatDoctor, runDoctor } from "./doctor.js";
export { installTargets } from "./install-targets.js";
export type { FileChange } from "./installer.js";
export { applyChanges, planInstall, planUninstall, targetsPresent, wiredLabels } from "./installer.js";
export { GOAL_COMMANDS, runGoalCommand } from "./shell-goal-tools.js";
