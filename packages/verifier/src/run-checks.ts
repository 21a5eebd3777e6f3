// Every check of a goal, once, as goalpost runs them for a starting point or a close: the tree and what
// defines the checks fingerprinted before, the walls opened for the project, each check run inside them,
// what a check made of the project's escape hatches taken back, and the tree fingerprinted again after.
// The run's own folder is removed on every path.
import { rmSync } from "node:fs";
import {
  type CheckBaseline,
  checkDefinition,
  checkToolchain,
  type Env,
  type GoalRecord,
  projectRoot,
  type TreeState,
  treeState,
} from "@goalpost/core/internal";
import { type CheckSandbox, noSandbox, openCheckSandbox } from "./check-sandbox.js";
import { missedPackageCache } from "./package-caches.js";
import { type CheckRun, runCheck } from "./run-check.js";
import { makeRunFolder, sweepRunFolders } from "./run-folders.js";

interface ChecksRunOptions {
  /** The user's environment (HOME, locale, TMPDIR) and the PATH when the goal recorded none. */
  readonly env: Env;
  /** Paths no check may read: goalpost's state root, the host's configuration. */
  readonly unreadable: readonly string[];
  /** Run without walls where none can be built (the user allowed it). */
  readonly allowUnsandboxed: boolean;
  readonly timeoutMs: number;
  /** Told when each check starts. */
  readonly onCheck?: (command: string) => void;
}

export interface ChecksRun {
  readonly runs: readonly CheckRun[];
  /** What contained them. */
  readonly sandbox: string;
  /** Why nothing could run in walls — they could not be built, or the sandbox refused a command — or null. */
  readonly unsandboxed: string | null;
  /** Escape hatches a check made in the project (removed again). */
  readonly madeByTheRun: readonly string[];
  readonly before: TreeState;
  readonly after: TreeState;
  /** What defined the checks as they ran. */
  readonly definition: CheckBaseline;
}

export async function runChecks(goal: GoalRecord, options: ChecksRunOptions): Promise<ChecksRun> {
  sweepRunFolders();
  const runDir = makeRunFolder();
  const setup = {
    commands: goal.checks.map((check) => check.command),
    searchPath: goal.checkPath ?? options.env["PATH"] ?? null,
  };
  let sandbox: CheckSandbox | null = null;
  try {
    const before = treeState(goal.cwd);
    const definition = checkDefinition(goal.cwd, new Date(), setup);
    const readable = goal.checkBaseline?.home.length ? goal.checkBaseline.home : checkToolchain(goal.cwd, setup).home;
    const walls = {
      project: projectRoot(goal.cwd, options.env["HOME"] || undefined),
      cwd: goal.cwd,
      commands: setup.commands,
      runDir,
      readable,
      unreadable: options.unreadable,
      env: options.env,
      ...(setup.searchPath ? { path: setup.searchPath } : {}),
    };
    const opened = await openCheckSandbox(walls);
    let unsandboxed: string | null = null;
    if ("sandbox" in opened) sandbox = opened.sandbox;
    else if (options.allowUnsandboxed) sandbox = noSandbox(walls.project);
    else unsandboxed = opened.unavailable;
    let fetches = false;
    const madeEarlier: string[] = [];
    const runs: CheckRun[] = [];
    if (sandbox)
      for (const check of goal.checks) {
        options.onCheck?.(check.command);
        const runOnce = (inside: CheckSandbox) =>
          runCheck(check, {
            cwd: goal.cwd,
            sandbox: inside,
            path: setup.searchPath ?? "/usr/local/bin:/usr/bin:/bin",
            timeoutMs: options.timeoutMs,
            env: options.env,
            extraEnv: goal.checkEnv,
          });
        let run = await runOnce(sandbox);
        // npm found no package in the cache the walls gave it: something the scripts did not show fetches
        // (a pretest that installs the packed tarball). Once, the walls are built again with the user's
        // cache, as `npx` in a script gets it, and the check runs again.
        if (!fetches && "sandbox" in opened && missedPackageCache(run.result.couldNotRun)) {
          fetches = true;
          const again = await openCheckSandbox({ ...walls, fetches });
          if ("sandbox" in again) {
            madeEarlier.push(...sandbox.madeByTheRun());
            await sandbox.dispose().catch(() => {});
            sandbox = again.sandbox;
            run = await runOnce(sandbox);
          }
        }
        runs.push(run);
        if (run.sandboxRefused) {
          unsandboxed = `the sandbox refused to start a check: ${run.sandboxRefused}`;
          break;
        }
      }
    const madeByTheRun = [...new Set([...madeEarlier, ...(sandbox?.madeByTheRun() ?? [])])];
    return {
      runs,
      sandbox: sandbox?.name ?? "none: no sandbox could run",
      unsandboxed,
      madeByTheRun,
      before,
      after: treeState(goal.cwd),
      definition,
    };
  } finally {
    await sandbox?.dispose().catch(() => {});
    rmSync(runDir, { recursive: true, force: true });
  }
}
