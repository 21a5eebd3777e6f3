// Where goalpost goes for VS Code Copilot Chat (docs/hosts/vscode-chat.md §2, §4.7, §4.8): its own hook file in VS
// Code's format (`~/.copilot/hooks/goalpost-vscode.json`, or `.github/hooks/` of the workspace), the
// Goalpost custom agent, the MCP server in the profile's `mcp.json` (or `.vscode/mcp.json`), and —
// in user scope — `chat.useHooks` switched on in the profile's settings.json, taken out again on
// uninstall only if goalpost was the one that set it. JSONC files keep their comments. The kit plans,
// shows, backs up, writes and removes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type InstallContext,
  type InstallSpec,
  type InstallTarget,
  mcpServerEntryTarget,
  ownEntries,
  ownedFileTarget,
  ownHookFileTarget,
  readJsonObject,
} from "@goalpost/adapter-kit";
import { AGENT_MARKER, goalAgent } from "./vscode-chat-agent.js";
import { descriptor } from "./vscode-chat-descriptor.js";
import { agentFile, goalpostStateRoot, hooksFile, mcpFile, userSettingsFile, type VscodeChatScope } from "./vscode-chat-paths.js";
import { vscodeChatProfile } from "./vscode-chat-profile.js";

/** As the descriptor says it: the names are written once. */
export const VSCODE_CHAT_BIN = descriptor.bin;
export const MCP_SERVER_NAME = "goalpost";
export const HOOKS_SETTING = "chat.useHooks";
const LOCATIONS_SETTING = "chat.hookFilesLocations";
const USER_HOOKS_LOCATION = "~/.copilot/hooks";

/** Every hook goalpost registers: all eight events VS Code runs. */
export const INSTALLED_HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PreCompact",
  "SubagentStart",
  "SubagentStop",
  "Stop",
] as const;

/** Seconds VS Code waits for a hook (its default is 30). */
export const HOOK_TIMEOUT = 15;
/** Seconds it waits for the main agent's stop hook: long enough to wait for goalpost's run of the checks. */
const timeoutOf = (event: string) => (event === "Stop" ? (vscodeChatProfile.stopHookSeconds ?? HOOK_TIMEOUT) : HOOK_TIMEOUT);

const own = ownEntries(VSCODE_CHAT_BIN);

/** goalpost's own hook file, VS Code format: no `version` key (one switches VS Code to Copilot CLI's format). */
const hooksTarget = (context: InstallContext): InstallTarget =>
  ownHookFileTarget({
    path: hooksFile(context.scope as VscodeChatScope, context.projectDir, context.env),
    own,
    events: INSTALLED_HOOK_EVENTS,
    commandKey: "command",
    handler: (event) => ({ type: "command", command: context.hookCommand(event), timeout: timeoutOf(event) }),
  });

/** `servers.goalpost` in mcp.json (stdio); GOALPOST_HOME, when set, goes in its env. */
function mcpTarget(context: InstallContext): InstallTarget {
  const goalpostHome = context.env["GOALPOST_HOME"]?.trim();
  return mcpServerEntryTarget({
    path: mcpFile(context.scope as VscodeChatScope, context.projectDir, context.env),
    format: "jsonc",
    mapKey: "servers",
    name: MCP_SERVER_NAME,
    own,
    entry: {
      type: "stdio",
      command: context.mcpServer.command,
      args: [...context.mcpServer.args],
      env: goalpostHome ? { GOALPOST_HOME: goalpostHome } : {},
    },
  });
}

const RECORD = "install-record.json";

/**
 * Whether settings.json's text switches hooks on, comments aside. Read as text so the hook path never
 * loads a JSONC parser; the settings target itself is edited by the kit's JSONC support.
 */
export function hooksSettingOn(text: string): boolean {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return new RegExp(`"${HOOKS_SETTING.replace(".", "\\.")}"\\s*:\\s*true\\b`).test(code);
}

const readText = (path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
};

/** The user's settings.json: `chat.useHooks: true`, without which VS Code runs no hook (docs/hosts/vscode-chat.md §2). */
function settingsTarget(context: InstallContext): InstallTarget {
  const record = join(goalpostStateRoot({ ...context.env, GOALPOST_HOME: "" }), RECORD);
  return {
    path: userSettingsFile(context.env),
    format: "jsonc",
    label: "hooks switched on",
    install: (data) => ({ ...data, [HOOKS_SETTING]: true }),
    uninstall: (data) => {
      if (readJsonObject(record)["setHooksSetting"] !== true || data[HOOKS_SETTING] !== true) return data;
      const { [HOOKS_SETTING]: _removed, ...rest } = data;
      return rest;
    },
    wired: (data) => data[HOOKS_SETTING] === true,
    // The setting may be the user's own: it never keeps goalpost "present".
    present: () => false,
    problems: (data) => {
      // The documented default of chat.hookFilesLocations omits ~/.copilot/hooks (docs/hosts/vscode-chat.md §2): a
      // user who set the map must list it, and nobody may have switched it off.
      const locations = data[LOCATIONS_SETTING];
      if (typeof locations !== "object" || locations === null || context.scope !== "user") return [];
      const entry = (locations as Record<string, unknown>)[USER_HOOKS_LOCATION];
      return entry === true
        ? []
        : [
            `${LOCATIONS_SETTING} ${entry === false ? "switches off" : "does not list"} "${USER_HOOKS_LOCATION}", where goalpost's hook file is`,
          ];
    },
  };
}

/** What uninstall must know: whether `chat.useHooks` was goalpost's doing. */
function recordTarget(context: InstallContext): InstallTarget {
  const settings = userSettingsFile(context.env);
  return {
    path: join(goalpostStateRoot({ ...context.env, GOALPOST_HOME: "" }), RECORD),
    format: "json",
    label: "install record",
    install: (data) =>
      typeof data["setHooksSetting"] === "boolean" ? data : { setHooksSetting: !hooksSettingOn(readText(settings)) },
    uninstall: () => ({}),
    wired: (data) => typeof data["setHooksSetting"] === "boolean",
    present: () => false,
  };
}

export const vscodeChatInstall: InstallSpec = {
  scopes: ["user", "workspace"],
  defaultScope: "user",
  // .github/hooks, .github/agents and .vscode/mcp.json are committed: every teammate's machine runs them.
  sharedScopes: ["workspace"],
  hookEvents: INSTALLED_HOOK_EVENTS,
  // Every event but those that tell the model its session and capture a goal, and the compaction: with
  // no goal open, goalpost notes it (once per compaction) so the next prompt gives the working context back.
  fastEvents: INSTALLED_HOOK_EVENTS.filter(
    (event) => !["SessionStart", "UserPromptSubmit", "Stop", "PreCompact"].includes(event),
  ),
  hookTimeout: HOOK_TIMEOUT,
  targets: (context) => [
    hooksTarget(context),
    ownedFileTarget({
      path: agentFile(context.scope as VscodeChatScope, context.projectDir, context.env),
      label: "Goalpost agent",
      content: goalAgent,
      isOwn: (text) => text.includes(AGENT_MARKER),
    }),
    mcpTarget(context),
    ...(context.scope === "user" ? [recordTarget(context), settingsTarget(context)] : []),
  ],
  nextStep: "Reload VS Code; in Copilot Chat (agent mode), start a message with goal: <what done means>.",
};
