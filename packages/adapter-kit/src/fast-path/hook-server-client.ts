// The hook loader's side of the hook server (see hook-server.ts): it sends the hook and writes the
// server's answer. Anything short of a valid answer within one deadline for connecting and answering
// together (nobody listening, a refusal or "busy", a reply that is not one, a server stopped or stuck)
// hands the hook back to the loader, which then runs it itself with the payload already read: the
// server may make a hook faster, never lose one or hold it up. A server that let the deadline pass is
// retired (retireHookServer), so the next hook starts a fresh one instead of waiting on it again.
// The request goes into a file in goalpost's folder and the socket carries its name (see
// hook-server-protocol.ts); a client that gives up removes its file, so the server never runs it late.
import { readHookInputBytes, writeAll } from "../hook/hook-io.js";
import { loadBuiltin } from "../hook/load-builtin.js";
import { HOOK_DEADLINE_MS } from "./hook-request.js";
import {
  decodeHookReply,
  encodeHookCall,
  encodeHookRequest,
  foreignProtocol,
  type HookReply,
  type HookRequest,
  hookRequestFile,
  hookServerPid,
  inSocketFolder,
  removeServerFiles,
  retireHookServer,
} from "./hook-server-protocol.js";

/** Sends the hook on stdin to the server at `socket`; `runItself` is called, once, if no answer comes. */
export function askHookServer(
  socket: string,
  request: Omit<HookRequest, "deadline">,
  runItself: (readInput: () => string) => void,
): void {
  const deadline = Date.now() + HOOK_DEADLINE_MS;
  let payload: Buffer;
  try {
    payload = readHookInputBytes();
  } catch (error) {
    runItself(() => {
      throw error;
    });
    return;
  }
  const pid = hookServerPid(socket);
  const { connect } = loadBuiltin<typeof import("node:net")>("node:net");
  let connection: import("node:net").Socket;
  try {
    connection = inSocketFolder(socket, (name) => connect(name));
  } catch {
    // The folder is gone or not ours to enter: no server to ask.
    runItself(() => payload.toString("utf8"));
    return;
  }
  const fs = loadBuiltin<typeof import("node:fs")>("node:fs");
  const file = hookRequestFile(socket, request.request);
  let settled = false;
  const fallBack = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    connection.destroy();
    try {
      fs.rmSync(file, { force: true });
    } catch {}
    runItself(() => payload.toString("utf8"));
  };
  const timer = setTimeout(
    () => {
      retireHookServer(socket, pid);
      fallBack();
    },
    Math.max(0, deadline - Date.now()),
  );
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
      reply = decodeHookReply(received, request.event);
    } catch {
      return fallBack(); // not a reply goalpost would give: never passed on to the host
    }
    if (!reply) return ended ? fallBack() : undefined; // the server went away mid-answer
    if ("refused" in reply) {
      // A server of an earlier protocol, left running by an upgrade: retired now, not paid for at every hook.
      if (foreignProtocol(reply.refused)) retireHookServer(socket, pid);
      return fallBack();
    }
    // Answered: from here the hook is done, whatever becomes of the host's end of the pipes.
    settled = true;
    clearTimeout(timer);
    if (reply.stderr) writeAll(2, reply.stderr);
    if (reply.stdout) writeAll(1, reply.stdout);
    process.exit(0);
  };
  connection.on("connect", () => {
    try {
      // Created new: a file already there under this name is not this hook's.
      fs.writeFileSync(file, encodeHookRequest({ ...request, deadline }, payload), { flag: "wx", mode: 0o600 });
    } catch {
      return fallBack(); // goalpost's folder is not writable from here: nothing to ask the server for
    }
    connection.write(encodeHookCall(request.request));
  });
}
