// Where goalpost goes in Codex's configuration (docs/hosts/codex.md §2, §2.7): one hook group per event in
// $CODEX_HOME/hooks.json, and in $CODEX_HOME/config.toml the trust entries those handlers need to run
// (computed as Codex computes them) and the MCP server [mcp_servers.goalpost]. config.toml keeps
// the user's content, order and comments. The kit plans, shows, backs up, writes and removes.
import {
  hookGroupsTarget,
  type InstallContext,
  type InstallSpec,
  type InstallTarget,
  type JsonObject,
  objectAt,
  ownEntries,
  readJsonObject,
  sameFileTargets,
  stopSpinner,
  withKey,
} from "@goalpost/adapter-kit";
import { descriptor } from "./codex-descriptor.js";
import { retrust, untrustedOwnHandlers } from "./codex-hook-trust.js";
import { codexHome, configFile, hooksFile } from "./codex-paths.js";
import { codexProfile } from "./codex-profile.js";
import { strictTargets, strictUnavailable } from "./codex-strict.js";

/** As the descriptor says it: the names are written once. */
export const CODEX_BIN = descriptor.bin;

/** Every hook goalpost registers. */
export const INSTALLED_HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "SessionEnd",
] as const;

export const MCP_SERVER_NAME = "goalpost";
/** Seconds Codex waits for a hook (SessionEnd gets at most 3 whatever is written). */
export const HOOK_TIMEOUT = 15;
/** Seconds it waits for the main agent's stop hook: long enough to wait for goalpost's run of the checks. */
const timeoutOf = (event: string) => (event === "Stop" ? (codexProfile.stopHookSeconds ?? HOOK_TIMEOUT) : HOOK_TIMEOUT);

const own = ownEntries(CODEX_BIN);

function hooksTarget(context: InstallContext): InstallTarget {
  return hookGroupsTarget({
    path: hooksFile(context.env),
    format: "json",
    own,
    events: INSTALLED_HOOK_EVENTS,
    command: context.hookCommand,
    timeout: timeoutOf,
    // The spinner names goalpost while a stop waits for its run of the checks (docs/hosts, §2).
    statusMessage: stopSpinner("Stop"),
  });
}

/** config.toml's hooks.state with goalpost's handlers moved from `before` to `after` (hooks.json's `hooks`). */
function withTrust(data: JsonObject, hooksPath: string, before: unknown, after: unknown): JsonObject {
  const hooks = objectAt(data, "hooks");
  const state = retrust(objectAt(hooks, "state"), { hooksPath, before, after, isOwn: own.isOwnCommand });
  return withKey(data, "hooks", withKey(hooks, "state", state));
}

/** goalpost's handlers in hooks.json that Codex would skip, by what config.toml says of them. */
export function skippedHooks(config: JsonObject, hooksPath: string, hooks: unknown) {
  return untrustedOwnHandlers(hooksPath, hooks, objectAt(objectAt(config, "hooks"), "state"), own.isOwnCommand);
}

/** config.toml: the trust entries for goalpost's hooks, and the MCP server. */
function configTarget(context: InstallContext, hooks: InstallTarget): InstallTarget {
  const hooksPath = hooks.path;
  // hooks.json as it is now, and as install or uninstall will leave it: read before anything is written.
  const current = () => readJsonObject(hooksPath);
  // Codex starts MCP servers with only their own env and a short allow-list (docs/hosts/codex.md §7): without
  // CODEX_HOME (and GOALPOST_HOME, when set) the server would look for goalpost's state elsewhere.
  const goalpostHome = context.env["GOALPOST_HOME"]?.trim();
  const server = {
    command: context.mcpServer.command,
    args: [...context.mcpServer.args],
    env: { CODEX_HOME: codexHome(context.env), ...(goalpostHome ? { GOALPOST_HOME: goalpostHome } : {}) },
    // In Codex's sandbox modes an MCP tool call needs an approval (refused outright under `codex exec`'s
    // approval policy "never"): goalpost's tools touch only goalpost's own state, so they are approved.
    default_tools_approval_mode: "approve",
  };
  const servers = (data: JsonObject) => objectAt(data, "mcp_servers");
  return {
    path: configFile(context.env),
    format: "toml",
    label: "hook trust and MCP server",
    install: (data) => {
      const before = current();
      const trusted = withTrust(data, hooksPath, before["hooks"], hooks.install(before)["hooks"]);
      return withKey(trusted, "mcp_servers", { ...servers(trusted), [MCP_SERVER_NAME]: server });
    },
    uninstall: (data) => {
      const before = current();
      const untrusted = withTrust(data, hooksPath, before["hooks"], hooks.uninstall(before)["hooks"]);
      if (!own.isOwnServer(servers(untrusted)[MCP_SERVER_NAME])) return untrusted;
      const { [MCP_SERVER_NAME]: _removed, ...rest } = servers(untrusted);
      return withKey(untrusted, "mcp_servers", rest);
    },
    wired: (data) =>
      own.isOwnServer(servers(data)[MCP_SERVER_NAME]) && skippedHooks(data, hooksPath, current()["hooks"]).length === 0,
    present: (data) => own.isOwnServer(servers(data)[MCP_SERVER_NAME]),
    problems: (data) =>
      skippedHooks(data, hooksPath, current()["hooks"]).map(
        (hook) => `Codex skips goalpost's ${hook.event} hook as ${hook.status} (no matching trusted_hash for ${hook.key})`,
      ),
  };
}

export const codexInstall: InstallSpec = {
  scopes: ["user"],
  defaultScope: "user",
  hookEvents: INSTALLED_HOOK_EVENTS,
  fastEvents: ["PreToolUse", "PostToolUse", "PreCompact", "PostCompact", "SubagentStart", "SubagentStop", "SessionEnd"],
  // With no goal open, a tool call still starts Node when Codex's goal tools are in it: create_goal is
  // mirrored, and update_goal (a goal set in the terminal UI, being completed) reads the goal store first.
  fastPathWake: ["create_goal", "update_goal"],
  hookTimeout: HOOK_TIMEOUT,
  // Codex runs a hook as `<the user's login shell> -c <command>` (bash here, fish for some).
  loginShell: true,
  // config.toml holds the hooks' trust, the MCP server and, in strict mode, the sandbox mode
  // (codex-strict.ts, whose record of the user's own value is planned after it).
  targets: (context) => {
    const hooks = hooksTarget(context);
    const { record, settings: strict } = strictTargets(context);
    const config = configTarget(context, hooks);
    return [hooks, strict ? sameFileTargets(config, strict) : config, record];
  },
  strict: { unavailable: () => strictUnavailable() },
  nextStep: 'In Codex, start your prompt with "goal: <what done means>" to set a goal.',
};
