// Where goalpost goes in Claude Code's configuration (docs/hosts/claude-code.md §2, §1.7, §12): hooks and the
// status line into settings.json of the user, project or local scope; the MCP server into the global .claude.json (user scope,
// or under projects["<dir>"] for local scope) or the project's .mcp.json. The kit plans, shows,
// backs up, writes and removes.
import { resolve } from "node:path";
import {
  hookGroupsTarget,
  type InstallContext,
  type InstallSpec,
  type InstallTarget,
  type JsonObject,
  objectAt,
  ownEntries,
  sameFileTargets,
  stopSpinner,
  withKey,
} from "@goalpost/adapter-kit";
import { GOALPOST_SWITCH_VARIABLES } from "@goalpost/core/internal";
import { descriptor } from "./claude-code-descriptor.js";
import { type ClaudeCodeScope, claudeGlobalStateFile, settingsFile } from "./claude-code-paths.js";
import { claudeCodeProfile } from "./claude-code-profile.js";
import { statusLineSettings } from "./claude-code-status-line.js";
import { strictTargets, strictUnavailable } from "./claude-code-strict.js";
import { wallRules, withoutWalls, withWalls } from "./claude-code-walls.js";

/** As the descriptor says it: the names are written once. */
export const CLAUDE_CODE_BIN = descriptor.bin;

/** Every hook goalpost registers. */
export const INSTALLED_HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PreCompact",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "SessionEnd",
] as const;

export const MCP_SERVER_NAME = "goalpost";
/** Seconds Claude Code waits for a hook; goalpost answers in milliseconds, the lock waits at most 5 s. */
export const HOOK_TIMEOUT = 15;
/** Seconds it waits for the main agent's stop hook: long enough to wait for goalpost's run of the checks. */
export const timeoutOf = (event: string) =>
  event === "Stop" ? (claudeCodeProfile.stopHookSeconds ?? HOOK_TIMEOUT) : HOOK_TIMEOUT;

const own = ownEntries(CLAUDE_CODE_BIN);
/** The settings of a scope: goalpost's hooks, and (user and local scopes) its walls (claude-code-walls.ts). */
function hooksTarget(context: InstallContext): InstallTarget {
  const events = hookEventsTarget(context);
  const hooks: InstallTarget = { ...events, problems: (data) => [...(events.problems?.(data) ?? []), ...switchedOff(data)] };
  const rules = wallRules(context);
  if (rules.length === 0) return hooks;
  return {
    ...hooks,
    detail: `${hooks.detail ?? ""}, and ${rules.length} permission rules that keep the agent's file tools out of goalpost's files`,
    install: (data) => withWalls(hooks.install(data), rules),
    uninstall: (data) => withoutWalls(hooks.uninstall(data), rules),
  };
}

/**
 * What in a settings file keeps goalpost's hooks from working (docs/hosts/claude-code.md §2):
 * `disableAllHooks`, and goalpost's own switches set in its `env`. Doctor lists them; a change to them
 * during the agent's turn is told to the user (the kit's integrity.ts).
 */
function switchedOff(data: JsonObject): string[] {
  const env = objectAt(data, "env");
  return [
    ...(data["disableAllHooks"] === true
      ? ["disableAllHooks is true: Claude Code runs no hook (take it out to turn them on)"]
      : []),
    ...GOALPOST_SWITCH_VARIABLES.filter((name) => name in env).map(
      (name) => `its env sets ${name}=${String(env[name])}, which every hook sees (take it out for goalpost's defaults)`,
    ),
  ];
}

function hookEventsTarget(context: InstallContext): InstallTarget {
  return hookGroupsTarget({
    path: settingsFile(context.scope as ClaudeCodeScope, context.projectDir, context.env),
    format: "json",
    own,
    events: INSTALLED_HOOK_EVENTS,
    command: context.hookCommand,
    timeout: timeoutOf,
    // The spinner names goalpost while a stop waits for its run of the checks (docs/hosts, §2).
    statusMessage: stopSpinner("Stop"),
    matcher: "",
  });
}

/** The MCP servers map of a scope: the project's .mcp.json, or in .claude.json at the top or under projects["<dir>"]. */
function mcpTarget(context: InstallContext): InstallTarget {
  const local = context.scope === "local";
  const project = resolve(context.projectDir);
  const servers = (data: JsonObject) => objectAt(local ? objectAt(objectAt(data, "projects"), project) : data, "mcpServers");
  const withServers = (data: JsonObject, next: JsonObject): JsonObject => {
    if (!local) return withKey(data, "mcpServers", next);
    const projects = objectAt(data, "projects");
    const entry = withKey(objectAt(projects, project), "mcpServers", next);
    if (!(project in projects) && Object.keys(entry).length === 0) return data;
    return { ...data, projects: { ...projects, [project]: entry } };
  };
  const entry = { type: "stdio", command: context.mcpServer.command, args: [...context.mcpServer.args], env: {} };
  return {
    path: context.scope === "project" ? resolve(context.projectDir, ".mcp.json") : claudeGlobalStateFile(context.env),
    format: "json",
    label: "MCP server",
    // Claude Code rewrites ~/.claude.json at every start (its counters, its projects' state): no backup.
    rewrittenByHost: context.scope !== "project",
    install: (data) => withServers(data, { ...servers(data), [MCP_SERVER_NAME]: entry }),
    uninstall: (data) => {
      const current = servers(data);
      if (!own.isOwnServer(current[MCP_SERVER_NAME])) return data;
      const { [MCP_SERVER_NAME]: _removed, ...rest } = current;
      return withServers(data, rest);
    },
    wired: (data) => own.isOwnServer(servers(data)[MCP_SERVER_NAME]),
    present: (data) => own.isOwnServer(servers(data)[MCP_SERVER_NAME]),
  };
}

export const claudeCodeInstall: InstallSpec = {
  scopes: ["user", "project", "local"],
  defaultScope: "user",
  // .claude/settings.json and .mcp.json are committed: every teammate's machine runs them.
  sharedScopes: ["project"],
  hookEvents: INSTALLED_HOOK_EVENTS,
  fastEvents: ["PreToolUse", "PostToolUse", "PostToolUseFailure", "PreCompact", "SubagentStop", "SessionEnd"],
  hookTimeout: HOOK_TIMEOUT,
  // The settings hold goalpost's hooks and its status line (claude-code-status-line.ts).
  // The settings hold goalpost's hooks, its status line and, in strict mode, Claude Code's sandbox
  // (claude-code-strict.ts, whose record of the user's own values is planned after the settings).
  targets: (context) => {
    const { record, settings: strict } = strictTargets(context);
    return [
      sameFileTargets(hooksTarget(context), statusLineSettings(context), ...(strict ? [strict] : [])),
      ...(record ? [record] : []),
      mcpTarget(context),
    ];
  },
  strict: { unavailable: strictUnavailable },
  nextStep: "In Claude Code, type goal: <what done means> to set a goal (its own /goal runs beside it).",
};
