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
export function snapshotEnv(env: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _ignored, ...rest } = env;
  return { ...rest, ...extra };
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
    const probe = JSON.stringify({
      session_id: "goalpost-snapshot-probe",
      cwd: "/",
      hook_event_name: "SessionEnd",
      reason: "other",
    });
    execFileSync(process.execPath, ["--snapshot-blob", blob, cliPath, "hook", "SessionEnd"], {
      input: probe,
      stdio: "pipe",
      timeout: 15_000,
      env: snapshotEnv(process.env, { GOALPOST_HOME: join(stateRoot, "snapshot", "probe") }),
    });
    rmSync(join(stateRoot, "snapshot", "probe"), { recursive: true, force: true });
    return { blob };
  } catch (error) {
    rmSync(blob, { force: true });
    return { problem: (error as Error).message.split("\n")[0] ?? "unknown error" };
  }
}
