// An installed snapshot older than the installed goalpost (an upgrade) still loads: it is
// deserialised in full, finds its bundle's fingerprint changed and fails, and the command falls back
// to the hook loader — measured 3.6× a Node start, on every hook until `install` ran again. So the
// first hook that finds it stale starts a detached rebuild of the same file, as a plugin's first hook
// builds the plugin's snapshot; the host never waits for it, and later hooks load the new snapshot.
// (After a Node upgrade a snapshot does not load at all and the command falls back at once; the file
// is named for the old Node, so that case is left to `install`, which doctor asks for.)
//
// This module is on the hook path (the snapshot's main calls it): node:child_process is loaded only
// when a rebuild starts, and the rebuild itself (`<bin> snapshot-refresh`) is in snapshot-build.ts.
import { closeSync, existsSync, openSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { SNAPSHOT_FOLDER } from "./hook-command.js";
import type { HostAdapter } from "./host-adapter.js";

/** A rebuild older than this is taken to have died: another may start. */
const REFRESH_LOCK_STALE_MS = 120_000;

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
  const lock = refreshLockPath(blob);
  try {
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (age > REFRESH_LOCK_STALE_MS) rmSync(lock, { force: true });
    closeSync(openSync(lock, "wx", 0o600)); // one rebuild at a time: concurrent hooks find the lock taken
  } catch {
    return;
  }
  // A built-in resolves the same from any path; this one works in the CommonJS and the ESM bundle alike.
  const { spawn } = createRequire(process.execPath)("node:child_process") as typeof import("node:child_process");
  const { NODE_OPTIONS: _cleared, ...env } = process.env; // its V8 flags would make the new snapshot refuse to load
  const child = spawn(process.execPath, [cliPath, "snapshot-refresh", blob], { detached: true, stdio: "ignore", env });
  child.on("error", () => rmSync(lock, { force: true }));
  child.unref();
}
