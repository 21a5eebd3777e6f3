// Running an adapter's own bin for the commands it owns (install, uninstall, doctor): the CLI never
// reimplements them, so `goalpost install codex` and `goalpost-codex install` are the same act.

import type { AdapterDescriptor } from "@goalpost/adapter-kit";
import type { Env } from "@goalpost/core";

interface AdapterRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runAdapterBin(host: AdapterDescriptor, args: readonly string[], env: Env): Promise<AdapterRun> {
  // Loaded here, not with the CLI: only install, uninstall and doctor run an adapter's bin, and execa
  // costs every other command (status, list, show) a third of its start.
  const { execa } = await import("execa");
  const result = await execa(process.execPath, [host.binPath, ...args], {
    env,
    extendEnv: false,
    reject: false,
    timeout: 120_000,
  });
  return { exitCode: result.exitCode ?? 1, stdout: String(result.stdout ?? ""), stderr: String(result.stderr ?? "") };
}

/** Parses an adapter's --json answer; null (and the reason on stderr) when it printed none. */
export function adapterJson<T>(run: AdapterRun): T | null {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    return null;
  }
}
