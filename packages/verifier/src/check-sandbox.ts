// The walls a check runs inside. A check runs code the agent wrote, so verifying must never give that
// code more than the agent's own tools had: no network at all, writes only in the project (never its
// escape hatches) and a temporary folder of its own, none of the user's home but the toolchain, none of
// goalpost's state or the host's configuration. On Linux goalpost builds them with bubblewrap itself
// (bubblewrap-sandbox.ts); on macOS with Anthropic's sandbox runtime (`sandbox-exec`), loaded only there
// and only by the verifying process. Where no walls can be built, the caller is told why, and no check
// runs unless the user allowed that.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { CANARY_PATH, CANARY_SOURCE } from "./assert-canary.js";
import { bubblewrapArguments, findBubblewrap, unsandboxableProject } from "./bubblewrap-sandbox.js";
import { bytecodeFolders } from "./bytecode-folders.js";
import { buildsGo, goBuildCache } from "./go-build-cache.js";
import { type GuardedPaths, guardPaths } from "./guarded-paths.js";
import { homeFilesFor } from "./home-files.js";
import { fetchesPackages } from "./package-caches.js";

/** How one check's command runs inside the walls. */
export interface SandboxedCommand {
  readonly file: string;
  readonly args: readonly string[];
  /**
   * A file descriptor (4) on which the walls say "started" once they stand and the command is about to
   * run (closed before it runs): a run that ends without it never started, so what it printed is the
   * sandbox's refusal, not the check's.
   */
  readonly startFd: 4 | null;
}

export interface CheckSandbox {
  /** What contains the checks, for the verdict. */
  readonly name: string;
  /** Where the assert canary is inside the walls (assert-canary.ts), or null where the walls hold none. */
  readonly canary: string | null;
  /** How `command` (a shell command line) runs inside the walls, from the project folder. */
  command(command: string): Promise<SandboxedCommand>;
  /** After the checks: each escape hatch of the project a check made (removed again), relative to it. */
  madeByTheRun(): string[];
  dispose(): Promise<void>;
}

export interface SandboxWalls {
  /** The project: the only folder the checks may write (but for its escape hatches). */
  readonly project: string;
  /** Where in it the checks run; the project itself when left out. */
  readonly cwd?: string;
  /** The checks' commands: whether they fetch packages (npx) decides what of npm's cache they get. */
  readonly commands?: readonly string[];
  /**
   * The checks ask npm's cache for packages, whatever their commands look like: set for a second run after
   * npm said a package it needed was not in the cache it was given (run-checks.ts).
   */
  readonly fetches?: boolean;
  /** The run's own folder, removed after it: the checks' /tmp and the files made for their home. */
  readonly runDir: string;
  /** Folders of the user's home the checks may read (toolchains, package caches; sandbox-walls.ts). */
  readonly readable: readonly string[];
  /** What checks may not read wherever it is: goalpost's state roots, the host's configuration. */
  readonly unreadable: readonly string[];
  /** The user's environment (HOME, TMPDIR). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The PATH the checks run with (the goal's), when it is not the environment's: whose Node's settings they read. */
  readonly path?: string;
}

export type SandboxOutcome = { readonly sandbox: CheckSandbox } | { readonly unavailable: string };

export async function openCheckSandbox(walls: SandboxWalls): Promise<SandboxOutcome> {
  const env = walls.env ?? process.env;
  const home = env["HOME"] || homedir();
  const refused = unsandboxableProject(walls.project, home);
  if (refused) return { unavailable: refused };
  if (process.platform === "linux") return openBubblewrap(walls, home, env);
  if (process.platform === "darwin") return openSandboxRuntime(walls, home);
  return { unavailable: `no sandbox is supported on ${process.platform}` };
}

function openBubblewrap(walls: SandboxWalls, home: string, env: Readonly<Record<string, string | undefined>>): SandboxOutcome {
  const bubblewrap = findBubblewrap();
  if ("unavailable" in bubblewrap) return bubblewrap;
  const guarded = guardPaths(walls.project);
  // Where the checks run and the project's top: what their scripts and files say they need.
  const checkFolders = [walls.project, walls.cwd ?? walls.project];
  const prefix = bubblewrapArguments({
    project: walls.project,
    guarded,
    runDir: walls.runDir,
    home,
    readable: walls.readable,
    unreadable: walls.unreadable,
    homeFiles: homeFilesFor(walls.runDir, home, walls.path ?? env["PATH"] ?? ""),
    userTmpdir: env["TMPDIR"] || null,
    cwd: walls.cwd ?? walls.project,
    packageCache: walls.fetches || fetchesPackages(walls.commands ?? [], checkFolders),
    bytecode: bytecodeFolders(walls.project),
    goBuildCache: buildsGo(walls.commands ?? [], checkFolders) ? goBuildCache(home, env) : null,
  });
  const canary = canaryArguments(walls.runDir);
  prefix.push(...canary);
  return {
    sandbox: {
      name: "bubblewrap",
      canary: canary.length > 0 ? CANARY_PATH : null,
      command: async (command) => ({
        file: bubblewrap.path,
        // bubblewrap reports its child before it builds the mounts (which is where it is refused): the
        // command's own shell says it started, once every wall stands, and closes that descriptor.
        args: [...prefix, "--", "/bin/sh", "-c", 'printf started >&4; exec 4>&-; exec /bin/sh -c "$0"', command],
        startFd: 4,
      }),
      madeByTheRun: () => guarded.madeByTheRun(),
      dispose: async () => {},
    },
  };
}

/** The canary's file, read-only at CANARY_PATH in the walls' own /run; none where the system has no /run. */
function canaryArguments(runDir: string): string[] {
  if (!existsSync("/run")) return [];
  const file = join(runDir, "assert-canary.cjs");
  // Read-only once written: walls built again for the same run (run-checks.ts) use the file as it is.
  if (!existsSync(file)) writeFileSync(file, CANARY_SOURCE, { mode: 0o444 });
  return ["--ro-bind", file, CANARY_PATH];
}

/**
 * The sandbox runtime holds one configuration per process: runs in one process (a harness verifying
 * several sessions) take it in turn, each from open to dispose, rather than void each other.
 */
let runtimeFree: Promise<void> = Promise.resolve();
async function holdRuntime(): Promise<() => void> {
  const before = runtimeFree;
  let release!: () => void;
  runtimeFree = new Promise((resolve) => {
    release = resolve;
  });
  await before;
  return release;
}

/**
 * The sandbox runtime, an optional dependency: npm leaves it out on a Node.js older than it needs, so
 * neither the build nor the types may need it. Named by a variable, the import stays a run-time one;
 * its shape, as far as goalpost uses it (version 0.0.83):
 */
const SANDBOX_RUNTIME: string = "@anthropic-ai/sandbox-runtime";
interface SandboxRuntime {
  readonly SandboxManager: {
    initialize(config: {
      readonly network: { readonly allowedDomains: string[]; readonly deniedDomains: string[] };
      readonly filesystem: {
        readonly denyRead: string[];
        readonly allowRead: string[];
        readonly allowWrite: string[];
        readonly denyWrite: string[];
      };
    }): Promise<void>;
    wrapWithSandbox(command: string, shell?: string): Promise<string>;
    reset(): Promise<void>;
  };
}

/** macOS: the sandbox runtime's `sandbox-exec` profile, from the same walls. Not run on this project's CI. */
async function openSandboxRuntime(walls: SandboxWalls, home: string): Promise<SandboxOutcome> {
  let runtime: SandboxRuntime;
  try {
    runtime = (await import(SANDBOX_RUNTIME)) as SandboxRuntime;
  } catch (error) {
    return {
      // An optional dependency: npm skips it on a Node.js older than it needs (22.12).
      unavailable: `the sandbox runtime is not installed beside goalpost (it needs Node.js ≥ 22.12; ${(error as Error).message.split("\n")[0]})`,
    };
  }
  const { SandboxManager } = runtime;
  const release = await holdRuntime();
  const guarded: GuardedPaths = guardPaths(walls.project);
  const tmp = join(walls.runDir, "tmp");
  try {
    mkdirSync(tmp, { recursive: true, mode: 0o700 });
    await SandboxManager.initialize({
      network: { allowedDomains: [], deniedDomains: [] },
      filesystem: {
        denyRead: [home, ...walls.unreadable],
        allowRead: [...walls.readable, walls.project],
        allowWrite: [walls.project, tmp],
        denyWrite: [...guarded.existing, ...walls.unreadable],
      },
    });
  } catch (error) {
    release();
    return { unavailable: `the sandbox could not start (${(error as Error).message.split("\n")[0]})` };
  }
  return {
    sandbox: {
      name: "sandbox-exec (sandbox runtime)",
      canary: null,
      command: async (command) => ({
        file: "/bin/sh",
        args: ["-c", await SandboxManager.wrapWithSandbox(command, "/bin/sh")],
        startFd: null,
      }),
      madeByTheRun: () => guarded.madeByTheRun(),
      dispose: async () => {
        try {
          await SandboxManager.reset();
        } finally {
          release();
        }
      },
    },
  };
}

/** Runs checks as they are, for a user who allowed that where no sandbox can run. */
export function noSandbox(project: string): CheckSandbox {
  const guarded = guardPaths(project);
  return {
    name: "none (allowed by the user)",
    canary: null,
    command: async (command) => ({ file: "/bin/sh", args: ["-c", command], startFd: null }),
    madeByTheRun: () => guarded.madeByTheRun(),
    dispose: async () => {},
  };
}
