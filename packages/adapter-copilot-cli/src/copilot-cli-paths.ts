// Where Copilot CLI keeps its home (COPILOT_HOME, default ~/.copilot; docs/hosts/copilot-cli.md §2) and where goalpost
// puts its parts inside it. goalpost's state is <COPILOT_HOME>/goalpost unless GOALPOST_HOME says
// otherwise, so a fake home isolates everything.

import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Env } from "@goalpost/core";
// The subpath, not the package: the hook loader bundles this module, and must stay a few lines.
import { resolveStoreRoot } from "@goalpost/core/store-root";

export function copilotHome(env: Env = process.env): string {
  const configured = env["COPILOT_HOME"]?.trim();
  return resolve(configured || join(env["HOME"] || homedir(), ".copilot"));
}

export function goalpostStateRoot(env: Env = process.env): string {
  return resolveStoreRoot(join(copilotHome(env), "goalpost"), env);
}

/** goalpost's own hook file (`{"version":1,"hooks":{…}}`): one file, so removing it is exact. */
export const hooksFile = (env: Env = process.env) => join(copilotHome(env), "hooks", "goalpost.json");
export const settingsFile = (env: Env = process.env) => join(copilotHome(env), "settings.json");
export const mcpConfigFile = (env: Env = process.env) => join(copilotHome(env), "mcp-config.json");
export const extensionFile = (env: Env = process.env) => join(copilotHome(env), "extensions", "goalpost", "extension.mjs");
export const skillFile = (env: Env = process.env) => join(copilotHome(env), "skills", "goal", "SKILL.md");
