// The hook loader's side of the hook server (see hook-server.ts): it sends the hook and writes the
// server's answer. Anything short of an answer (nobody listening, a server that refuses, one that does
// not answer in time) hands the hook back to the loader, which then runs it itself with the payload
// already read: the server may make a hook faster, never lose one.
import { readHookInputBytes, writeAll } from "../hook/hook-io.js";
import { loadBuiltin } from "../hook/load-builtin.js";
import {
  decodeHookReply,
  encodeHookRequest,
  type HookReply,
  type HookRequest,
  inSocketFolder,
  removeServerFiles,
} from "./hook-server-protocol.js";

/** Far more than any hook takes; a server that is this late is stuck, and the hook runs itself. */
const ANSWER_TIMEOUT_MS = 10_000;

/** Sends the hook on stdin to the server at `socket`; `runItself` is called, once, if no answer comes. */
export function askHookServer(socket: string, request: HookRequest, runItself: (readInput: () => string) => void): void {
  let payload: Buffer;
  try {
    payload = readHookInputBytes();
  } catch (error) {
    runItself(() => {
      throw error;
    });
    return;
  }
  const { connect } = loadBuiltin<typeof import("node:net")>("node:net");
  let connection: import("node:net").Socket;
  try {
    connection = inSocketFolder(socket, (name) => connect(name));
  } catch {
    // The folder is gone or not ours to enter: no server to ask.
    runItself(() => payload.toString("utf8"));
    return;
  }
  let settled = false;
  const fallBack = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    connection.destroy();
    runItself(() => payload.toString("utf8"));
  };
  const timer = setTimeout(fallBack, ANSWER_TIMEOUT_MS);
  let received: Buffer = Buffer.alloc(0);
  connection.on("data", (chunk: Buffer) => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    // Acted on as soon as it is all in, without waiting for the stream's end.
    answered(false);
  });
  connection.on("error", (error: NodeJS.ErrnoException) => {
    // Nobody listens there: a server that died. Its socket goes, so that the next hook starts another.
    if (error.code === "ECONNREFUSED") removeServerFiles(socket);
    fallBack();
  });
  connection.on("end", () => answered(true));
  const answered = (ended: boolean) => {
    if (settled) return;
    let reply: HookReply | undefined;
    try {
      reply = decodeHookReply(received);
    } catch {}
    if (!reply) return ended ? fallBack() : undefined; // the server went away mid-answer
    if ("refused" in reply) return fallBack();
    settled = true;
    if (reply.stderr) writeAll(2, reply.stderr);
    if (reply.stdout) writeAll(1, reply.stdout);
    process.exit(0);
  };
  connection.write(encodeHookRequest(request, payload));
}
