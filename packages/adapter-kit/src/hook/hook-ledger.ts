// Each hook runs once. A hook can reach goalpost twice: through a fallback (a server that took it and
// died, or answered after its client's deadline, and the client's own run after it — both carry the
// hook's one request id, see fast-path/hook-request.ts), or as the same host event answered by two
// copies of goalpost sharing a state root (Claude Code's plugin beside an installed copy: the host runs
// both commands, with the same payload). Counting either twice would deny drift early and stall stops
// early.
//
// So the first run of a hook claims it — a file named for the event and its payload, created with
// O_EXCL under the session's folder in <root>/hooks/ — and settles it with its answer. A second run of
// the same request, or another copy's run of the same event within the moment the host runs both
// copies' commands (TWINS_MS), finds the claim and answers what the first answered (waiting a moment
// for a first run still at work). Any other run is a hook of its own and is decided afresh: one from
// the same copy with another request id is the host's own repeat of an identical event (the same stop
// twice), and another copy's claim older than that moment (an upgrade to a new folder, a second
// checkout, a stop whose last words repeat minutes later) is never replayed — its answer was for then.
// Claims are a few hundred bytes, pruned after ten minutes (every session's, now and then, and by
// `goalpost prune`), removed with their session when it ends; none is written where the root cannot be.
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { processRuns, recordNotice, safeFileName } from "@goalpost/core/internal";
import { CLAIMS_FOLDER as FOLDER, pruneHookClaims } from "./hook-claims.js";
import type { HookResult } from "./hook-io.js";

/** How long a run waits for another's answer to the same event before it runs itself. */
const WAIT_MS = 2_000;
/**
 * How close together two copies' runs of one host event start: the host runs their commands side by
 * side, each starting within a loaded machine's process start-up. A claim of another copy's made
 * earlier than this is another event.
 */
const TWINS_MS = 5_000;

interface Claim {
  readonly request: string;
  readonly copy: string;
  readonly pid: number;
  /** When the claim was made (ms since the epoch); absent in claims of older releases. */
  readonly at?: number;
  readonly answer?: HookResult;
}

/** A payload up to this long is keyed whole (every stop, every prompt); a longer one (a 500 KB tool result) by a sample. */
const WHOLE = 256 * 1024;
/** Of a longer payload: its head and tail, and every STRIDE-th character between. */
const SAMPLED = 8 * 1024;
const STRIDE = 61;

/**
 * 64 bits of FNV-1a (two lanes) over the event, the payload's length and the payload: names a host event,
 * not a secret. Whole up to WHOLE, so two different stops of one length never share a key; a longer
 * payload by its head, tail and a stride through its middle, so that it costs a hook little more than a
 * small one.
 */
export function eventKey(event: string, payload: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  let body = payload;
  if (payload.length > WHOLE) {
    let middle = "";
    for (let index = SAMPLED; index < payload.length - SAMPLED; index += STRIDE) middle += payload[index];
    body = `${payload.slice(0, SAMPLED)}${middle}${payload.slice(-SAMPLED)}`;
  }
  const text = `${event}\0${payload.length}\0${body}`;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000197);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

function readClaim(path: string): Claim | undefined {
  try {
    const claim = JSON.parse(readFileSync(path, "utf8")) as Claim;
    return typeof claim.request === "string" && typeof claim.copy === "string" ? claim : undefined;
  } catch {
    return undefined; // being written, or damaged: as good as no answer
  }
}

/** Thrown by a quick run (the hook server) where it would wait: its client runs the hook instead. */
export class WouldWait extends Error {}

/** Whether the run that claimed a hook is still at work: this process's own earlier run did not settle, it failed. */
const alive = (pid: number) => pid !== process.pid && processRuns(pid, null);

export interface HookLedgerEntry {
  /** The answer a first run gave, when this run is a repeat of it; undefined: this run is the first. */
  readonly repeat: HookResult | undefined;
  /** Records this run's answer for any repeat. */
  settle(answer: HookResult): void;
  /** Gives the claim up unanswered (a quick run that found it must wait): the next run of the hook is the first. */
  release(): void;
}

interface HookRun {
  readonly root: string;
  readonly sessionId: string;
  readonly event: string;
  readonly payload: string;
  readonly request: string;
  /** Which copy of goalpost runs it (its hook bundle's path). */
  readonly copy: string;
  /** Never wait for another run's answer (the hook server): WouldWait is thrown instead. */
  readonly quick?: boolean;
}

const NOTHING: HookLedgerEntry = { repeat: undefined, settle: () => {}, release: () => {} };

/** Claims the hook for this run, or finds the run that claimed it first. Never throws. */
export function claimHook(run: HookRun, warn: (message: string) => void): HookLedgerEntry {
  const folder = join(run.root, FOLDER, safeFileName(run.sessionId));
  const path = join(folder, eventKey(run.event, run.payload));
  const mine: Claim = { request: run.request, copy: run.copy, pid: process.pid, at: Date.now() };
  // The claim's file stays open until the answer is written into it, in place: one file made per hook
  // and no rename (a reader that meets it half-written sees no answer yet, and looks again).
  let descriptor: number | undefined;
  const write = (claim: Claim) => {
    descriptor ??= openSync(path, "w", 0o600);
    ftruncateSync(descriptor, 0);
    writeSync(descriptor, JSON.stringify(claim), 0);
  };
  const close = () => {
    if (descriptor === undefined) return;
    try {
      closeSync(descriptor);
    } catch {}
    descriptor = undefined;
  };
  const settle = (answer: HookResult) => {
    try {
      write({ ...mine, answer });
    } catch {}
    close();
  };
  const release = () => {
    close();
    try {
      const claim = readClaim(path);
      if (claim?.request === mine.request && claim.pid === mine.pid && !claim.answer) rmSync(path, { force: true });
    } catch {}
  };
  const first: HookLedgerEntry = { repeat: undefined, settle, release };
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        descriptor = openSync(path, "wx", 0o600);
        writeSync(descriptor, JSON.stringify(mine));
        if (Math.random() < 1 / 64) pruneHookClaims(run.root);
        return first;
      } catch (error) {
        close();
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" && attempt === 0) {
          mkdirSync(folder, { recursive: true, mode: 0o700 });
          continue;
        }
        if (code !== "EEXIST") return NOTHING;
      }
      break;
    }
    let claim = readClaim(path);
    const sameHook = (found: Claim | undefined) =>
      found !== undefined &&
      (found.request === run.request ||
        (found.copy !== run.copy && typeof found.at === "number" && Math.abs(mine.at! - found.at) < TWINS_MS));
    if (!sameHook(claim)) {
      // The host's own repeat of an identical event (or an old claim): a new hook, and this run claims it.
      write(mine);
      return first;
    }
    if (claim?.copy !== run.copy) noteTwoCopies(run.root, claim?.copy ?? "", run.copy, warn);
    const until = Date.now() + WAIT_MS;
    while (claim && !claim.answer && alive(claim.pid) && Date.now() < until) {
      if (run.quick) throw new WouldWait("another run of this hook is at work");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      claim = readClaim(path);
    }
    if (claim?.answer && sameHook(claim)) return { ...NOTHING, repeat: claim.answer };
    write(mine); // the first run died, or is stuck: this one runs it
    return first;
  } catch (error) {
    close();
    if (error instanceof WouldWait) throw error;
    return NOTHING;
  }
}

/** Two copies answered the same event: recorded once an hour for doctor (core's notice log), and said on stderr then. */
function noteTwoCopies(root: string, first: string, second: string, warn: (message: string) => void): void {
  const message = `goalpost: two copies of goalpost answer this host's hooks into one state root (${first} and ${second}); each event is counted once, but remove one: run \`goalpost doctor\`.`;
  if (recordNotice(root, { kind: "two-copies", copies: [first, second], message })) warn(message);
}
