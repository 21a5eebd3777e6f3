// The top level of an adapter's hook bundle (`<bin>-hook-bundle.cjs`, the hook path only, CommonJS),
// which the hook loader runs with a V8 code cache. An adapter's entry is one call:
//   hookBundleMain(myAdapter, __filename)
// `hook <Event>` answers that hook and ends the process; `serve-hooks` runs the hook server.

import type { HostAdapter } from "../contract/host-adapter.js";
import { exitAfterAnswer, readHookInput, writeHookResult } from "../hook/hook-io.js";
import { runHookHere } from "../hook/run-hook.js";
import { MAKING_CODE_CACHE } from "./code-cache-protocol.js";
import { HOOK_NOTICE, HOOK_REQUEST } from "./hook-request.js";
import { serveHooks, startHookServerIfMissing } from "./hook-server.js";
import { HOOK_PAYLOAD } from "./hook-server-protocol.js";
import { warmUp } from "./warm-up.js";

/** Answers the hook named by the command line's last word, starts a hook server if none runs, then ends the process. */
function answerHook(adapter: HostAdapter, bundleFile: string): never {
  const event = process.argv[process.argv.length - 1] ?? "";
  // The loader took the payload off stdin already when it offered the hook to a server that did not answer.
  const readInput = ((globalThis as Record<symbol, unknown>)[HOOK_PAYLOAD] as (() => string) | undefined) ?? readHookInput;
  // The hook's id from the loader (the same one its server, if any, was given): a repeat answers as the first run.
  const request = (globalThis as Record<symbol, unknown>)[HOOK_REQUEST] as string | undefined;
  // What the client that handed the hook over saw (an impostor at the server's socket): told to the user.
  const notice = (globalThis as Record<symbol, unknown>)[HOOK_NOTICE] as string | undefined;
  writeHookResult(runHookHere(adapter, event, readInput, process.env, { request, copy: bundleFile, notice }));
  try {
    startHookServerIfMissing(adapter, bundleFile, process.env);
  } catch {}
  // The loader makes its code cache as the process exits: compile every event's code into it first (once).
  if ((globalThis as Record<symbol, unknown>)[MAKING_CODE_CACHE] === true) {
    try {
      warmUp(adapter, 1);
    } catch {}
  }
  return exitAfterAnswer();
}

/** Call at the top level of the adapter's hook bundle entry (src/<host>-hook-bundle.ts). */
export function hookBundleMain(adapter: HostAdapter, bundleFile: string): void {
  if (process.argv[2] === "hook") answerHook(adapter, bundleFile);
  if (process.argv[2] === "serve-hooks") serveHooks(adapter, bundleFile);
}
