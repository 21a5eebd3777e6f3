// `<bin>-hook.cjs`, the hook loader: what the hook script runs when no hook server is alive (or Perl
// is missing), and what the bin runs for `hook` (run-bin.ts). When the adapter's hook server is alive,
// the hook goes to it (hook-server-client.ts); otherwise, or if it does not answer, the loader runs the
// hook bundle beside it with a V8 code cache (see code-cache.ts) kept in the adapter's state root. Kept to these few lines, Node built-ins and the adapter's paths module,
// since it is compiled on every plain hook before the bundle is.

import { goalpostStateRoot } from "goalpost:adapter-state-root";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadBuiltin } from "../hook/load-builtin.js";
import { FAST_PATH_FOLDER } from "../installing/hook-command.js";
import { binOfLoader, bundleOfLoader, runHookBundle } from "./code-cache.js";
import { HOOK_NOTICE, HOOK_REQUEST, newHookRequest, serverEnvironment, takeHookNotice, takeHookRequest } from "./hook-request.js";
import { askHookServer } from "./hook-server-client.js";
import { HOOK_PAYLOAD, hookServerAlive, hookServerSocket, hookServerWanted } from "./hook-server-protocol.js";

/** The cache's folder; without one (a home that cannot be resolved), the bundle is compiled as it is. */
function cacheDir(): string | undefined {
  try {
    return join(goalpostStateRoot(process.env), FAST_PATH_FOLDER);
  } catch {
    return undefined;
  }
}

const bundle = bundleOfLoader(__filename);
const cache = cacheDir();
/** A hook to answer; else `serve-hooks`, the hook server. */
const asHook = process.argv[2] === "hook";

/** Runs the hook in this process; `readInput` is the payload when it was already taken off stdin. */
function runItself(readInput?: () => string): void {
  if (readInput) (globalThis as Record<symbol, unknown>)[HOOK_PAYLOAD] = readInput;
  try {
    // The hook server compiles the bundle without the cache: it does so once, off the host's path, and a
    // cache it wrote as it exits would recreate the state folder that uninstall has just removed.
    runHookBundle(bundle, asHook ? cache : undefined);
  } catch (error) {
    // The bundle is missing or does not compile (a damaged copy): a hook never breaks its host. Say so,
    // take the payload off the pipe (the host never writes into a closed one) and answer nothing.
    process.stderr.write(`goalpost: the hook did not run: ${error instanceof Error ? error.message : String(error)}\n`);
    try {
      if (!readInput && !loadBuiltin<typeof import("node:tty")>("node:tty").isatty(0)) readFileSync(0);
    } catch {}
    process.exitCode = 0;
  }
}

/** The hook's working directory; one removed since the host started it has none, and the hook runs itself. */
function workingDirectory(): string | undefined {
  try {
    return process.cwd();
  } catch {
    return undefined;
  }
}

// A client before this one (the Perl client) already offered the hook to the server: it runs here.
const offered = takeHookRequest(process.env);
const request = offered ?? newHookRequest();
(globalThis as Record<symbol, unknown>)[HOOK_REQUEST] = request;
(globalThis as Record<symbol, unknown>)[HOOK_NOTICE] = takeHookNotice(process.env);
const socket =
  asHook && !offered && cache && hookServerWanted(process.env) ? hookServerSocket(cache, binOfLoader(__filename)) : undefined;
const cwd = socket ? workingDirectory() : undefined;
if (socket && cwd !== undefined && hookServerAlive(socket)) {
  const event = process.argv[process.argv.length - 1] ?? "";
  askHookServer(socket, { bundle, event, cwd, env: serverEnvironment(process.env), request }, runItself);
} else {
  runItself();
}
