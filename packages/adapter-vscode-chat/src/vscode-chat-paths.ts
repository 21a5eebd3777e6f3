// Where VS Code keeps what goalpost touches (docs/hosts/vscode-chat.md §2, §4.7, §4.8). Hooks and custom agents live in
// `~/.copilot/` (user) or the workspace's `.github/`; the MCP server in the profile's `mcp.json` (user)
// or `.vscode/mcp.json`. The profile folder is per platform; VSCODE_PORTABLE moves it, and
// GOALPOST_VSCODE_USER_DIR names another (VS Code Insiders, a custom --user-data-dir). goalpost's state
// lives in the profile folder unless GOALPOST_HOME says otherwise.

import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Env } from "@goalpost/core";
// The subpath, not the package: the hook loader bundles this module, and must stay a few lines.
import { resolveStoreRoot } from "@goalpost/core/store-root";

export type VscodeChatScope = "user" | "workspace";

const home = (env: Env) => env["HOME"] || env["USERPROFILE"] || homedir();

/** The VS Code user profile folder (`settings.json`, `mcp.json`). */
export function vscodeUserDir(env: Env = process.env, platform: string = process.platform): string {
  const override = env["GOALPOST_VSCODE_USER_DIR"]?.trim();
  if (override) return resolve(override);
  const portable = env["VSCODE_PORTABLE"]?.trim();
  if (portable) return join(resolve(portable), "user-data", "User");
  if (platform === "darwin") return join(home(env), "Library", "Application Support", "Code", "User");
  if (platform === "win32") return join(env["APPDATA"] || join(home(env), "AppData", "Roaming"), "Code", "User");
  return join(env["XDG_CONFIG_HOME"]?.trim() || join(home(env), ".config"), "Code", "User");
}

export function goalpostStateRoot(env: Env = process.env): string {
  return resolveStoreRoot(join(vscodeUserDir(env), "goalpost"), env);
}

/** The hook file: VS Code format (PascalCase events, `command`, no `version`). */
export function hooksFile(scope: VscodeChatScope, projectDir: string, env: Env = process.env): string {
  return scope === "user"
    ? join(home(env), ".copilot", "hooks", "goalpost-vscode.json")
    : join(resolve(projectDir), ".github", "hooks", "goalpost-vscode.json");
}

export function agentFile(scope: VscodeChatScope, projectDir: string, env: Env = process.env): string {
  return scope === "user"
    ? join(home(env), ".copilot", "agents", "goalpost.agent.md")
    : join(resolve(projectDir), ".github", "agents", "goalpost.agent.md");
}

export function mcpFile(scope: VscodeChatScope, projectDir: string, env: Env = process.env): string {
  return scope === "user" ? join(vscodeUserDir(env), "mcp.json") : join(resolve(projectDir), ".vscode", "mcp.json");
}

export const userSettingsFile = (env: Env = process.env) => join(vscodeUserDir(env), "settings.json");
