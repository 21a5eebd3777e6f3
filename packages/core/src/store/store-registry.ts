// The goalpost state roots on this machine, so a goal left open by one host's session can be continued
// by another's in the same directory (each host keeps its state in its own home: ~/.claude/goalpost,
// ~/.codex/goalpost, …). A small shared index: one file per root, named by the root's hash, holding
// its path, under ${XDG_STATE_HOME:-~/.local/state}/goalpost/roots (GOALPOST_REGISTRY overrides).
// No adapter knows another; each registers its own root when a session starts or a prompt comes.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Env } from "../base/env.js";
import { sha256 } from "../record/sha256.js";

export function storeRegistryDir(env: Env = process.env): string {
  const configured = env["GOALPOST_REGISTRY"]?.trim();
  if (configured) return resolve(configured);
  const state = env["XDG_STATE_HOME"]?.trim() || join(env["HOME"] || homedir(), ".local", "state");
  return join(resolve(state), "goalpost", "roots");
}

/** Notes `root` in the registry (once: an existing entry is left alone). Never throws. */
export function registerStoreRoot(root: string, env: Env = process.env): void {
  try {
    const directory = storeRegistryDir(env);
    const entry = join(directory, `${sha256(resolve(root)).slice(0, 32)}.json`);
    if (existsSync(entry)) return;
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    writeFileSync(entry, `${JSON.stringify({ root: resolve(root) })}\n`, { mode: 0o600 });
  } catch {}
}

/**
 * Takes `root` out of the registry (uninstall), and the registry's own folders when it was the last
 * entry, up to goalpost's folder under the state home. Never throws.
 */
export function unregisterStoreRoot(root: string, env: Env = process.env): void {
  try {
    const directory = storeRegistryDir(env);
    rmSync(join(directory, `${sha256(resolve(root)).slice(0, 32)}.json`), { force: true });
    if (readdirSync(directory).length > 0 || env["GOALPOST_REGISTRY"]?.trim()) return;
    // roots/ and goalpost/ when nothing else is in them; with the default state home, ~/.local/state
    // and ~/.local too when empty (the registry made them: no one else needed them).
    const home = resolve(env["HOME"] || homedir());
    const folders = [directory, dirname(directory)];
    if (!env["XDG_STATE_HOME"]?.trim()) folders.push(join(home, ".local", "state"), join(home, ".local"));
    for (const folder of folders) {
      if (readdirSync(folder).length > 0) return;
      rmdirSync(folder);
    }
  } catch {}
}

/** Every registered root that still exists, `except` the caller's own. */
export function knownStoreRoots(env: Env = process.env, except?: string): string[] {
  const directory = storeRegistryDir(env);
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
  const own = except === undefined ? undefined : resolve(except);
  const roots = names.flatMap((name) => {
    try {
      const { root } = JSON.parse(readFileSync(join(directory, name), "utf8")) as { root?: unknown };
      return typeof root === "string" && root !== own && existsSync(root) ? [root] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(roots)];
}
