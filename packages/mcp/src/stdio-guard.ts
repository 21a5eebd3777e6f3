// What reaches the MCP SDK from stdin, line by line. The SDK drops a line it cannot parse without a
// word, and stops on a single enormous one; a client deserves a JSON-RPC error it can see, and the
// server should keep serving. Lines that are not one JSON-RPC object (garbage, a NUL, a batch array)
// are answered with a parse or invalid-request error; a line over the limit with "too large".
import { Transform, type TransformCallback } from "node:stream";

/** The longest request line served; goal tool inputs are a few kilobytes. */
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

type Reply = (message: Record<string, unknown>) => void;

const error = (code: number, message: string, id: unknown = null) => ({
  jsonrpc: "2.0",
  id: typeof id === "string" || typeof id === "number" ? id : null,
  error: { code, message },
});

/** A line to pass on to the SDK, or the error to answer instead. */
function screenLine(line: string): { pass: string } | { reply: Record<string, unknown> } {
  if (line.trim() === "") return { pass: line };
  if (Buffer.byteLength(line) > MAX_REQUEST_BYTES)
    return { reply: error(-32600, `Request too large: over ${MAX_REQUEST_BYTES / 1024 / 1024} MiB on one line.`) };
  if (line.includes("\u0000")) return { reply: error(-32700, "Parse error: the line holds a NUL character.") };
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return { reply: error(-32700, "Parse error: the line is not JSON.") };
  }
  if (Array.isArray(message))
    return { reply: error(-32600, "Invalid request: batches are not supported; send one message per line.") };
  if (typeof message !== "object" || message === null || (message as { jsonrpc?: unknown }).jsonrpc !== "2.0")
    return { reply: error(-32600, "Invalid request: expected one JSON-RPC 2.0 object.", (message as { id?: unknown })?.id) };
  return { pass: line };
}

/** A stdin filter: good lines go on to the SDK; the rest are answered through `reply`. */
export function guardedInput(reply: Reply): Transform {
  let pending = "";
  let skipping = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending += chunk.toString("utf8");
      let newline = pending.indexOf("\n");
      // An overlong line is dropped as it streams in, never held whole in memory.
      if (newline === -1 && Buffer.byteLength(pending) > MAX_REQUEST_BYTES) {
        if (!skipping) reply(error(-32600, `Request too large: over ${MAX_REQUEST_BYTES / 1024 / 1024} MiB on one line.`));
        skipping = true;
        pending = "";
      }
      while (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (skipping) skipping = false;
        else {
          const screened = screenLine(line.replace(/\r$/, ""));
          if ("pass" in screened) this.push(`${screened.pass}\n`);
          else reply(screened.reply);
        }
        newline = pending.indexOf("\n");
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (pending.trim() !== "" && !skipping) {
        const screened = screenLine(pending);
        if ("pass" in screened) this.push(`${screened.pass}\n`);
        else reply(screened.reply);
      }
      callback();
    },
  });
}
