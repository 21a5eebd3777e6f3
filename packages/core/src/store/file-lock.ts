// A lock file per session, so concurrent hook processes (parallel tool calls) never lose an update.
// A lock whose owner is dead is taken over at once; a lock older than the stale limit is taken over
// too (its owner hung). Waiting is bounded: past the timeout a StoreError is thrown, never a hang.
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { StoreError } from "../errors.js";
import { FILE_MODE } from "./atomic-file.js";

export interface LockOptions {
  /** Give up after this long (ms). */
  readonly timeoutMs?: number;
  /** A lock held longer than this (ms) is considered abandoned. */
  readonly staleMs?: number;
}

let sleeper: Int32Array | undefined;
/** A synchronous sleep: hooks are synchronous processes with nothing else to do while they wait. */
function sleep(ms: number): void {
  sleeper ??= new Int32Array(new SharedArrayBuffer(4));
  Atomics.wait(sleeper, 0, 0, ms);
}

/** Whether the process named in a lock is gone. A lock without a pid is being written: not dead. */
function ownerIsDead(content: string): boolean {
  const pid = Number(content.split(" ")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function readLock(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Age of the lock in ms, from its file time (an empty lock has no time of its own yet). */
function lockAge(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Takes over an abandoned lock without ever removing a live one that replaced it meanwhile. */
function takeOverAbandoned(path: string, seen: string): void {
  const aside = `${path}.abandoned-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // someone else moved it first
  }
  if (readLock(aside) !== seen) {
    // We moved a fresh lock that replaced the stale one: put it back if its place is still free.
    try {
      linkSync(aside, path);
    } catch {}
  }
  try {
    unlinkSync(aside);
  } catch {}
}

export function withFileLock<T>(path: string, action: () => T, options: LockOptions = {}): T {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const staleMs = options.staleMs ?? 10_000;
  const started = Date.now();
  let delay = 1;
  for (;;) {
    try {
      const descriptor = openSync(path, "wx", FILE_MODE);
      try {
        writeSync(descriptor, `${process.pid} ${Date.now()}`);
      } finally {
        closeSync(descriptor);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const content = readLock(path);
    if (content !== null && (ownerIsDead(content) || lockAge(path) > staleMs)) {
      takeOverAbandoned(path, content);
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new StoreError("store_lock_timeout", path, `Timed out after ${timeoutMs} ms waiting for the lock ${path}.`);
    }
    sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 25);
  }
  try {
    return action();
  } finally {
    try {
      unlinkSync(path);
    } catch {}
  }
}
