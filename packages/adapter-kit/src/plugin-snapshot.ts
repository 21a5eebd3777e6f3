// A plugin has no install step, so its start-up snapshot (and the no-goal fast path's markers) are
// set up on first use. A hook that ran from
// the plain bin inside a plugin checks, after it has answered, whether the plugin's snapshot was built
// by this Node from this bundle (one small read); if not, it starts the build in a detached process and
// exits — the host never waits for it. Later hooks load the snapshot (see pluginHookCommand). A build
// that fails is recorded with its reason and not tried again until Node or the bundle changes.
import { readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureOpenMarkers, writeFileAtomic } from "@goalpost/core";
import { bundleFingerprint } from "./bundle-fingerprint.js";
import { startDetachedBuild } from "./detached-build.js";
import { PLUGIN_SNAPSHOT_FILE } from "./hook-command.js";
import type { HostAdapter } from "./host-adapter.js";
import { buildHookSnapshot, snapshotEntry } from "./snapshot-build.js";

interface Built {
  readonly node: string;
  readonly bundle: string;
  readonly problem?: string;
}

const blobPath = (stateRoot: string) => join(stateRoot, PLUGIN_SNAPSHOT_FILE);
const builtPath = (stateRoot: string) => `${blobPath(stateRoot)}.json`;
const lockPath = (stateRoot: string) => `${blobPath(stateRoot)}.building`;

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
function wanted(adapter: HostAdapter, cliPath: string): Built {
  return {
    node: `${process.version}-${process.platform}-${process.arch}`,
    bundle: bundleNow(snapshotEntry(adapter, cliPath)),
  };
}

/** Whether the plugin's snapshot (or a recorded failure to build one) matches this Node and bundle. */
export function pluginSnapshotCurrent(adapter: HostAdapter, cliPath: string, stateRoot: string): boolean {
  const want = wanted(adapter, cliPath);
  try {
    const built = JSON.parse(readFileSync(builtPath(stateRoot), "utf8")) as Built;
    return built.node === want.node && built.bundle === want.bundle;
  } catch {
    return false;
  }
}

/** Called after a plain hook run inside a plugin: starts a build when there is none for this Node and bundle. */
export function ensurePluginSnapshot(adapter: HostAdapter, cliPath: string, stateRoot: string): void {
  if (pluginSnapshotCurrent(adapter, cliPath, stateRoot)) return;
  // Without the plugin variable, nothing the build runs (its probe hook) can start another build.
  const env = { ...process.env };
  if (adapter.install.pluginRootVariable) delete env[adapter.install.pluginRootVariable];
  startDetachedBuild(cliPath, ["plugin-snapshot"], lockPath(stateRoot), env);
}

/**
 * The detached build (`<bin> plugin-snapshot`): built and proven as install does, then put in place
 * whole. It also sets up what install would have: the open-goal markers the no-goal fast path reads.
 */
export function buildPluginSnapshot(adapter: HostAdapter, cliPath: string, stateRoot: string): number {
  const want = wanted(adapter, cliPath);
  try {
    ensureOpenMarkers(stateRoot);
    const result = buildHookSnapshot(adapter, cliPath, stateRoot);
    if ("blob" in result) renameSync(result.blob, blobPath(stateRoot));
    else rmSync(blobPath(stateRoot), { force: true });
    const built: Built = "problem" in result ? { ...want, problem: result.problem } : want;
    writeFileAtomic(builtPath(stateRoot), `${JSON.stringify(built)}\n`);
    return "problem" in result ? 1 : 0;
  } finally {
    rmSync(lockPath(stateRoot), { force: true });
  }
}
