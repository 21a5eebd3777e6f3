// Which process a pid names, judged the way a pid cannot be trusted alone: a pid is reused, and a killed
// process that nothing reaped (in a container whose first process reaps no orphans) still answers
// kill(pid, 0) as a zombie. Linux says in /proc when a process started and whether it is a zombie;
// elsewhere a process that answers kill(pid, 0) is taken as the one recorded.
import { readFileSync } from "node:fs";

let bootTime: number | undefined;

/** The fields of `/proc/<pid>/stat` after the command's name (which may hold spaces): state first. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** When `pid` started (ms since the epoch), where /proc tells; undefined elsewhere. Clock ticks taken as 100 a second (Linux's USER_HZ). */
export function processStart(pid: number): number | undefined {
  try {
    if (bootTime === undefined) {
      const btime = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "latin1"));
      if (!btime) return undefined;
      bootTime = Number(btime[1]) * 1000;
    }
  } catch {
    return undefined;
  }
  const ticks = Number(processStartTicks(pid));
  return Number.isFinite(ticks) ? bootTime + ticks * 10 : undefined;
}

/**
 * When `pid` started, in the clock ticks since boot Linux keeps for it (undefined elsewhere): exact and
 * fixed for the process's life, where a time in ms made from it moves with the boot time Linux reports
 * (which drifts by a second as the clock is adjusted). Two processes started in the same tick are rare
 * enough for a lock's owner to be told apart from a stranger that took its pid.
 */
export function processStartTicks(pid: number): string | undefined {
  const ticks = statFields(pid)?.[19]; // field 22 of stat, counted after the command's name
  return ticks && /^\d+$/.test(ticks) ? ticks : undefined;
}

/** A process that has ended but was not reaped: Linux's state "Z". */
function isZombie(pid: number): boolean {
  return statFields(pid)?.[0] === "Z";
}

/**
 * Whether the process recorded as `pid`, started at `startedAt` (ms since the epoch, as processStart
 * said then), still runs: it answers, is no zombie, and is not a later process that took its pid.
 */
export function processRuns(pid: number, startedAt: number | null | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (isZombie(pid)) return false;
  if (startedAt === null || startedAt === undefined) return true;
  const now = processStart(pid);
  return now === undefined || Math.abs(now - startedAt) <= 2_000;
}

/**
 * Whether the process a record names still holds what it recorded: `startedAt` its start as recorded
 * (processRuns), or where the record carries none (a record of an earlier release), judged by when the
 * record was written (`writtenAt`, ms since the epoch): a process that started after it cannot have
 * written it — its pid was taken since.
 */
export function holderRuns(pid: number, startedAt: number | null | undefined, writtenAt: number): boolean {
  if (startedAt !== null && startedAt !== undefined) return processRuns(pid, startedAt);
  if (!processRuns(pid, null)) return false;
  const started = processStart(pid);
  return started === undefined || started <= writtenAt + 2_000;
}
