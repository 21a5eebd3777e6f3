// Runs of the checks wait their turn: one at a time in a project (two runs there would change each
// other's files and void each other), and a few at a time on the machine (a test suite takes the cores;
// eight sessions closing at once must not run eight suites side by side on a laptop). A turn is a file
// made exclusively, naming its process by pid and start time, when it was taken and for which project;
// one whose process has gone — killed, a zombie, its pid taken since — is taken over. Fair across
// projects: a run that has held a machine's turn for FAIR_SHARE_MS (a slow suite, or a hung one running
// to its time limit) no longer counts against the machine's runs, so another project's run starts beside
// it rather than waiting out its limit (up to one run per core, and only with memory to spare). Waiting
// is told to the caller, which records why: for which project's run, and by when at the latest.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { availableParallelism, freemem, tmpdir } from "node:os";
import { join } from "node:path";
import { holderRuns, processStart, sha256 } from "@goalpost/core/internal";

/** Runs at once on this machine: half its cores, one at least, two at most. */
export const MACHINE_SLOTS = Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));
/** How long a run holds a machine's turn before another project's run may start beside it. */
const FAIR_SHARE_MS = 2 * 60_000;
/** Runs at once however long some take: one per core. */
const MOST_SLOTS = Math.max(2, availableParallelism());
/** Memory a run beside a long one needs free. */
const SPARE_MEMORY = 1024 ** 3;

const uid = typeof process.getuid === "function" ? process.getuid() : "user";
/** Where the turns are kept: the user's own folder in the system's temporary folder. */
export function queueFolder(): string {
  const folder = join(tmpdir(), `goalpost-${uid}`, "turns");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/** Who holds a turn: since when (ms since the epoch), for which project ("" in a turn of an earlier release). */
interface Holder {
  readonly since: number;
  readonly project: string;
  /** Which run holds the turn, in words ("goal goal_x's first run (its starting point)"), where it said. */
  readonly run: string;
}

const me = (project: string, run: string) =>
  `${process.pid} ${processStart(process.pid) ?? ""} ${Date.now()} ${encodeURIComponent(project)} ${encodeURIComponent(run)}`;

/** Takes the turn at `path` when it is free or its holder has gone (null); else who holds it. */
function tryTake(path: string, project: string, run: string): Holder | null {
  let holder: Holder = { since: Date.now(), project: "", run: "" };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      try {
        writeSync(fd, me(project, run));
      } finally {
        closeSync(fd);
      }
      return null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let text = "";
    let writtenAt = 0;
    try {
      text = readFileSync(path, "utf8");
      writtenAt = statSync(path).mtimeMs;
    } catch {
      continue;
    }
    const [pid, started, since, held, which] = text.split(" ");
    holder = {
      since: Number(since) || writtenAt,
      project: held ? decodeURIComponent(held) : "",
      run: which ? decodeURIComponent(which) : "",
    };
    if (!pid) {
      // Being written this very moment — or left empty by a holder killed in between.
      if (Date.now() - writtenAt < 2000) return holder;
    } else if (holderRuns(Number(pid), started ? Number(started) : null, writtenAt)) return holder;
    rmSync(path, { force: true });
  }
  return holder;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Turn {
  /** Gives the turn back. */
  release(): void;
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** The wait for a machine's turn in words: whose runs, and by when this one starts at the latest. */
function machineWait(held: readonly Holder[], slots: number, fairShare: number): string {
  const runs = held.length === 1 ? "another run" : `${held.length} other runs`;
  const named = held.map((holder) => (holder.project ? `checking ${holder.project}` : "")).filter(Boolean);
  const latest = Math.min(...held.map((holder) => holder.since + fairShare));
  const by = Number.isFinite(latest) && latest > Date.now() ? `; this one starts by ${clock(latest)} UTC at the latest` : "";
  return `${runs} of goalpost's ${held.length === 1 ? "is" : "are"} under way on this machine${named.length > 0 ? ` (${named.join(", ")})` : ""}${slots === 1 && held.length === 1 ? ", and this one waits for it" : ""}${by}`;
}

/**
 * Waits for this project's turn, then for one of the machine's; `waiting` hears why, once per reason,
 * so the run's record can say it. `gaveUp` ends the wait (a superseded run) with null.
 */
export async function takeTurn(
  project: string,
  options: {
    readonly waiting?: (why: string) => void;
    readonly gaveUp?: () => boolean;
    readonly slots?: number;
    /** How long a run holds a machine's turn before another project's may start beside it (tests). */
    readonly fairShareMs?: number;
    /** This run, in words, for a run that waits for it ("goal goal_x's first run (its starting point)"). */
    readonly run?: string;
  } = {},
): Promise<Turn | null> {
  const folder = queueFolder();
  const projectTurn = join(folder, `project-${sha256(project).slice(0, 16)}`);
  const slots = options.slots ?? MACHINE_SLOTS;
  const fairShare = options.fairShareMs ?? FAIR_SHARE_MS;
  let told = "";
  const tell = (why: string) => {
    if (why !== told) options.waiting?.(why);
    told = why;
  };
  const run = options.run ?? "";
  let delay = 100;
  for (let holder = tryTake(projectTurn, project, run); holder !== null; holder = tryTake(projectTurn, project, run)) {
    if (options.gaveUp?.()) return null;
    tell(`${holder.run || "another run of goalpost's"} is checking this project; this one waits for it`);
    await sleep(delay);
    delay = Math.min(1000, delay * 2);
  }
  delay = 100;
  for (;;) {
    const held: Holder[] = [];
    for (let slot = 0; slot < Math.max(slots, MOST_SLOTS); slot++) {
      // Past the machine's runs only beside runs that have had their share, and with memory to spare.
      const running = held.filter((holder) => Date.now() - holder.since < fairShare).length;
      if (slot >= slots && (running >= slots || freemem() < SPARE_MEMORY)) break;
      const path = join(folder, `machine-${slot}`);
      const holder = tryTake(path, project, run);
      if (holder === null)
        return {
          release() {
            rmSync(path, { force: true });
            rmSync(projectTurn, { force: true });
          },
        };
      held.push(holder);
    }
    if (options.gaveUp?.()) {
      rmSync(projectTurn, { force: true });
      return null;
    }
    tell(machineWait(held, slots, fairShare));
    await sleep(delay);
    delay = Math.min(1000, delay * 2);
  }
}
