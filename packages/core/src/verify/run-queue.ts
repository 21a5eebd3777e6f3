// Runs of the checks wait their turn: one at a time in a project (two runs there would change each
// other's files and void each other), and a few at a time on the machine (a test suite takes the cores;
// eight sessions closing at once must not run eight suites side by side on a laptop). A turn is a file
// made exclusively, naming its process by pid and start time; one whose process has gone — killed,
// a zombie, its pid taken since — is taken over. Waiting is told to the caller, which records why.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { sha256 } from "../record/sha256.js";
import { processRuns, processStart } from "../store/process-identity.js";

/** Runs at once on this machine: half its cores, one at least, two at most. */
export const MACHINE_SLOTS = Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));

const uid = typeof process.getuid === "function" ? process.getuid() : "user";
/** Where the turns are kept: the user's own folder in the system's temporary folder. */
export function queueFolder(): string {
  const folder = join(tmpdir(), `goalpost-${uid}`, "turns");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

const me = () => `${process.pid} ${processStart(process.pid) ?? ""}`;

/** Takes the turn at `path` when it is free or its holder has gone; false when a live process holds it. */
function tryTake(path: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      try {
        writeSync(fd, me());
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = "";
    try {
      holder = readFileSync(path, "utf8");
    } catch {
      continue;
    }
    const [pid, started] = holder.split(" ");
    if (!pid) {
      // Being written this very moment — or left empty by a holder killed in between.
      if (Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 2000) return false;
    } else if (processRuns(Number(pid), started ? Number(started) : null)) return false;
    rmSync(path, { force: true });
  }
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Turn {
  /** Gives the turn back. */
  release(): void;
}

/**
 * Waits for this project's turn, then for one of the machine's; `waiting` hears why, once per reason,
 * so the run's record can say it. `gaveUp` ends the wait (a superseded run) with null.
 */
export async function takeTurn(
  project: string,
  options: { readonly waiting?: (why: string) => void; readonly gaveUp?: () => boolean; readonly slots?: number } = {},
): Promise<Turn | null> {
  const folder = queueFolder();
  const projectTurn = join(folder, `project-${sha256(project).slice(0, 16)}`);
  const slots = options.slots ?? MACHINE_SLOTS;
  let told = "";
  const tell = (why: string) => {
    if (why !== told) options.waiting?.(why);
    told = why;
  };
  let delay = 100;
  while (!tryTake(projectTurn)) {
    if (options.gaveUp?.()) return null;
    tell("another run of goalpost's is checking this project; this one waits for it");
    await sleep(delay);
    delay = Math.min(1000, delay * 2);
  }
  delay = 100;
  for (;;) {
    for (let slot = 0; slot < slots; slot++) {
      const path = join(folder, `machine-${slot}`);
      if (tryTake(path))
        return {
          release() {
            rmSync(path, { force: true });
            rmSync(projectTurn, { force: true });
          },
        };
    }
    if (options.gaveUp?.()) {
      rmSync(projectTurn, { force: true });
      return null;
    }
    tell(
      `${slots === 1 ? "another run" : `${slots} other runs`} of goalpost's ${slots === 1 ? "is" : "are"} under way on this machine; this one waits for ${slots === 1 ? "it" : "one of them"}`,
    );
    await sleep(delay);
    delay = Math.min(1000, delay * 2);
  }
}
