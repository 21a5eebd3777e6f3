// The hook server: one Node process per state root that answers hooks, so that a hook costs a small
// client and a round trip on a local socket instead of a Node start, the bundle's load and its schemas'
// building every time (measured, a PreToolUse with a goal open against a bare Node start: ~1.9× run
// by the loader; through the server ~0.35× from the Perl client, hook-client.pl, and ~1.5× from the
// loader's own client, hook-server-client.ts).
//
// It runs the very code a hook process would (runHook), in the hook's own environment and working
// directory, one hook at a time: runHook is synchronous, so two hooks never interleave, and the store's
// file locks order it with every other process as before. It holds no state between hooks; every
// decision is read from the store, as in a hook process.
//
// Since it answers every session, it never waits on one: a hook whose session lock another process
// holds, or that would wait for goalpost's run of the checks, is answered "busy" before it writes
// anything, and its client runs it itself (runHook's `quick`). A request it reaches after its client's
// deadline (a server that was stopped, or a queue of abandoned connections) is dropped unanswered and
// unrun: its client has run the hook itself by then. It runs only requests their client wrote into
// goalpost's folder (the socket carries a request's name, see hook-server-protocol.ts): a caller that
// cannot write there (a command in the agent's sandbox) is refused, and the user is told.
//
// It is started by a hook that found none alive (detached, off the host's path), and it ends by
// itself: after IDLE_MS without a hook, when its socket is removed or taken over (uninstall removes
// the folder), when its bundle changes (an upgrade: that hook is refused and runs itself, and the next
// one starts a server of the new code), and on SIGTERM, SIGINT, SIGHUP or a fault of its own. Ending,
// it removes its socket and pid file, so the next hook never pays for a stale socket. Only a server
// killed outright (SIGKILL) leaves them; hooks then see that its pid is gone (hookServerAlive).
import { chmodSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { Server, Socket } from "node:net";
import { dirname, join } from "node:path";
import { ensureOpenMarkers, recordBreaches } from "@goalpost/core/internal";
import type { HostAdapter } from "../contract/host-adapter.js";
import { HOOK_INPUT_LIMIT } from "../hook/hook-io.js";
import { loadBuiltin } from "../hook/load-builtin.js";
import { runHook } from "../hook/run-hook.js";
import { FAST_PATH_FOLDER, hookEntryPath } from "../installing/hook-command.js";
import { bundleFingerprint } from "./bundle-fingerprint.js";
import { startDetached } from "./detached-start.js";
import { serverEnvironment } from "./hook-request.js";
import {
  decodeHookCall,
  decodeHookRequestHeader,
  encodeHookReply,
  type HookReply,
  type HookRequest,
  hookRequestFile,
  hookServerAlive,
  hookServerPidFile,
  hookServerSocket,
  hookServerWanted,
  inSocketFolder,
  removeServerFiles,
} from "./hook-server-protocol.js";
import { collectWhenQuiet } from "./quiet-collect.js";
import { warmUp } from "./warm-up.js";
import { recordWithoutNode } from "./without-node.js";

/** A server with no hook for this long ends; the next hook starts another (it pays a plain start once). */
const IDLE_MS = 10 * 60_000;
/** How often the server looks whether its socket is still its own. */
const SOCKET_CHECK_MS = 2_000;
/**
 * Warm-up rounds before the server listens: its first hooks then run compiled, optimised code, not
 * the interpreter's. It is off the host's path (hooks meanwhile answer themselves), measured at ~0.3 s.
 */
const WARM_UP_ROUNDS = 10;
/** Request files older than this are a client's that died before the server took them: removed at start. */
const STALE_REQUEST_MS = 60_000;

const net = () => loadBuiltin<typeof import("node:net")>("node:net");

/** The server's socket for `adapter` in the state root of `env`, if the server may be used there. */
function hookServerSocketFor(adapter: HostAdapter, env: NodeJS.ProcessEnv): string | undefined {
  if (!hookServerWanted(env)) return undefined;
  return hookServerSocket(join(adapter.stateRoot(env), FAST_PATH_FOLDER), adapter.bin);
}

/** The lock a server's start holds until it listens, so that hooks arriving together start one server. */
const startLock = (socket: string) => `${socket}.starting`;

/**
 * Starts the adapter's hook server off the host's path if none is listening at its socket. Called by a
 * hook after it has answered; `bundleFile` is the hook bundle this hook runs.
 */
export function startHookServerIfMissing(adapter: HostAdapter, bundleFile: string, env: NodeJS.ProcessEnv): void {
  const socket = hookServerSocketFor(adapter, env);
  if (!socket || hookServerAlive(socket)) return;
  const loader = hookEntryPath(adapter.bin, bundleFile);
  startDetached(loader, ["serve-hooks"], startLock(socket), serverEnvironment(env));
}

/** Request files a client left behind (it was killed between writing one and the server taking it). */
function removeStaleRequests(folder: string): void {
  try {
    for (const name of readdirSync(folder)) {
      if (!name.endsWith(".hook")) continue;
      const file = join(folder, name);
      if (Date.now() - statSync(file).mtimeMs > STALE_REQUEST_MS) rmSync(file, { force: true });
    }
  } catch {}
}

/** Replaces this process's environment with `env`: the code a hook runs reads process.env in places. */
function takeEnvironment(env: Record<string, string | undefined>): void {
  for (const name of Object.keys(process.env)) if (!Object.hasOwn(env, name)) delete process.env[name];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
}

function reply(connection: Socket, answer: HookReply): void {
  connection.end(encodeHookReply(answer));
}

/** `node <bin>-hook.cjs serve-hooks`: serves hooks at the adapter's socket until idle, replaced or stale. */
export function serveHooks(adapter: HostAdapter, bundleFile: string): void {
  const socket = hookServerSocketFor(adapter, process.env);
  if (!socket) return;
  const builtFrom = bundleFingerprint(bundleFile);
  // The state root itself is never made here: a server started for a root that is gone has nothing to serve.
  try {
    mkdirSync(dirname(socket), { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return;
  }
  // The no-goal fast path's markers, as install sets them up: a plugin has no install step, and its
  // first hook starts this server.
  try {
    ensureOpenMarkers(adapter.stateRoot(process.env));
  } catch {}
  // And the Node this server runs on, for a hook that finds none on its PATH (without-node.ts).
  recordWithoutNode(adapter, adapter.stateRoot(process.env));
  let server: Server;
  let socketIno: number | undefined;
  let idle: NodeJS.Timeout | undefined;
  const pidFile = hookServerPidFile(socket);
  // Closing the listener removes the socket file by the name it was bound with, from the working
  // directory of the moment: so from the socket's folder, and only while the file is still this server's.
  const closeListener = () => {
    if (stillOurs()) inSocketFolder(socket, () => server.close());
  };
  const end = () => {
    closeListener();
    try {
      if (readFileSync(pidFile, "utf8").trim() === String(process.pid)) rmSync(pidFile);
    } catch {}
    process.exit(0);
  };
  const stillOurs = () => {
    try {
      return statSync(socket).ino === socketIno;
    } catch {
      return false;
    }
  };

  // A client names the bundle as its command line does (through a link, say): compared by real path.
  const ownPath = realpathSync(bundleFile);
  const seen = new Map<string, boolean>();
  const ownBundle = (bundle: string) => {
    if (bundle === bundleFile) return true;
    if (!seen.has(bundle)) {
      let same = false;
      try {
        same = realpathSync(bundle) === ownPath;
      } catch {}
      seen.set(bundle, same);
    }
    return seen.get(bundle) === true;
  };
  const answer = (connection: Socket, request: HookRequest, payloadBytes: Buffer) => {
    if (!ownBundle(request.bundle)) return reply(connection, { refused: `this server runs ${bundleFile}` });
    let current = false;
    try {
      current = bundleFingerprint(bundleFile) === builtFrom;
    } catch {}
    if (!current) {
      // Upgraded or removed: stop taking hooks (the socket goes with the listener), then refuse this one.
      closeListener();
      reply(connection, { refused: "the hook bundle changed" });
      connection.on("close", end);
      return;
    }
    // The client gave up on it (a server that was stopped, then resumed): it has run the hook itself.
    if (Date.now() > request.deadline || gone.has(connection)) return connection.destroy();
    takeEnvironment(request.env);
    try {
      process.chdir(request.cwd);
    } catch {}
    const payload = payloadBytes.toString("utf8");
    const answer = runHook(adapter, request.event, () => payload, request.env, {
      quick: true,
      request: request.request,
      copy: bundleFile,
    });
    reply(connection, "busy" in answer ? { refused: `busy: ${answer.busy}` } : answer);
  };
  // Connections whose client has closed its side: a request still queued from one is not run.
  const gone = new WeakSet<Socket>();

  /** The request a call names, taken out of goalpost's folder (read and removed); why not, if it cannot be. */
  const takeRequest = (id: string): { request: HookRequest; payload: Buffer } | { refused: string } => {
    let bytes: Buffer;
    const file = hookRequestFile(socket, id);
    try {
      bytes = readFileSync(file);
      rmSync(file);
    } catch {
      // Its client gave up and removed it, or there never was one: a caller that cannot write
      // goalpost's folder (a command in the agent's sandbox) asking the server to act for it.
      // This server's state root (the socket is in its fast-path folder), whoever asked last.
      recordBreaches(dirname(dirname(socket)), [
        "a hook request came through goalpost's socket from a process that could not write goalpost's folder (a command the agent ran, in its sandbox?); it was refused.",
      ]);
      return { refused: "no such request" };
    }
    const header = decodeHookRequestHeader(bytes);
    if (
      !header ||
      header.request.request !== id ||
      header.length > HOOK_INPUT_LIMIT ||
      bytes.length !== header.payloadStart + header.length
    )
      return { refused: "not a goalpost hook request" };
    return { request: header.request, payload: bytes.subarray(header.payloadStart) };
  };

  const afterHook = collectWhenQuiet();
  server = net().createServer((connection) => {
    clearTimeout(idle);
    idle = setTimeout(end, IDLE_MS);
    afterHook();
    let call: Buffer = Buffer.alloc(0);
    connection.on("data", (data: Buffer) => {
      try {
        call = call.length === 0 ? data : Buffer.concat([call, data]);
        const id = decodeHookCall(call);
        if (id === undefined) return;
        connection.removeAllListeners("data");
        const taken = takeRequest(id);
        if ("refused" in taken) return reply(connection, taken);
        answer(connection, taken.request, taken.payload);
      } catch (error) {
        // A call this server cannot read: the client runs that hook itself.
        reply(connection, { refused: error instanceof Error ? error.message : String(error) });
      }
    });
    connection.on("end", () => gone.add(connection));
    connection.on("error", () => gone.add(connection));
  });

  const listening = () => {
    chmodSync(socket, 0o600);
    removeStaleRequests(dirname(socket));
    socketIno = statSync(socket).ino;
    writeFileSync(pidFile, `${process.pid}\n`, { mode: 0o600 });
    rmSync(startLock(socket), { force: true });
    idle = setTimeout(end, IDLE_MS);
    setInterval(() => {
      if (!stillOurs()) end();
    }, SOCKET_CHECK_MS).unref();
  };
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EADDRINUSE") return end();
    // A socket is there: a live server keeps it (this one ends), a dead one's is replaced.
    const probe = inSocketFolder(socket, (name) => net().connect(name));
    probe.on("connect", () => {
      probe.destroy();
      rmSync(startLock(socket), { force: true });
      process.exit(0);
    });
    probe.on("error", () => {
      removeServerFiles(socket);
      inSocketFolder(socket, (name) => server.listen(name, listening));
    });
  });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, end);
  // A fault of its own ends it cleanly; the hook that met it runs itself (its client sees no answer).
  process.on("uncaughtException", end);
  try {
    warmUp(adapter, WARM_UP_ROUNDS);
  } catch {}
  inSocketFolder(socket, (name) => server.listen(name, listening));
}
