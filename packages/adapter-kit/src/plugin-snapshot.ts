// The plugin's start-up snapshot build, `<bin> plugin-snapshot`, which a plain hook inside a plugin
// starts in the background when there is none for this Node and bundle (plugin-snapshot-check.ts).
import { renameSync, rmSync } from "node:fs";
import { ensureOpenMarkers, writeFileAtomic } from "@goalpost/core";
import type { HostAdapter } from "./host-adapter.js";
import {
  type PluginSnapshotBuilt,
  pluginBlobPath,
  pluginBuildLockPath,
  pluginBuiltPath,
  pluginSnapshotWanted,
} from "./plugin-snapshot-check.js";
import { buildHookSnapshot } from "./snapshot-build.js";

/**
 * The detached build (`<bin> plugin-snapshot`): built and proven as install does, then put in place
 * whole. It also sets up what install would have: the open-goal markers the no-goal fast path reads.
 */
export function buildPluginSnapshot(adapter: HostAdapter, cliPath: string, stateRoot: string): number {
  const want = pluginSnapshotWanted(adapter, cliPath);
  try {
    ensureOpenMarkers(stateRoot);
    const result = buildHookSnapshot(adapter, cliPath, stateRoot);
    if ("blob" in result) renameSync(result.blob, pluginBlobPath(stateRoot));
    else rmSync(pluginBlobPath(stateRoot), { force: true });
    const built: PluginSnapshotBuilt = "problem" in result ? { ...want, problem: result.problem } : want;
    writeFileAtomic(pluginBuiltPath(stateRoot), `${JSON.stringify(built)}\n`);
    return "problem" in result ? 1 : 0;
  } finally {
    rmSync(pluginBuildLockPath(stateRoot), { force: true });
  }
}
