// Builds and checks the hook's startup snapshot for this Node binary (see claude-code-hook-snapshot.ts).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

/** The snapshot's file: one per Node version and platform, since a snapshot loads only in the binary that built it. */
export function snapshotPath(stateRoot: string): string {
  return join(stateRoot, "snapshot", `hook-${process.version}-${process.platform}-${process.arch}.blob`);
}

export function snapshotEntry(cliPath: string): string {
  return join(dirname(cliPath), "goalpost-claude-code-snapshot.cjs");
}

/** The environment a snapshot is built and run in: without NODE_OPTIONS, whose V8 flags would make it refuse to load. */
export function snapshotEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _ignored, ...rest } = env;
  return rest;
}

/**
 * Runs a SessionEnd hook the way an installed command does (from the snapshot when one is given,
 * with NODE_OPTIONS cleared) against a scratch state root, which is removed after. Throws if it fails.
 */
export function probeHook(
  cliPath: string,
  options: { env: NodeJS.ProcessEnv; scratch: string; cwd: string; snapshotBlob?: string },
): void {
  const payload = JSON.stringify({
    session_id: "goalpost-probe",
    cwd: options.cwd,
    hook_event_name: "SessionEnd",
    reason: "other",
  });
  const nodeArgs = options.snapshotBlob ? ["--snapshot-blob", options.snapshotBlob] : [];
  const env = options.snapshotBlob ? snapshotEnv(options.env) : options.env;
  try {
    execFileSync(process.execPath, [...nodeArgs, cliPath, "hook", "SessionEnd"], {
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
export function buildHookSnapshot(cliPath: string, stateRoot: string): { blob: string } | { problem: string } {
  const entry = snapshotEntry(cliPath);
  if (!existsSync(entry)) return { problem: `${entry} is missing` };
  const blob = snapshotPath(stateRoot);
  try {
    mkdirSync(dirname(blob), { recursive: true, mode: 0o700 });
    execFileSync(process.execPath, ["--no-warnings", "--snapshot-blob", blob, "--build-snapshot", entry], {
      stdio: "pipe",
      timeout: 60_000,
    });
    probeHook(cliPath, { env: process.env, scratch: join(stateRoot, "snapshot", "probe"), cwd: "/", snapshotBlob: blob });
    return { blob };
  } catch (error) {
    rmSync(blob, { force: true });
    return { problem: (error as Error).message.split("\n")[0] ?? "unknown error" };
  }
}
