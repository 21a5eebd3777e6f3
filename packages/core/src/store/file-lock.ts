// A lock file per session, so concurrent hook processes (parallel tool calls) never lose an update.
// A lock names its owner by pid and start time (where Linux says it): one whose owner is dead, or whose
// pid now names another process (a pid reused by an unrelated program, a zombie nothing reaped), is
// taken over at once, and so is an empty one a killed process left between creating it and writing its
// pid, and one dated in the future (no live writer made it). A live owner keeps its lock (a big prompt
// may take a few seconds) unless it has held it far longer than any hook may run. An owner
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
import { StoreError } from "../base/errors.js";
import { FILE_MODE } from "./atomic-file.js";
import { processRuns, processStart, processStartTicks } from "./process-identity.js";

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

/**
 * A lock goalpost wrote: "<pid> <ms since the epoch> <random>[@<the owner's start, in Linux's clock ticks
 * since boot>]". The start rides in the third word so that a release that reads three words still reads it.
 */
const TOKEN = /^(\d+) (\d+)(?: \S*?(?:@(\d+))?)?$/;

/** A lock dated further ahead than this was not written by a live process of this machine's clock. */
const FUTURE_SLACK_MS = 60_000;

let ownStart: string | null | undefined;
/** This process's token for a lock: its pid, the time, a random word and its start where Linux says it. */
function newToken(): string {
  if (ownStart === undefined) ownStart = processStartTicks(process.pid) ?? null;
  return `${process.pid} ${Date.now()} ${Math.random().toString(36).slice(2)}${ownStart === null ? "" : `@${ownStart}`}`;
}

/**
 * Whether the lock's owner is gone: its process has ended or is a zombie, the pid now names another
 * process (its start is not the owner's; for a lock of an earlier release, it started after the lock
 * was taken), the lock is dated in the future, or it is not one goalpost writes at all (nothing of
 * goalpost's will ever remove it). An empty lock is being written.
 */
function ownerIsDead(content: string): boolean {
  const token = TOKEN.exec(content);
  if (!token) return content !== "";
  const pid = Number(token[1]);
  const takenAt = Number(token[2]);
  if (takenAt > Date.now() + FUTURE_SLACK_MS) return true;
  if (!processRuns(pid, undefined)) return true;
  if (token[3] !== undefined) {
    const started = processStartTicks(pid);
    return started !== undefined && started !== token[3];
  }
  const started = processStart(pid);
  return started !== undefined && started > takenAt + 2_000;
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
  const token = newToken();
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
