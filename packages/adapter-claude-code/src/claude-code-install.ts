// `install` / `uninstall`: merge goalpost into Claude Code's configuration without ever clobbering the
// user's own entries. Hooks go into settings.json (user, project or local scope); the MCP server into
// .claude.json (user and local scope) or the project's .mcp.json. Installing twice equals installing
// once, every changed file is backed up first, a file that is not valid JSON is reported and left
// untouched, and uninstall removes exactly the entries install added (recognised by their command).
import { chmodSync, copyFileSync, existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { GoalpostError, writeFileAtomic } from "@goalpost/core";
import { type ClaudeCodeScope, claudeGlobalStateFile, settingsFile } from "./claude-code-paths.js";

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
const HOOK_TIMEOUT = 15;
/** How goalpost's own entries are recognised: the bin's file name in the command. */
const OWN_COMMAND = /goalpost-claude-code(?:\.js)?["']?\s+(?:hook|mcp)\b/;

export interface InstallOptions {
  readonly scope: ClaudeCodeScope;
  readonly projectDir: string;
  /** Absolute path of the bin (dist/goalpost-claude-code.js). */
  readonly cliPath: string;
  /** A startup snapshot of the hook for this Node binary; hooks then start from it, falling back to the bin. */
  readonly snapshotBlob?: string;
  readonly env?: NodeJS.ProcessEnv;
}

export interface FileChange {
  readonly path: string;
  readonly before: string | null;
  readonly after: string;
  readonly description: string;
}

export class SettingsFileError extends GoalpostError {
  readonly path: string;
  constructor(path: string, problem: string) {
    super("invalid_input", `${path} ${problem}. goalpost left it untouched; fix or move it, then run the command again.`);
    this.name = "SettingsFileError";
    this.path = path;
  }
}

type Json = Record<string, unknown>;
interface HookHandler {
  type?: string;
  command?: string;
  [key: string]: unknown;
}
interface HookGroup {
  matcher?: string;
  hooks?: HookHandler[];
  [key: string]: unknown;
}

function readJsonObject(path: string): { text: string | null; data: Json } {
  if (!existsSync(path)) return { text: null, data: {} };
  const text = readFileSync(path, "utf8");
  if (text.trim() === "") return { text, data: {} };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SettingsFileError(path, `is not valid JSON (${(error as Error).message})`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new SettingsFileError(path, "does not hold a JSON object");
  return { text, data: data as Json };
}

const quote = (path: string) => (/[\s"'$`\\]/.test(path) ? `"${path.replace(/(["\\$`])/g, "\\$1")}"` : path);
/**
 * The command Claude Code runs for an event. With a snapshot, the shell falls back to the plain bin if
 * the snapshot stops loading (a Node upgrade): slower, never broken. The hook itself always exits 0.
 */
export function hookCommand(cliPath: string, event: string, snapshotBlob?: string): string {
  const plain = `node ${quote(cliPath)} hook ${event}`;
  // NODE_OPTIONS is cleared for the snapshot: V8 flags in it (say --max-old-space-size) make a snapshot refuse to load.
  return snapshotBlob
    ? `NODE_OPTIONS= node --snapshot-blob ${quote(snapshotBlob)} ${quote(cliPath)} hook ${event} || ${plain}`
    : plain;
}
const isOwnHandler = (handler: HookHandler) => typeof handler.command === "string" && OWN_COMMAND.test(handler.command);

/** Whether a scope's settings still run any goalpost hook (an unreadable file counts as none). */
export function scopeHasOwnHooks(scope: ClaudeCodeScope, projectDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  let hooks: unknown;
  try {
    hooks = readJsonObject(settingsFile(scope, projectDir, env)).data["hooks"];
  } catch {
    return false;
  }
  if (typeof hooks !== "object" || hooks === null) return false;
  return Object.values(hooks as Record<string, HookGroup[]>).some(
    (groups) => Array.isArray(groups) && groups.some((group) => Array.isArray(group.hooks) && group.hooks.some(isOwnHandler)),
  );
}

/** Settings with goalpost's hook groups removed (other handlers in a shared group are kept). */
function withoutOwnHooks(settings: Json): Json {
  const hooks = settings["hooks"];
  if (typeof hooks !== "object" || hooks === null) return settings;
  const cleaned: Record<string, HookGroup[]> = {};
  for (const [event, groups] of Object.entries(hooks as Record<string, HookGroup[]>)) {
    if (!Array.isArray(groups)) {
      cleaned[event] = groups;
      continue;
    }
    // A group made only of goalpost's handlers goes; a shared group keeps the user's handlers.
    const kept = groups.flatMap((group) => {
      if (!Array.isArray(group.hooks)) return [group];
      const handlers = group.hooks.filter((handler) => !isOwnHandler(handler));
      if (handlers.length === group.hooks.length) return [group];
      return handlers.length > 0 ? [{ ...group, hooks: handlers }] : [];
    });
    if (kept.length > 0) cleaned[event] = kept;
  }
  const result: Json = { ...settings, hooks: cleaned };
  if (Object.keys(cleaned).length === 0) delete result["hooks"];
  return result;
}

function withOwnHooks(settings: Json, cliPath: string, snapshotBlob?: string): Json {
  const base = withoutOwnHooks(settings);
  const hooks = { ...((base["hooks"] as Record<string, HookGroup[]> | undefined) ?? {}) };
  for (const event of INSTALLED_HOOK_EVENTS) {
    hooks[event] = [
      ...(hooks[event] ?? []),
      { matcher: "", hooks: [{ type: "command", command: hookCommand(cliPath, event, snapshotBlob), timeout: HOOK_TIMEOUT }] },
    ];
  }
  return { ...base, hooks };
}

const mcpEntry = (cliPath: string) => ({ type: "stdio", command: "node", args: [cliPath, "mcp"], env: {} });
const isOwnServer = (server: unknown) => {
  const entry = server as { args?: unknown } | null;
  return (
    Array.isArray(entry?.args) && entry.args.some((arg) => typeof arg === "string" && /goalpost-claude-code(?:\.js)?$/.test(arg))
  );
};

function mcpContainerPath(scope: ClaudeCodeScope, projectDir: string): string[] {
  return scope === "local" ? ["projects", resolve(projectDir), "mcpServers"] : ["mcpServers"];
}

function setMcpServer(data: Json, path: string[], value: unknown | undefined): Json {
  const [head, ...rest] = path as [string, ...string[]];
  const current = (typeof data[head] === "object" && data[head] !== null ? data[head] : {}) as Json;
  if (rest.length === 0) {
    const servers = { ...current };
    if (value === undefined) {
      if (!isOwnServer(servers[MCP_SERVER_NAME])) return data;
      delete servers[MCP_SERVER_NAME];
      // Leave no empty container behind that install created.
      if (Object.keys(servers).length === 0) {
        const { [head]: _removed, ...rest } = data;
        return rest;
      }
    } else servers[MCP_SERVER_NAME] = value;
    return { ...data, [head]: servers };
  }
  if (value === undefined && !(head in data)) return data;
  return { ...data, [head]: setMcpServer(current, rest, value) };
}

const serialise = (data: Json) => `${JSON.stringify(data, null, 2)}\n`;

function change(path: string, before: string | null, data: Json, description: string): FileChange | null {
  const after = serialise(data);
  if (before !== null) {
    try {
      if (serialise(JSON.parse(before) as Json) === after) return null;
    } catch {}
  }
  return before === after ? null : { path, before, after, description };
}

function mcpFile(scope: ClaudeCodeScope, projectDir: string, env: NodeJS.ProcessEnv): string {
  return scope === "project" ? resolve(projectDir, ".mcp.json") : claudeGlobalStateFile(env);
}

/** The two files a scope touches, read and checked (a file that is not a JSON object throws). */
function readTargets(options: Omit<InstallOptions, "cliPath">) {
  const env = options.env ?? process.env;
  const settingsPath = settingsFile(options.scope, options.projectDir, env);
  const mcpPath = mcpFile(options.scope, options.projectDir, env);
  return { settingsPath, settings: readJsonObject(settingsPath), mcpPath, mcp: readJsonObject(mcpPath) };
}

/** The changes `install` would make; nothing is written. */
export function planInstall(options: InstallOptions): FileChange[] {
  const { settingsPath, settings, mcpPath, mcp } = readTargets(options);
  return [
    change(
      settingsPath,
      settings.text,
      withOwnHooks(settings.data, options.cliPath, options.snapshotBlob),
      `hooks for ${INSTALLED_HOOK_EVENTS.length} events`,
    ),
    change(
      mcpPath,
      mcp.text,
      setMcpServer(mcp.data, mcpContainerPath(options.scope, options.projectDir), mcpEntry(options.cliPath)),
      `MCP server "${MCP_SERVER_NAME}"`,
    ),
  ].filter((entry): entry is FileChange => entry !== null);
}

/** The changes `uninstall` would make: only goalpost's own entries go. */
export function planUninstall(options: Omit<InstallOptions, "cliPath">): FileChange[] {
  const { settingsPath, settings, mcpPath, mcp } = readTargets(options);
  return [
    settings.text === null ? null : change(settingsPath, settings.text, withoutOwnHooks(settings.data), "goalpost hooks removed"),
    mcp.text === null
      ? null
      : change(
          mcpPath,
          mcp.text,
          setMcpServer(mcp.data, mcpContainerPath(options.scope, options.projectDir), undefined),
          `MCP server "${MCP_SERVER_NAME}" removed`,
        ),
  ].filter((entry): entry is FileChange => entry !== null);
}

/** Writes the changes; each existing file is first copied to `<file>.goalpost-backup`. Returns the backups. */
export function applyChanges(changes: readonly FileChange[]): string[] {
  const backups: string[] = [];
  for (const entry of changes) {
    const mode = existsSync(entry.path) ? statSync(entry.path).mode & 0o777 : null;
    if (entry.before !== null) {
      const backup = `${entry.path}.goalpost-backup`;
      copyFileSync(entry.path, backup);
      backups.push(backup);
    }
    writeFileAtomic(entry.path, entry.after);
    // Keep the user's file mode (a project .mcp.json is meant to be shared); new files stay private.
    if (mode !== null) chmodSync(entry.path, mode);
  }
  return backups;
}
