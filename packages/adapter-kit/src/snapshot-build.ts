// Builds and proves the hook's start-up snapshot for this Node binary (see hook-snapshot.ts), and
// runs a hook the way an installed command does, for install and doctor alike.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Env } from "@goalpost/core";
import { hookBundlePath, SNAPSHOT_FOLDER } from "./hook-command.js";
import { HOOK_SERVER_VARIABLE } from "./hook-server-protocol.js";
import type { HostAdapter } from "./host-adapter.js";
import { isOwnSnapshot, refreshLockPath } from "./snapshot-refresh.js";

/** The snapshot's file: one per Node version and platform, since a snapshot loads only in the binary that built it. */
export function snapshotPath(stateRoot: string): string {
  return join(stateRoot, SNAPSHOT_FOLDER, `hook-${process.version}-${process.platform}-${process.arch}.blob`);
}

/** Where install notes why this Node could not build a snapshot, for doctor. */
export const snapshotProblemPath = (stateRoot: string) => `${snapshotPath(stateRoot).slice(0, -".blob".length)}.problem.txt`;

/** The CommonJS bundle the snapshot is built from, beside the bin: `<bin>-snapshot.cjs`. */
export function snapshotEntry(adapter: HostAdapter, cliPath: string): string {
  return hookBundlePath(adapter.bin, cliPath);
}

/** The environment a snapshot is built and run in: without NODE_OPTIONS, whose V8 flags would make it refuse to load. */
export function snapshotEnv(env: Env): Env {
  const { NODE_OPTIONS: _ignored, ...rest } = env;
  return rest;
}

/**
 * Runs the adapter's probe payload through `<bin> hook` as an installed command does (from the
 * snapshot when one is given) against a scratch state root, removed after. Throws if it fails.
 */
export function probeHook(
  adapter: HostAdapter,
  cliPath: string,
  options: { env: Env; scratch: string; cwd: string; snapshotBlob?: string },
): void {
  const payload = JSON.stringify({ ...adapter.probe.payload, cwd: options.cwd });
  const nodeArgs = options.snapshotBlob ? ["--snapshot-blob", options.snapshotBlob] : [];
  const env = options.snapshotBlob ? snapshotEnv(options.env) : options.env;
  try {
    execFileSync(process.execPath, [...nodeArgs, cliPath, "hook", adapter.probe.event], {
      input: payload,
      stdio: "pipe",
      // A probe's hook starts no hook server: its scratch root is removed as soon as it answers.
      env: { ...env, GOALPOST_HOME: options.scratch, [HOOK_SERVER_VARIABLE]: "0" },
      timeout: 15_000,
    });
  } finally {
    rmSync(options.scratch, { recursive: true, force: true });
  }
}

/**
 * Builds the snapshot and proves it answers a hook; returns its path, or the reason it cannot be used.
 * It is built beside `blob` and put in place whole, so a hook never loads half a file; when the build
 * fails, `blob` is removed (a command naming a missing blob falls back at once).
 */
export function buildHookSnapshot(
  adapter: HostAdapter,
  cliPath: string,
  stateRoot: string,
  blob: string = snapshotPath(stateRoot),
): { blob: string } | { problem: string } {
  const entry = snapshotEntry(adapter, cliPath);
  if (!existsSync(entry)) return { problem: `${entry} is missing` };
  const building = `${blob}.${process.pid}.building`;
  try {
    mkdirSync(dirname(blob), { recursive: true, mode: 0o700 });
    execFileSync(process.execPath, ["--no-warnings", "--snapshot-blob", building, "--build-snapshot", entry], {
      stdio: "pipe",
      timeout: 60_000,
      env: snapshotEnv(process.env),
    });
    probeHook(adapter, cliPath, {
      env: process.env,
      scratch: join(stateRoot, SNAPSHOT_FOLDER, `probe-${process.pid}`),
      cwd: "/",
      snapshotBlob: building,
    });
    renameSync(building, blob);
    return { blob };
  } catch (error) {
    rmSync(building, { force: true });
    rmSync(blob, { force: true });
    return { problem: (error as Error).message.split("\n")[0] ?? "unknown error" };
  }
}

/** The detached rebuild of a stale installed snapshot (`<bin> snapshot-refresh <blob>`; see snapshot-refresh.ts). */
export function runSnapshotRefresh(adapter: HostAdapter, cliPath: string, blob: string | undefined): number {
  const target = blob ? resolve(blob) : "";
  if (!target || !isOwnSnapshot(adapter, target, process.env)) {
    process.stderr.write("goalpost: snapshot-refresh rebuilds only this host's installed hook snapshot\n");
    return 2;
  }
  try {
    return "blob" in buildHookSnapshot(adapter, cliPath, adapter.stateRoot(process.env), target) ? 0 : 1;
  } finally {
    rmSync(refreshLockPath(target), { force: true });
  }
}
