// What `goalpost status` can say of hooks that no longer run, without loading any adapter's hook code:
// goalpost's turn watch marked each host configuration file that held its hooks at the user's last
// prompt (core's integrity.json), with goalpost's pieces in it then (each hook, the status line: each
// names the adapter's command once); one that changed since and names the command fewer times than it
// had pieces had goalpost taken out of it — by the user, or by something the agent ran — and while a
// goal is open, nothing holds the agent to it. A switch written into such a file switches the hooks off
// while leaving the commands in it: Claude Code's `disableAllHooks: true`, or one of goalpost's own
// variables in a settings file's `env` (GOALPOST_HOME there sends every hook to another state root, where
// no goal is open); those are named too.
import { readFileSync, statSync } from "node:fs";
import type { AdapterDescriptor } from "@goalpost/adapter-kit";
import { GOALPOST_SWITCH_VARIABLES, readTurnMarks } from "@goalpost/core/internal";

interface HooksGone {
  readonly file: string;
  /** When the file changed (its mtime), ISO. */
  readonly since: string;
  /** What in the file switched the hooks off while they are still in it, or absent where they are gone. */
  readonly switchedOff?: string;
}

/** The switch a file holds as a key (JSON or TOML), in the file's words, or null. */
function switchIn(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return null;
  }
  if (/"disableAllHooks"\s*:\s*true/.test(text)) return "disableAllHooks is true";
  const name = GOALPOST_SWITCH_VARIABLES.find((variable) => new RegExp(`["']?\\b${variable}\\b["']?\\s*[:=]`).test(text));
  return name ? `it sets ${name}` : null;
}

const mark = (path: string) => {
  try {
    const { size, mtimeMs } = statSync(path);
    return { mark: `${size}:${Math.round(mtimeMs)}`, mtimeMs };
  } catch {
    return { mark: "missing", mtimeMs: Date.now() };
  }
};

/** How many times the file names one of goalpost's commands. */
const mentions = (path: string, bins: readonly string[]) => {
  try {
    const text = readFileSync(path, "utf8");
    return Math.max(0, ...bins.map((bin) => text.split(bin).length - 1));
  } catch {
    return 0;
  }
};

/** The configuration files, under `root`'s marks, that held goalpost's hooks at the last prompt and name no adapter of it now. */
export function hooksGone(root: string, hosts: readonly AdapterDescriptor[]): HooksGone[] {
  const marks = readTurnMarks(root);
  if (!marks) return [];
  return Object.entries(marks.states).flatMap(([file, state]) => {
    const now = mark(file);
    // (An installed whole file's mark carries its digest after a `#`.)
    if (state !== "wired" || now.mark === marks.marks[file]?.split("#")[0]) return [];
    const pieces = marks.parts[file]?.length ?? 1;
    const since = new Date(now.mtimeMs).toISOString();
    if (
      mentions(
        file,
        hosts.map((host) => host.bin),
      ) >= pieces
    ) {
      const switchedOff = switchIn(file);
      return switchedOff ? [{ file, since, switchedOff }] : [];
    }
    return [{ file, since }];
  });
}
