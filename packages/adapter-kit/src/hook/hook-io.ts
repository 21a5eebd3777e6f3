// A hook's standard streams. Input is bounded: a payload larger than goalpost will ever read is
// drained (so the host never sees a broken pipe) but not kept. Output survives a host that has
// already closed its end: a hook never dies of EPIPE with a stack trace.
import { readSync, writeSync } from "node:fs";

/** Payloads over this are not read into memory: the hook answers with no decision. */
export const HOOK_INPUT_LIMIT = 32 * 1024 * 1024;

export class HookInputTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the payload is over ${Math.round(limit / 1024 / 1024)} MiB`);
    this.name = "HookInputTooLargeError";
  }
}

/** Reads standard input to its end, keeping at most `limit` bytes; throws HookInputTooLargeError past that. */
export function readHookInput(limit = HOOK_INPUT_LIMIT): string {
  return readHookInputBytes(limit).toString("utf8");
}

/** readHookInput's bytes, undecoded (the hook loader passes them on to the hook server as they are). */
export function readHookInputBytes(limit = HOOK_INPUT_LIMIT): Buffer {
  // Read straight into one buffer that doubles as it fills: a 1 MB payload is copied once, not three times.
  let buffer = Buffer.allocUnsafe(1 << 16);
  let kept = 0;
  let overflow = false;
  for (;;) {
    if (kept === buffer.length) {
      if (overflow)
        kept = 0; // past the limit: drain into the same buffer, keep nothing
      else {
        const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1));
        buffer.copy(larger, 0, 0, kept);
        buffer = larger;
      }
    }
    let count: number;
    try {
      count = readSync(0, buffer, kept, buffer.length - kept, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") continue;
      // EOF, or no stdin at all (closed, a TTY gone): what was read is the payload.
      break;
    }
    if (count === 0) break;
    kept += count;
    if (!overflow && kept > limit) {
      overflow = true;
      buffer = Buffer.allocUnsafe(1 << 16);
      kept = 0;
    }
  }
  if (overflow) throw new HookInputTooLargeError(limit);
  return buffer.subarray(0, kept);
}

/** Writes all of `text` to a file descriptor; a reader that went away (EPIPE) ends the write quietly. */
export function writeAll(fd: number, text: string): void {
  const data = Buffer.from(text, "utf8");
  let offset = 0;
  while (offset < data.length) {
    try {
      offset += writeSync(fd, data, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") continue;
      return;
    }
  }
}

export interface HookResult {
  /** What goes to stdout: the host's JSON, or "" for no decision. */
  readonly stdout: string;
  /** Diagnostics for the user; never read by the host as a decision (the exit code stays 0). */
  readonly stderr: string;
}

export function writeHookResult(result: HookResult): void {
  if (result.stderr) writeAll(2, result.stderr);
  if (result.stdout) writeAll(1, result.stdout);
}

/**
 * Ends the hook process once its answer is written. Everything a hook does is synchronous (the answer
 * and every state file are written with blocking calls), so nothing is pending; exiting here skips
 * tearing down the heap, which a hook pays for by its heap's size (measured: 2–7 ms with a large one).
 */
export function exitAfterAnswer(): never {
  process.exit(0);
}
