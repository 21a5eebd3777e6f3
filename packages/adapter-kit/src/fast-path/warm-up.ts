// The adapter's warm-up hooks, run where compiled code is kept or reused: before the loader writes its
// code cache, and before the hook server takes its first hook.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HostAdapter } from "../contract/host-adapter.js";
import { runHook } from "../hook/run-hook.js";

/** Runs the adapter's warm-up payloads against a throwaway store, so their code is compiled (for a code cache or the hook server). */
export function warmUp(adapter: HostAdapter, rounds: number): void {
  const root = mkdtempSync(join(tmpdir(), "goalpost-warm-up-"));
  // The machine's registry of state roots too is the throwaway one: a warm-up's root never outlives it.
  const env = { GOALPOST_HOME: root, GOALPOST_REGISTRY: join(root, "registry") };
  try {
    for (let round = 0; round < rounds; round++) {
      for (const sample of adapter.warmUp) runHook(adapter, sample.event, () => JSON.stringify(sample.payload), env);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
