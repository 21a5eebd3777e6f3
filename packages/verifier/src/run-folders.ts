// Each run's own folder — the checks' /tmp and the files made for their home — in the user's folder of
// the system's temporary folder, named by the process that owns it. Removed when the run ends, on every
// path; one left by a process that was killed is removed by the next run that starts.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { holderRuns, processStart } from "@goalpost/core/internal";
import { queueFolder } from "./run-queue.js";

const runsFolder = () => join(dirname(queueFolder()), "runs");

/** Removes every run folder whose owner has gone. */
export function sweepRunFolders(): number {
  const folder = runsFolder();
  let removed = 0;
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  for (const name of names) {
    let owner = "";
    let writtenAt = 0;
    try {
      owner = readFileSync(join(folder, name, "owner"), "utf8");
      writtenAt = statSync(join(folder, name, "owner")).mtimeMs;
    } catch {}
    const [pid, started] = owner.split(" ");
    if (pid && holderRuns(Number(pid), started ? Number(started) : null, writtenAt)) continue;
    // No owner written yet: a folder being made this moment is young; an old one was left half made.
    if (!pid && !(Date.now() - Number(name.split("-")[1]) > 60_000)) continue;
    rmSync(join(folder, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** A new run folder owned by this process. */
export function makeRunFolder(): string {
  const folder = runsFolder();
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const dir = mkdtempSync(join(folder, `run-${Date.now()}-`));
  writeFileSync(join(dir, "owner"), `${process.pid} ${processStart(process.pid) ?? ""}`, { mode: 0o600 });
  return dir;
}
