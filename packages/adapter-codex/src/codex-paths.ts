// Where Codex keeps its home (CODEX_HOME, default ~/.codex; docs/hosts/codex.md §2) and where goalpost's state
// goes inside it: <CODEX_HOME>/goalpost unless GOALPOST_HOME says otherwise, so a fake home isolates
// everything.

import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { Env } from "@goalpost/core";
// The subpath, not the package: the hook loader bundles this module, and must stay a few lines.
import { resolveStoreRoot } from "@goalpost/core/store-root";

export function codexHome(env: Env = process.env): string {
  const configured = env["CODEX_HOME"]?.trim();
  return resolve(configured || join(env["HOME"] || homedir(), ".codex"));
}

export function goalpostStateRoot(env: Env = process.env): string {
  return resolveStoreRoot(join(codexHome(env), "goalpost"), env);
}

/** The user's hook file: every handler in it runs only once trusted in config.toml. */
export const hooksFile = (env: Env = process.env) => join(codexHome(env), "hooks.json");

export const configFile = (env: Env = process.env) => join(codexHome(env), "config.toml");

/** Codex's session rollouts: its own record of every command and its exit code (receipts read them). */
export const sessionsDir = (env: Env = process.env) => join(codexHome(env), "sessions");
