// A plugin has no install step, so its start-up snapshot (and the no-goal fast path's markers) are
// set up on first use. A hook that ran plainly inside a plugin checks, after it has answered, whether
// the plugin's snapshot was built by this Node from this bundle (one small read); if not, it starts
// the build (`<bin> plugin-snapshot`, plugin-snapshot.ts) in a detached process and exits — the host
// never waits for it. Later hooks load the snapshot (see pluginHookCommand). A build that fails is
// recorded with its reason and not tried again until Node or the bundle changes. This half is on the
// hook path, so it stays small.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bundleFingerprint } from "./bundle-fingerprint.js";
import { startDetachedBuild } from "./detached-build.js";
import { hookBundlePath, PLUGIN_SNAPSHOT_FILE } from "./hook-command.js";
import type { HostAdapter } from "./host-adapter.js";

/** What a plugin's snapshot (or its failed build) was made for, recorded beside it. */
export interface PluginSnapshotBuilt {
  readonly node: string;
  readonly bundle: string;
  readonly problem?: string;
}

export const pluginBlobPath = (stateRoot: string) => join(stateRoot, PLUGIN_SNAPSHOT_FILE);
export const pluginBuiltPath = (stateRoot: string) => `${pluginBlobPath(stateRoot)}.json`;
export const pluginBuildLockPath = (stateRoot: string) => `${pluginBlobPath(stateRoot)}.building`;

/** The bundle's fingerprint, or "missing". */
function bundleNow(entry: string): string {
  try {
    return bundleFingerprint(entry);
  } catch {
    return "missing";
  }
}

/**
 * What a snapshot is valid for: this Node binary, and the bundle as it is now (its package version
 * included: a plugin update of the same size and npm's one mtime is still a new bundle).
 */
export function pluginSnapshotWanted(adapter: HostAdapter, cliPath: string): PluginSnapshotBuilt {
  return {
    node: `${process.version}-${process.platform}-${process.arch}`,
    bundle: bundleNow(hookBundlePath(adapter.bin, cliPath)),
  };
}

/** Whether the plugin's snapshot (or a recorded failure to build one) matches this Node and bundle. */
export function pluginSnapshotCurrent(adapter: HostAdapter, cliPath: string, stateRoot: string): boolean {
  const want = pluginSnapshotWanted(adapter, cliPath);
  try {
    const built = JSON.parse(readFileSync(pluginBuiltPath(stateRoot), "utf8")) as PluginSnapshotBuilt;
    return built.node === want.node && built.bundle === want.bundle;
  } catch {
    return false;
  }
}

/** Whether the bin at `cliPath` runs from inside the plugin folder the host names in the environment. */
export function runsInPlugin(adapter: HostAdapter, cliPath: string, env: NodeJS.ProcessEnv): boolean {
  const pluginRoot = adapter.install.pluginRootVariable && env[adapter.install.pluginRootVariable];
  return Boolean(pluginRoot && cliPath.startsWith(`${pluginRoot.replace(/\/+$/, "")}/`));
}

/** Called after a plain hook run inside a plugin: starts a build when there is none for this Node and bundle. */
export function ensurePluginSnapshot(adapter: HostAdapter, cliPath: string, stateRoot: string): void {
  if (pluginSnapshotCurrent(adapter, cliPath, stateRoot)) return;
  // Without the plugin variable, nothing the build runs (its probe hook) can start another build.
  const env = { ...process.env };
  if (adapter.install.pluginRootVariable) delete env[adapter.install.pluginRootVariable];
  startDetachedBuild(cliPath, ["plugin-snapshot"], pluginBuildLockPath(stateRoot), env);
}
