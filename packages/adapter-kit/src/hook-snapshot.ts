// The hook as a V8 startup snapshot (`node --build-snapshot`). A hook process starts on every tool
// call; from a snapshot it starts with goalpost's code compiled, its schemas built and its hot paths
// warmed, instead of loading and compiling the bundle first. An adapter's snapshot entry is one call:
//   startHookSnapshot(myAdapter, __filename)
// built as CommonJS with everything inside. `install` builds it for the user's own Node binary and
// writes hook commands that fall back to running this entry plainly (through the hook loader, from a
// code cache) if it ever stops loading.
import { bundleFingerprint } from "./bundle-fingerprint.js";
import { MAKING_CODE_CACHE } from "./code-cache-protocol.js";
import { binBesideBundle } from "./hook-command.js";
import { exitAfterAnswer, readHookInput, writeHookResult } from "./hook-io.js";
import { runHook } from "./hook-runner.js";
import { serveHooks, startHookServerIfMissing } from "./hook-server.js";
import { HOOK_PAYLOAD } from "./hook-server-protocol.js";
import { warmUp } from "./hook-warm-up.js";
import type { HostAdapter } from "./host-adapter.js";
import { loadBuiltin } from "./load-builtin.js";
import { ensurePluginSnapshot, runsInPlugin } from "./plugin-snapshot-check.js";
import { refreshSnapshotDetached, runningSnapshotBlob } from "./snapshot-refresh.js";

/**
 * node:v8's snapshot API while a snapshot is being built, else undefined. Loaded only then: node:v8
 * brings node:stream with it, measured at 2–3 ms of every plain hook that never needs it.
 */
function snapshotBeingBuilt(): typeof import("node:v8").startupSnapshot | undefined {
  if (!process.execArgv.includes("--build-snapshot")) return undefined;
  const { startupSnapshot } = loadBuiltin<typeof import("node:v8")>("node:v8");
  return startupSnapshot?.isBuildingSnapshot() ? startupSnapshot : undefined;
}

/** Whether the bundle is still the one the snapshot was built from. */
function stillCurrent(path: string, builtFrom: string): boolean {
  try {
    return bundleFingerprint(path) === builtFrom;
  } catch {
    return false;
  }
}

/**
 * Answers the hook named by the command line's last word, then ends the process. Run plainly (not
 * from a snapshot) inside a plugin, it then sees to the plugin's snapshot, off the host's path.
 */
function answerHook(adapter: HostAdapter, bundleFile: string, plainly: boolean): never {
  const event = process.argv[process.argv.length - 1] ?? "";
  // The loader took the payload off stdin already when it offered the hook to a server that did not answer.
  const readInput = ((globalThis as Record<symbol, unknown>)[HOOK_PAYLOAD] as (() => string) | undefined) ?? readHookInput;
  writeHookResult(runHook(adapter, event, readInput, process.env));
  try {
    startHookServerIfMissing(adapter, bundleFile, process.env);
  } catch {}
  const cliPath = binBesideBundle(adapter.bin, bundleFile);
  if (plainly && runsInPlugin(adapter, cliPath, process.env)) {
    try {
      ensurePluginSnapshot(adapter, cliPath, adapter.stateRoot(process.env));
    } catch {}
  }
  // The loader makes its code cache as the process exits: compile every event's code into it first (once).
  if ((globalThis as Record<symbol, unknown>)[MAKING_CODE_CACHE] === true) {
    try {
      warmUp(adapter, 1);
    } catch {}
  }
  return exitAfterAnswer();
}

/**
 * Call at the top level of the adapter's hook entry. While a snapshot is being built, warms up and
 * sets the snapshot's main; run plainly as `node <bin>-snapshot.cjs hook <Event>` (no snapshot, or
 * one that does not load), answers the hook.
 */
export function startHookSnapshot(adapter: HostAdapter, bundleFile: string): void {
  const startupSnapshot = snapshotBeingBuilt();
  if (!startupSnapshot) {
    if (process.argv[2] === "hook") answerHook(adapter, bundleFile, true);
    if (process.argv[2] === "serve-hooks") serveHooks(adapter, bundleFile);
    return;
  }
  const builtFrom = bundleFingerprint(bundleFile);
  warmUp(adapter, 3);
  startupSnapshot.setDeserializeMainFunction(() => {
    if (!stillCurrent(bundleFile, builtFrom)) {
      // Leave stdin unread and fail: the installed command falls back to the hook loader. A rebuild
      // of this very file starts in the background, so only the hooks until it is done pay for this.
      process.stderr.write(
        "goalpost: the hook snapshot is older than the installed goalpost; rebuilding it in the background.\n",
      );
      const blob = runningSnapshotBlob();
      try {
        if (blob) refreshSnapshotDetached(adapter, binBesideBundle(adapter.bin, bundleFile), blob);
      } catch {}
      process.exitCode = 1;
      return;
    }
    answerHook(adapter, bundleFile, false);
  });
}
