// What the hook clients (the loader's and the Perl one) and the hook server agree on (see
// hook-server.ts). On the hook path: Node built-ins only.
//
// One connection is one hook, in a framing simple enough for the Perl client (hook-client.pl) to
// speak with Perl's built-ins alone. The request is a file, the socket carries only its name:
//   request file: `<request id>.hook` in the socket's folder, made by the client (created new, mode
//            0600): NUL-terminated strings — "goalpost-hook/3", the event, the payload's length in
//            bytes, the working directory, the bundle, the client's deadline (ms since the epoch), the
//            hook's request id, then the environment as NAME=value, then an empty one — followed by
//            the payload's bytes as the host gave them.
//   call:    "goalpost-hook/3 <request id>\n" on the socket. The server takes the file (reads and
//            removes it) and runs what it holds. The client need not end its side.
//   reply:   "ok <stdout bytes> <stderr bytes>\n" and exactly those bytes, or "refused <why>\n"; the
//            server then ends the connection. A request whose deadline has passed is not answered: its
//            client has given up on it and runs the hook itself.
//
// Why a file: the server acts with goalpost's own rights, and a socket can be reached from where a
// file cannot be written (a command in Codex's sandbox with its network on connects; it cannot write
// under CODEX_HOME). Only a client that can write goalpost's folder can have a request run, so the
// server does nothing for a caller that the caller could not do itself. A caller that names another
// client's request only runs it early: its answer is that client's, which then finds it answered
// (hook-ledger.ts) when it runs the hook itself.
import { lstatSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { STATUS_LINE_EVENT } from "../installing/hook-command.js";
import { REQUEST_ID } from "./hook-request.js";

/** Set to 0 to run every hook in its own process, without the hook server. */
export const HOOK_SERVER_VARIABLE = "GOALPOST_HOOK_SERVER";

/**
 * The server's socket for an adapter's hooks, in the state root's fast-path folder (`cacheDir`). Both
 * ends reach it by its name from inside that folder (inSocketFolder): a socket's path is limited
 * to ~104 bytes, and a VS Code profile on macOS alone comes close.
 */
export const hookServerSocket = (cacheDir: string, bin: string) => join(cacheDir, `${bin}-hooks.sock`);

/**
 * Runs `connect` (a bind or a connect, which resolve a socket's path as they are called) with the
 * working directory in the socket's folder, given the socket's bare name; the directory is restored.
 */
export function inSocketFolder<T>(socket: string, connect: (name: string) => T): T {
  let here = "/";
  try {
    here = process.cwd();
  } catch {} // a working directory removed since: "/" is as good a place to come back to
  process.chdir(dirname(socket));
  try {
    return connect(basename(socket));
  } finally {
    process.chdir(here);
  }
}

/** The listening server's pid, beside its socket: written as it starts listening, removed as it ends. */
export const hookServerPidFile = (socket: string) => socket.replace(/\.sock$/, ".pid");

/**
 * Removes a dead server's socket and pid file, so that the next hook starts another — whatever is at
 * the socket's path (a folder a crashed tool left there too). Never throws: what cannot be removed (a
 * read-only state root) stays, and the hook goes on without a server.
 */
export function removeServerFiles(socket: string): void {
  for (const path of [socket, hookServerPidFile(socket)]) {
    try {
      rmSync(path, { recursive: true, force: true });
    } catch {}
  }
}

/** The pid the server at `socket` wrote beside it, if it did. */
export function hookServerPid(socket: string): number | undefined {
  try {
    const pid = Number(readFileSync(hookServerPidFile(socket), "utf8"));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Retires a server that took a hook and did not answer in time (stopped, stuck, or not goalpost's at
 * all): its socket and pid file go, so that the next hook starts a fresh server, and the process
 * itself is killed — SIGKILL, which a stopped process cannot hold off — if the pid file still names
 * `pid` and (where /proc says) that process is a hook server. A server that meanwhile replaced it is
 * left alone.
 */
export function retireHookServer(socket: string, pid: number | undefined): void {
  if (pid !== hookServerPid(socket)) return;
  if (pid !== undefined) {
    let ours = true;
    try {
      ours = readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("serve-hooks");
    } catch {}
    try {
      if (ours) process.kill(pid, "SIGKILL");
    } catch {}
  }
  removeServerFiles(socket);
}

/**
 * A killed process nothing has reaped yet (in a container whose first process reaps no orphans): it
 * still answers kill(pid, 0). Linux says so in /proc; elsewhere a process that answers is taken as alive.
 */
function zombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
  } catch {
    return false;
  }
}

/**
 * Whether a server is alive at `socket`: the socket is there and the pid beside it runs, or there is
 * no pid yet (a server writes it once it listens). A socket whose server was killed outright is
 * removed here, with its pid file, so that this hook costs what one with no socket does and starts a
 * new server after it answers. (A pid taken since by another process counts as alive: the client then
 * finds nobody listening and falls back, as before.)
 */
export function hookServerAlive(socket: string): boolean {
  const found = lstatSync(socket, { throwIfNoEntry: false });
  if (!found?.isSocket()) {
    // Not a socket (a folder or file something left at its path): no server listens there until it goes.
    if (found) removeServerFiles(socket);
    return false;
  }
  let pid: number;
  try {
    pid = Number(readFileSync(hookServerPidFile(socket), "utf8"));
  } catch {
    return true;
  }
  if (processAlive(pid)) return true;
  removeServerFiles(socket);
  return false;
}

/** Whether `pid` runs (a process of another user's counts; an unreaped zombie does not). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !zombie(pid);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether hooks may go through the server here: POSIX sockets, and the user has not switched it off. */
export const hookServerWanted = (env: NodeJS.ProcessEnv, platform: string = process.platform) =>
  platform !== "win32" && env[HOOK_SERVER_VARIABLE] !== "0";

export interface HookRequest {
  readonly event: string;
  /** The hook process's working directory and environment: the server answers in them. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The hook bundle the client would have run: a server runs only its own. */
  readonly bundle: string;
  /** When the client stops waiting (ms since the epoch): a server that reaches the request later drops it. */
  readonly deadline: number;
  /** The hook's id, the same through every fallback (see hook-request.ts). */
  readonly request: string;
}

/** The hook's answer, or why this server will not give one (the client then runs the hook itself). */
export type HookReply = { readonly stdout: string; readonly stderr: string } | { readonly refused: string };

const MAGIC = "goalpost-hook/3";

/** The file that holds request `id` (a checked one: see decodeHookCall) for the server at `socket`, in its folder. */
export const hookRequestFile = (socket: string, id: string) => join(dirname(socket), `${id}.hook`);

/** The call's bytes: the request's name. */
export const encodeHookCall = (id: string) => Buffer.from(`${MAGIC} ${id}\n`, "utf8");

/** The request id a call names, once its line is in (undefined before); throws on a line that is not a call. */
export function decodeHookCall(data: Buffer): string | undefined {
  const start = `${MAGIC} `;
  if (!start.startsWith(data.toString("latin1", 0, Math.min(data.length, start.length)))) throw new Error(NOT_A_CALL);
  const newline = data.indexOf(10);
  if (newline < 0) {
    if (data.length > 200) throw new Error(NOT_A_CALL);
    return undefined;
  }
  const [magic, id, ...rest] = data.toString("utf8", 0, newline).split(" ");
  if (magic !== MAGIC || rest.length > 0 || !id || !REQUEST_ID.test(id)) throw new Error(NOT_A_CALL);
  return id;
}

/**
 * What a server answers a call it cannot read: a server of another protocol (one left running by an
 * earlier goalpost, after an upgrade) answers this to every call of this one's. A client that hears it
 * retires that server at once, so that the next hook starts one of this protocol.
 */
const NOT_A_CALL = "not a goalpost hook call";

/** A refusal that says the server speaks another protocol. */
export const foreignProtocol = (refused: string) => refused === NOT_A_CALL;

/** A request file's bytes: its header strings, then the payload. */
export function encodeHookRequest(request: HookRequest, payload: Buffer): Buffer {
  const env = Object.entries(request.env).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${value}`]));
  const strings = [
    MAGIC,
    request.event,
    String(payload.length),
    request.cwd,
    request.bundle,
    String(request.deadline),
    request.request,
    ...env,
    "",
  ];
  return Buffer.concat([Buffer.from(`${strings.join("\0")}\0`, "utf8"), payload]);
}

/**
 * The request at the start of `data` and where its payload starts, once the header is all in
 * (undefined before); throws on a header that is not one.
 */
export function decodeHookRequestHeader(
  data: Buffer,
): { readonly request: HookRequest; readonly length: number; readonly payloadStart: number } | undefined {
  const strings: string[] = [];
  let start = 0;
  for (;;) {
    const end = data.indexOf(0, start);
    if (end < 0) return undefined;
    const text = data.toString("utf8", start, end);
    start = end + 1;
    if (text === "" && strings.length >= 7) break;
    strings.push(text);
    if (strings.length === 1 && text !== MAGIC) throw new Error("not a goalpost hook request");
  }
  const [magic, event, length, cwd, bundle, deadline, request, ...env] = strings as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    ...string[],
  ];
  if (magic !== MAGIC || !/^\d+$/.test(length) || !/^\d+$/.test(deadline)) throw new Error("not a goalpost hook request");
  const variables: Record<string, string> = {};
  for (const entry of env) {
    const equals = entry.indexOf("=");
    if (equals > 0) variables[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return {
    request: { event, cwd, bundle, deadline: Number(deadline), request, env: variables },
    length: Number(length),
    payloadStart: start,
  };
}

/** A reply's bytes. */
export function encodeHookReply(reply: HookReply): Buffer {
  if ("refused" in reply) return Buffer.from(`refused ${reply.refused.replace(/\n/g, " ")}\n`, "utf8");
  const stdout = Buffer.from(reply.stdout, "utf8");
  const stderr = Buffer.from(reply.stderr, "utf8");
  return Buffer.concat([Buffer.from(`ok ${stdout.length} ${stderr.length}\n`), stdout, stderr]);
}

/** One line of plain text: no control character a terminal would act on. */
const PLAIN_LINE = /^[^\u0000-\u001F\u007F-\u009F]*\n?$/;

/**
 * The reply in `data`, once it is all in (undefined before); throws on one that is not a reply: a
 * frame of another shape, more bytes than it declares, or a stdout that is not one JSON object (what
 * a hook prints is the host's JSON or nothing; anything else would reach the host as its answer) —
 * for the status line, not one line of plain text.
 */
export function decodeHookReply(data: Buffer, event = ""): HookReply | undefined {
  const newline = data.indexOf(10);
  if (newline < 0) return undefined;
  const line = data.toString("utf8", 0, newline);
  if (line.startsWith("refused ")) return { refused: line.slice("refused ".length) };
  const sizes = /^ok (\d+) (\d+)$/.exec(line);
  if (!sizes) throw new Error("not a goalpost hook reply");
  const stdoutEnd = newline + 1 + Number(sizes[1]);
  const stderrEnd = stdoutEnd + Number(sizes[2]);
  if (data.length < stderrEnd) return undefined;
  if (data.length > stderrEnd) throw new Error("a goalpost hook reply longer than it says");
  const stdout = data.toString("utf8", newline + 1, stdoutEnd);
  if (stdout !== "" && event === STATUS_LINE_EVENT && !PLAIN_LINE.test(stdout))
    throw new Error("a goalpost status line reply that is not one line of text");
  if (stdout !== "" && event !== STATUS_LINE_EVENT && !isJsonObject(stdout))
    throw new Error("a goalpost hook reply whose answer is not JSON");
  return { stdout, stderr: data.toString("utf8", stdoutEnd, stderrEnd) };
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Set on globalThis by the loader when it has already read the hook's payload (to send it to a server
 * that then did not answer): the bundle reads it from here, not from stdin.
 */
export const HOOK_PAYLOAD = Symbol.for("goalpost.hookPayload");
