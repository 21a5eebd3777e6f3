// Where goalpost goes in Copilot CLI's home (docs/hosts/copilot-cli.md §2, §3.8): its own hook file
// `hooks/goalpost.json` (`"version": 1`, camelCase events, one `bash` command each), the extension that
// offers the goal tools (`extensions/goalpost/extension.mjs`), the same tools over MCP for when
// extensions are off (`mcp-config.json`), the goal skill (`skills/goal/SKILL.md`),
// and in settings.json the feature flag that lets extensions load — taken out again on uninstall only
// if goalpost was the one that set it (goalpost notes that in its state root). The kit plans, shows,
// backs up, writes and removes.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  type InstallContext,
  type InstallSpec,
  type InstallTarget,
  type JsonObject,
  mcpServerEntryTarget,
  objectAt,
  ownEntries,
  ownedFileTarget,
  ownHookFileTarget,
  readJsonObject,
  sameFileTargets,
  withKey,
} from "@goalpost/adapter-kit";
import { descriptor } from "./copilot-cli-descriptor.js";
import { MCP_SERVER_NAME } from "./copilot-cli-mcp-name.js";
import {
  copilotHome,
  extensionFile,
  goalpostStateRoot,
  hooksFile,
  mcpConfigFile,
  settingsFile,
  skillFile,
} from "./copilot-cli-paths.js";
import { copilotCliProfile } from "./copilot-cli-profile.js";
import { goalSkill, SKILL_MARKER } from "./copilot-cli-skill.js";
import { statusLineSettings } from "./copilot-cli-status-line.js";

/** As the descriptor says it: the names are written once. */
export const COPILOT_CLI_BIN = descriptor.bin;
/** The extension bundle beside the bin; install copies it into COPILOT_HOME. */
export const EXTENSION_BUNDLE = "goalpost-copilot-cli-extension.mjs";
const EXTENSION_MARKER = "// goalpost's Copilot CLI extension";

/** Every hook goalpost registers (camelCase: the payloads then are the documented camelCase ones). */
export const INSTALLED_HOOK_EVENTS = [
  "sessionStart",
  "userPromptSubmitted",
  "preToolUse",
  "postToolUse",
  "postToolUseFailure",
  "preMcpToolCall",
  "preCompact",
  "agentStop",
  "subagentStart",
  "subagentStop",
  "sessionEnd",
  "errorOccurred",
] as const;

/** Seconds Copilot waits for a hook (its default is 30). */
export const HOOK_TIMEOUT = 15;
/** Seconds it waits for the main agent's stop hook: long enough to wait for goalpost's run of the checks. */
const timeoutOf = (event: string) => (event === "agentStop" ? (copilotCliProfile.stopHookSeconds ?? HOOK_TIMEOUT) : HOOK_TIMEOUT);

const own = ownEntries(COPILOT_CLI_BIN);

/** goalpost's own hook file: the whole file is goalpost's. */
const hooksTarget = (context: InstallContext): InstallTarget =>
  ownHookFileTarget({
    path: hooksFile(context.env),
    own,
    events: INSTALLED_HOOK_EVENTS,
    commandKey: "bash",
    header: { version: 1 },
    handler: (event) => ({ type: "command", bash: context.hookCommand(event), timeoutSec: timeoutOf(event) }),
  });

/**
 * mcp-config.json: the goal tools over MCP, for when extensions are off. COPILOT_HOME (and
 * GOALPOST_HOME, when set) go in its env, so the server finds the state the hooks write.
 */
function mcpTarget(context: InstallContext): InstallTarget {
  const goalpostHome = context.env["GOALPOST_HOME"]?.trim();
  return mcpServerEntryTarget({
    path: mcpConfigFile(context.env),
    format: "json",
    mapKey: "mcpServers",
    name: MCP_SERVER_NAME,
    own,
    entry: {
      type: "stdio",
      command: context.mcpServer.command,
      args: [...context.mcpServer.args],
      env: { COPILOT_HOME: copilotHome(context.env), ...(goalpostHome ? { GOALPOST_HOME: goalpostHome } : {}) },
      tools: ["*"],
    },
  });
}

const RECORD = "install-record.json";
const flagOn = (settings: JsonObject) => objectAt(settings, "enabledFeatureFlags")["EXTENSIONS"] === true;

/** settings.json: `enabledFeatureFlags.EXTENSIONS`, which extensions need (docs/hosts/copilot-cli.md §8). */
function settingsTarget(context: InstallContext): InstallTarget {
  const record = join(goalpostStateRoot({ ...context.env, GOALPOST_HOME: "" }), RECORD);
  const setFlag = (data: JsonObject, on: boolean): JsonObject => {
    const flags = { ...objectAt(data, "enabledFeatureFlags") };
    if (on) flags["EXTENSIONS"] = true;
    else delete flags["EXTENSIONS"];
    return withKey(data, "enabledFeatureFlags", flags);
  };
  return {
    path: settingsFile(context.env),
    format: "json",
    label: "extensions switched on",
    install: (data) => setFlag(data, true),
    uninstall: (data) => (readJsonObject(record)["setExtensionsFlag"] === true && flagOn(data) ? setFlag(data, false) : data),
    wired: flagOn,
    // The flag may be the user's own: it never keeps goalpost "present".
    present: () => false,
  };
}

/** What install found and changed that uninstall must know: whether the extensions flag was goalpost's doing. */
function recordTarget(context: InstallContext): InstallTarget {
  const settings = settingsFile(context.env);
  return {
    path: join(goalpostStateRoot({ ...context.env, GOALPOST_HOME: "" }), RECORD),
    format: "json",
    label: "install record",
    install: (data) =>
      typeof data["setExtensionsFlag"] === "boolean" ? data : { setExtensionsFlag: !flagOn(readJsonObject(settings)) },
    uninstall: () => ({}),
    wired: (data) => typeof data["setExtensionsFlag"] === "boolean",
    present: () => false,
  };
}

export const copilotCliInstall: InstallSpec = {
  scopes: ["user"],
  defaultScope: "user",
  hookEvents: INSTALLED_HOOK_EVENTS,
  // Every event but those that capture a goal or offer continuation, and the compaction: with no goal
  // open, goalpost notes it (once per compaction) so the next prompt gives the working context back.
  fastEvents: INSTALLED_HOOK_EVENTS.filter(
    (event) => !["sessionStart", "userPromptSubmitted", "agentStop", "preCompact"].includes(event),
  ),
  hookTimeout: HOOK_TIMEOUT,
  targets: (context) => [
    hooksTarget(context),
    ownedFileTarget({
      path: extensionFile(context.env),
      label: "goal tools extension",
      content: () => readFileSync(join(dirname(context.cliPath), EXTENSION_BUNDLE), "utf8"),
      isOwn: (text) => text.startsWith(EXTENSION_MARKER),
    }),
    mcpTarget(context),
    ownedFileTarget({
      path: skillFile(context.env),
      label: "goal skill",
      content: goalSkill,
      isOwn: (text) => text.includes(SKILL_MARKER),
    }),
    recordTarget(context),
    // settings.json: the extensions flag and goalpost's status line (copilot-cli-status-line.ts).
    sameFileTargets(settingsTarget(context), statusLineSettings(context)),
  ],
  nextStep:
    "In Copilot CLI, type goal: <what done means> to set a goal (Copilot's own /goal, its autopilot, is held to the same goal).",
};
