// A lock file per session, so concurrent hook processes (parallel tool calls) never lose an update.
// A lock whose owner is dead is taken over at once, and so is an empty one a killed process left
// between creating it and writing its pid. A live owner keeps its lock (a big prompt may take a few
// seconds) unless it has held it far longer than any hook may run (its pid was reused). An owner
// that lost its lock anyway neither removes the new owner's lock nor writes (`stillHeld`). Anything
// but a regular file at the lock path is moved aside. Waiting is bounded: past the timeout a
// StoreError is thrown, never a hang.
import {
  closeSync,
  linkSync,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { StoreError } from "../errors.js";
import { FILE_MODE } from "./atomic-file.js";
import { processStart } from "./process-identity.js";

export interface LockOptions {
  /** Give up after this long (ms). */
  readonly timeoutMs?: number;
  /** A lock held longer than this (ms) by a live process is considered abandoned (its pid was reused). */
  readonly staleMs?: number;
}

/** A lock seen empty this long was left by a process killed between creating it and writing its pid. */
const EMPTY_LOCK_STALE_MS = 100;

let sleeper: Int32Array | undefined;
/** A synchronous sleep: hooks are synchronous processes with nothing else to do while they wait. */
function sleep(ms: number): void {
  sleeper ??= new Int32Array(new SharedArrayBuffer(4));
  Atomics.wait(sleeper, 0, 0, ms);
}

/** A lock goalpost wrote: "<pid> <ms since the epoch> <random>". */
const TOKEN = /^(\d+) (\d+)(?: \S+)?$/;

/**
 * Whether the lock's owner is gone: its process has ended, or the pid now names a process that started
 * after the lock was taken (Linux says when, in /proc; the pid was reused), or the lock is not one
 * goalpost writes at all (nothing of goalpost's will ever remove it). An empty lock is being written.
 */
function ownerIsDead(content: string): boolean {
  const token = TOKEN.exec(content);
  if (!token) return content !== "";
  const pid = Number(token[1]);
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
  const started = processStart(pid);
  return started !== undefined && started > Number(token[2]) + 2_000;
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

/** Moves aside whatever is at the lock path if it is not a regular file (a directory, a link). */
function clearOddLockPath(path: string): boolean {
  try {
    if (lstatSync(path).isFile()) return false;
  } catch {
    return false;
  }
  const aside = `${path}.odd-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    renameSync(path, aside);
    rmSync(aside, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

export function withFileLock<T>(path: string, action: (stillHeld: () => boolean) => T, options: LockOptions = {}): T {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const staleMs = options.staleMs ?? 60_000;
  const started = Date.now();
  const token = `${process.pid} ${Date.now()} ${Math.random().toString(36).slice(2)}`;
  let delay = 1;
  /** When this process first saw the lock empty: an owner writes its token right after creating it. */
  let emptySince: number | undefined;
  for (;;) {
    try {
      const descriptor = openSync(path, "wx", FILE_MODE);
      try {
        writeSync(descriptor, token);
      } finally {
        closeSync(descriptor);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (clearOddLockPath(path)) continue;
    const content = readLock(path);
    // An empty lock is judged by how long this process has seen it empty, not by its file time (which
    // may be anything, even in the future): an owner writes its token right after creating it.
    if (content === "") emptySince ??= Date.now();
    else emptySince = undefined;
    const abandoned =
      content !== null &&
      (ownerIsDead(content) ||
        (emptySince !== undefined && Date.now() - emptySince > EMPTY_LOCK_STALE_MS) ||
        lockAge(path) > staleMs);
    if (abandoned) {
      takeOverAbandoned(path, content);
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new StoreError("store_lock_timeout", path, `Timed out after ${timeoutMs} ms waiting for the lock ${path}.`);
    }
    sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 25);
  }
  const stillHeld = () => readLock(path) === token;
  try {
    return action(stillHeld);
  } finally {
    // Only our own lock goes: one taken over meanwhile belongs to its new owner.
    if (stillHeld()) {
      try {
        unlinkSync(path);
      } catch {}
    }
  }
}
