// An installed snapshot older than the installed goalpost (an upgrade) still loads: it is
// deserialised in full, finds its bundle's fingerprint changed and fails, and the command falls back
// to the hook loader — measured 3.6× a Node start, on every hook until `install` ran again. So the
// first hook that finds it stale starts a detached rebuild of the same file, as a plugin's first hook
// builds the plugin's snapshot; the host never waits for it, and later hooks load the new snapshot.
// (After a Node upgrade a snapshot does not load at all and the command falls back at once; the file
// is named for the old Node, so that case is left to `install`, which doctor asks for.)
//
// This module is on the hook path (the snapshot's main calls it); the rebuild itself
// (`<bin> snapshot-refresh`) is in snapshot-build.ts.
import { existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { startDetachedBuild } from "./detached-build.js";
import { SNAPSHOT_FOLDER } from "./hook-command.js";
import type { HostAdapter } from "./host-adapter.js";

/** Held by the one rebuild under way; removed by the rebuild when it ends. */
export const refreshLockPath = (blob: string) => `${blob}.refreshing`;

/** The blob this process was started from (`node --snapshot-blob <blob> …`), or null. */
export function runningSnapshotBlob(execArgv: readonly string[] = process.execArgv): string | null {
  const at = execArgv.indexOf("--snapshot-blob");
  const blob = at >= 0 ? execArgv[at + 1] : undefined;
  return blob ? resolve(blob) : null;
}

/** Only the state root's own snapshots are ever rebuilt: the path comes from a command line. */
export function isOwnSnapshot(adapter: HostAdapter, blob: string, env: NodeJS.ProcessEnv): boolean {
  return dirname(blob) === join(adapter.stateRoot(env), SNAPSHOT_FOLDER) && /^hook-[\w.-]+\.blob$/.test(basename(blob));
}

/** Called by a snapshot-started hook that found its snapshot stale: starts one detached rebuild of it. */
export function refreshSnapshotDetached(adapter: HostAdapter, cliPath: string, blob: string): void {
  if (!isOwnSnapshot(adapter, blob, process.env) || !existsSync(cliPath)) return;
  startDetachedBuild(cliPath, ["snapshot-refresh", blob], refreshLockPath(blob));
}
