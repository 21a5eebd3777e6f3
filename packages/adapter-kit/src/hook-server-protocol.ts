// What the hook loader and the hook server agree on (see hook-server.ts). On the hook path: Node
// built-ins only.
//
// One connection is one hook. The loader writes a header line (JSON, HookRequest) and then the
// payload's bytes as the host gave them (`length` of them: the loader need not end its side, a step
// that costs a fresh process measurable time); the server answers with one JSON HookReply on one line and
// ends the connection (the loader acts on the line as soon as it is in).
import { join } from "node:path";

/** Set to 0 to run every hook in its own process, without the hook server. */
export const HOOK_SERVER_VARIABLE = "GOALPOST_HOOK_SERVER";

/**
 * A socket path longer than this cannot be bound (sun_path holds 108 bytes on Linux, 104 on macOS):
 * such a state root goes without the server.
 */
const SOCKET_PATH_LIMIT = 100;

/** The server's socket for an adapter's hooks, in the state root's snapshot folder (`cacheDir`); undefined if too long to bind. */
export function hookServerSocket(cacheDir: string, bin: string): string | undefined {
  const socket = join(cacheDir, `${bin}-hooks.sock`);
  return Buffer.byteLength(socket) <= SOCKET_PATH_LIMIT ? socket : undefined;
}

/** The listening server's pid, beside its socket (for doctor). */
export const hookServerPidFile = (socket: string) => socket.replace(/\.sock$/, ".pid");

/** Whether hooks may go through the server here: POSIX sockets, and the user has not switched it off. */
export const hookServerWanted = (env: NodeJS.ProcessEnv, platform: string = process.platform) =>
  platform !== "win32" && env[HOOK_SERVER_VARIABLE] !== "0";

export interface HookRequest {
  /** The hook bundle the loader would have run: a server runs only its own. */
  readonly bundle: string;
  readonly event: string;
  /** The hook process's working directory and environment: the server answers in them. */
  readonly cwd: string;
  readonly env: Record<string, string | undefined>;
  /** The payload's length in bytes, after the header line. */
  readonly length: number;
}

/** The hook's answer, or why this server will not give one (the loader then runs the hook itself). */
export type HookReply = { readonly stdout: string; readonly stderr: string } | { readonly refused: string };

/**
 * Set on globalThis by the loader when it has already read the hook's payload (to send it to a server
 * that then did not answer): the bundle reads it from here, not from stdin.
 */
export const HOOK_PAYLOAD = Symbol.for("goalpost.hookPayload");
