// Builds and proves the hook's start-up snapshot for this Node binary (see hook-snapshot.ts), and
// runs a hook the way an installed command does, for install and doctor alike.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Env } from "@goalpost/core";
import { hookBundlePath, SNAPSHOT_FOLDER } from "./hook-command.js";
import type { HostAdapter } from "./host-adapter.js";

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
      env: { ...env, GOALPOST_HOME: options.scratch },
      timeout: 15_000,
    });
  } finally {
    rmSync(options.scratch, { recursive: true, force: true });
  }
}

/** Builds the snapshot and proves it answers a hook; returns its path, or the reason it cannot be used. */
export function buildHookSnapshot(
  adapter: HostAdapter,
  cliPath: string,
  stateRoot: string,
): { blob: string } | { problem: string } {
  const entry = snapshotEntry(adapter, cliPath);
  if (!existsSync(entry)) return { problem: `${entry} is missing` };
  const blob = snapshotPath(stateRoot);
  try {
    mkdirSync(dirname(blob), { recursive: true, mode: 0o700 });
    execFileSync(process.execPath, ["--no-warnings", "--snapshot-blob", blob, "--build-snapshot", entry], {
      stdio: "pipe",
      timeout: 60_000,
      env: snapshotEnv(process.env),
    });
    probeHook(adapter, cliPath, {
      env: process.env,
      scratch: join(stateRoot, SNAPSHOT_FOLDER, "probe"),
      cwd: "/",
      snapshotBlob: blob,
    });
    return { blob };
  } catch (error) {
    rmSync(blob, { force: true });
    return { problem: (error as Error).message.split("\n")[0] ?? "unknown error" };
  }
}
