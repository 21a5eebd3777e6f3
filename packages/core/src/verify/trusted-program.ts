// The programs goalpost itself runs around a check — the sandbox (bubblewrap) and git — come only from
// system folders that nobody but root can write: never from the PATH the agent's shell had, where a
// folder the user writes (`~/.local/bin` is first on Debian's default PATH) could hold a program of the
// agent's named `bwrap` or `git` that would then *be* the sandbox. A program found elsewhere is named in
// the reason, so doctor can say why the sandbox does not run.
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { dirname } from "node:path";

/** Where a trusted program may live: folders a package manager writes as root. */
const SYSTEM_FOLDERS = ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"] as const;

type TrustedProgram = { readonly path: string } | { readonly untrusted: string };

/** Why `path` (a real path) could be changed by someone other than root, or null when it cannot. */
function writableByOthers(path: string): string | null {
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  for (let current = path; ; current = dirname(current)) {
    let stat: import("node:fs").Stats;
    try {
      stat = statSync(current);
    } catch {
      return `${current} cannot be read`;
    }
    // Root's, and writable by no group or other (a sticky folder like /tmp still lets anyone add a file).
    if (stat.uid !== 0) return `${current} belongs to uid ${stat.uid}${stat.uid === uid ? " (you)" : ""}, not root`;
    if ((stat.mode & 0o022) !== 0) return `${current} is writable by its group or by everyone`;
    if (current === dirname(current)) return null;
  }
}

/**
 * The real path of `name` in a system folder, when it and every folder above it belong to root and no
 * one else may write them. On a machine where the user is root (a container), root's folders are the
 * user's own — and still not the agent's to choose from a PATH.
 */
export function trustedProgram(name: string, folders: readonly string[] = SYSTEM_FOLDERS): TrustedProgram {
  const seen: string[] = [];
  for (const folder of folders) {
    const candidate = `${folder}/${name}`;
    let real: string;
    try {
      real = realpathSync(candidate);
      accessSync(real, constants.X_OK);
    } catch {
      continue;
    }
    const why = writableByOthers(real);
    if (why === null) return { path: real };
    seen.push(`${candidate}: ${why}`);
  }
  return {
    untrusted:
      seen.length > 0
        ? `${name} is installed only where others than root can change it (${seen.join("; ")})`
        : `${name} is not installed in ${folders.join(", ")}`,
  };
}
