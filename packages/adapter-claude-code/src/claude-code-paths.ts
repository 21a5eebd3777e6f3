// Where Claude Code keeps its home and where goalpost's state goes inside it. CLAUDE_CONFIG_DIR
// replaces ~/.claude (and moves the global .claude.json into it); the state root is
// <config dir>/goalpost unless GOALPOST_HOME says otherwise, so a fake home isolates everything.

import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Env } from "@goalpost/core";
// The subpath, not the package: the hook loader bundles this module, and must stay a few lines.
import { resolveStoreRoot } from "@goalpost/core/store-root";

export function claudeConfigDir(env: Env = process.env): string {
  const configured = env["CLAUDE_CONFIG_DIR"]?.trim();
  return resolve(configured || join(env["HOME"] || homedir(), ".claude"));
}

/** The global state file that holds user- and local-scope MCP servers. */
export function claudeGlobalStateFile(env: Env = process.env): string {
  const configured = env["CLAUDE_CONFIG_DIR"]?.trim();
  return configured ? join(resolve(configured), ".claude.json") : join(env["HOME"] || homedir(), ".claude.json");
}

export function goalpostStateRoot(env: Env = process.env): string {
  return resolveStoreRoot(join(claudeConfigDir(env), "goalpost"), env);
}

export type ClaudeCodeScope = "user" | "project" | "local";

export function settingsFile(scope: ClaudeCodeScope, projectDir: string, env: Env = process.env): string {
  if (scope === "user") return join(claudeConfigDir(env), "settings.json");
  return join(resolve(projectDir), ".claude", scope === "project" ? "settings.json" : "settings.local.json");
}
