// The walls on Linux, built with bubblewrap directly: every namespace unshared (no network at all — not
// even a proxy —, its own process tree, which ends as a whole when the run or goalpost's process ends),
// the system's folders read-only, the project writable but for its escape hatches, a /tmp of the run's
// own, and a home folder that is empty and thrown away but for the toolchain folders the user's checks
// were given, read-only. The bubblewrap binary comes from a root-owned system folder only.
//
// Why not the sandbox runtime Claude Code uses (kept for macOS, check-sandbox.ts): it is built for an
// agent's commands — a network proxy, a TMPDIR of its own that points where nothing exists, its own
// variables in the environment, paths it guards derived from the process's working folder, its tools
// from the PATH — and is one configuration per process. A check needs none of that and must look like the
// user's own run, so on Linux goalpost composes bubblewrap's arguments itself.
import { existsSync, lstatSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CREDENTIALS_IN_TOOLCHAINS, isInside, trustedProgram } from "@goalpost/core/internal";
import { goBuildCacheArguments } from "./go-build-cache.js";
import type { GuardedPaths } from "./guarded-paths.js";
import { npmCacheArguments } from "./package-caches.js";

interface BubblewrapWalls {
  /** The check's folder: writable, but for its existing escape hatches. */
  readonly project: string;
  readonly guarded: GuardedPaths;
  /** The run's own folder on the host: holds the check's /tmp and the home files it is given. */
  readonly runDir: string;
  readonly home: string;
  /** Folders under home the check may read (toolchains, package caches). */
  readonly readable: readonly string[];
  /** Paths no check may read wherever they are: goalpost's state, the host's configuration. */
  readonly unreadable: readonly string[];
  /** Files made for the check's home (a `.npmrc` without secrets), by name, on the host. */
  readonly homeFiles: Readonly<Record<string, string>>;
  /** The user's TMPDIR, when they have one other than /tmp: the run's /tmp is there too. */
  readonly userTmpdir: string | null;
  /** Where in the project the check runs. */
  readonly cwd: string;
  /** A check will fetch packages from npm's cache (npx): its index is copied for the run. */
  readonly packageCache: boolean;
  /** The user's Go build cache, when the checks build Go: linked into a cache of the run's own (go-build-cache.ts). */
  readonly goBuildCache: string | null;
  /** The project's Python bytecode folders: each an empty one of the run's own (bytecode-folders.ts). */
  readonly bytecode: readonly string[];
}

/** Top folders whose contents a check never sees: replaced by empty ones (sockets of other programs live here). */
const HIDDEN_ROOTS = ["/tmp", "/var", "/run", "/mnt", "/media", "/srv", "/home"];

/** bubblewrap from a system folder, or why not. */
export function findBubblewrap(): { path: string } | { unavailable: string } {
  const found = trustedProgram("bwrap");
  return "path" in found ? found : { unavailable: `${found.untrusted} (install bubblewrap with your package manager)` };
}

function kindOf(path: string): "dir" | "file" | null {
  try {
    return lstatSync(path).isDirectory() ? "dir" : "file";
  } catch {
    return null;
  }
}

/**
 * A /proc of the check's own process tree — unless this process's /proc has mounts over parts of it (it
 * runs in a container, or in another sandbox: goalpost's own tests verifying under goalpost), where the
 * kernel refuses a new one: then the /proc already in place, read-only, which shows no more than this
 * process sees.
 */
function procArguments(): string[] {
  try {
    const covered = readFileSync("/proc/self/mountinfo", "utf8")
      .split("\n")
      .some((line) => line.split(" ")[4]?.startsWith("/proc/"));
    return covered ? ["--ro-bind", "/proc", "/proc"] : ["--proc", "/proc"];
  } catch {
    return ["--proc", "/proc"];
  }
}

/** bubblewrap's arguments for the walls, before the command. */
export function bubblewrapArguments(walls: BubblewrapWalls): string[] {
  const { home, project } = walls;
  const args = [
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    ...procArguments(),
  ];
  const hidden = [
    ...HIDDEN_ROOTS.filter((root) => existsSync(root)),
    ...(HIDDEN_ROOTS.some((root) => isInside(root, home)) ? [] : [home]),
  ];
  for (const root of hidden) args.push("--tmpfs", root);
  if (existsSync("/var"))
    args.push("--dir", "/var/tmp", "--symlink", "../run", "/var/run", "--symlink", "../run/lock", "/var/lock");
  // The run's own /tmp (and the user's TMPDIR, when they have another), before anything under it is placed.
  const tmp = join(walls.runDir, "tmp");
  mkdirSync(tmp, { recursive: true, mode: 0o700 });
  args.push("--bind", tmp, "/tmp");
  if (walls.userTmpdir && walls.userTmpdir !== "/tmp" && !isInside(project, walls.userTmpdir))
    args.push("--bind", tmp, walls.userTmpdir);
  args.push("--dir", home);
  for (const folder of walls.readable) args.push("--ro-bind", folder, folder);
  // npm's cache: a folder of the run's own over the user's content, with a copy of the index when a check
  // fetches (package-caches.ts says why).
  if (walls.readable.includes(join(home, ".npm"))) args.push(...npmCacheArguments(walls.runDir, home, walls.packageCache));
  // Go's build cache: a cache of the run's own, its entries links to the user's, read-only (go-build-cache.ts).
  if (walls.goBuildCache) args.push(...goBuildCacheArguments(walls.runDir, walls.goBuildCache));
  // A credential inside a readable toolchain folder (cargo's registry token) stays unreadable.
  for (const credential of CREDENTIALS_IN_TOOLCHAINS) {
    const path = join(home, credential);
    if (!walls.readable.some((folder) => isInside(folder, path))) continue;
    const kind = kindOf(path);
    if (kind === "dir") args.push("--tmpfs", path, "--remount-ro", path);
    else if (kind === "file") args.push("--ro-bind", "/dev/null", path);
  }
  // Each settings copy goes over the user's file, inside a folder the check reads too (cargo's config.toml
  // in ~/.cargo, nvm's etc/npmrc): the original holds the secrets the copy left out.
  for (const [name, hostPath] of Object.entries(walls.homeFiles)) args.push("--ro-bind", hostPath, join(home, name));
  args.push("--bind", project, project);
  for (const path of walls.bytecode) args.push("--tmpfs", path);
  for (const path of walls.guarded.existing) args.push("--ro-bind", path, path);
  // goalpost's state and the host's configuration, wherever they are still in sight.
  const visible = (path: string) =>
    isInside(project, path) ||
    walls.readable.some((folder) => isInside(folder, path)) ||
    !hidden.some((root) => isInside(root, path));
  for (const path of walls.unreadable) {
    if (!visible(path)) continue;
    const kind = kindOf(path);
    if (kind === "dir") args.push("--tmpfs", path, "--remount-ro", path);
    else if (kind === "file") args.push("--ro-bind", "/dev/null", path);
  }
  args.push("--chdir", walls.cwd);
  return args;
}

/** Why the walls cannot be built for this project: a project that is the home folder, or holds it. */
export function unsandboxableProject(project: string, home: string): string | null {
  if (project === "/" || isInside(project, home))
    return `the project folder (${project}) holds your home folder, which a check must not write`;
  if (dirname(project) === project) return `the project folder is the file system's root`;
  return null;
}
