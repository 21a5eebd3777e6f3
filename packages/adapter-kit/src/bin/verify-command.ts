// `<bin> verify <root> <session> <goal> <run> [--unsandboxed]`: the detached process a hook or a goal
// tool starts to run a goal's checks for a close (verification-process.ts); `verify --start <root>
// <session> <goal> <run>` records what defines a new goal's checks and runs them once for its starting
// point (`--baseline` only the first); `verify --probe` says whether the sandbox runs here. Not for
// people: the tamper guard denies it to the agent, and it acts only on the run the goal's record expects.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGoalStore, type GoalStore } from "@goalpost/core";
import { recordCheckBaseline } from "@goalpost/core/internal";
import { openCheckSandbox, runStartingPoint, runVerification } from "@goalpost/verifier";
import type { HostAdapter } from "../contract/host-adapter.js";
import { writeAll } from "../hook/hook-io.js";
import { protectedFiles } from "../hook/protected-files.js";

/** What `verify --probe` prints: whether a check can run in the sandbox here, for doctor. */
interface SandboxProbe {
  readonly ok: boolean;
  readonly detail: string;
}

/** Opens the sandbox and runs `true` inside it: what the checks of a goal would get on this machine. */
async function probeSandbox(): Promise<SandboxProbe> {
  const tmp = mkdtempSync(join(tmpdir(), "goalpost-probe-"));
  try {
    const project = join(tmp, "project");
    mkdirSync(project);
    const opened = await openCheckSandbox({ project, runDir: tmp, readable: [], unreadable: [] });
    if ("unavailable" in opened) return { ok: false, detail: opened.unavailable };
    try {
      const command = await opened.sandbox.command("true");
      const run = spawnSync(command.file, [...command.args], {
        cwd: project,
        encoding: "utf8",
        timeout: 15_000,
        stdio: ["ignore", "pipe", "pipe", "ignore", ...(command.startFd ? (["pipe"] as const) : [])],
      });
      return run.status === 0
        ? { ok: true, detail: `${opened.sandbox.name}: no network, writes only in the project and a temporary folder` }
        : { ok: false, detail: `${opened.sandbox.name} did not run a command (${String(run.stderr).trim().split("\n")[0]})` };
    } finally {
      await opened.sandbox.dispose();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The host's configuration, as unreachable to a check as goalpost's own state (which core adds). */
function unreadableFor(adapter: HostAdapter, store: GoalStore, sessionId: string, goalId: string): string[] {
  const goal = store.read(sessionId)?.goals.find((candidate) => candidate.id === goalId);
  return goal ? protectedFiles(adapter, goal.cwd, process.env) : [];
}

export async function runVerifyCommand(adapter: HostAdapter, args: readonly string[]): Promise<number> {
  if (args[0] === "--probe") {
    writeAll(1, `${JSON.stringify(await probeSandbox())}\n`);
    return 0;
  }
  if (args[0] === "--baseline") {
    const [, root, sessionId, goalId] = args;
    if (!root || !sessionId || !goalId) {
      writeAll(2, `usage: ${adapter.bin} verify --baseline <state root> <session id> <goal id>\n`);
      return 2;
    }
    const recorded = recordCheckBaseline(createGoalStore({ root }), { sessionId, goalId });
    writeAll(1, recorded ? "recorded\n" : "nothing to record\n");
    return 0;
  }
  if (args[0] === "--start") {
    const [, root, sessionId, goalId, verificationId] = args;
    if (!root || !sessionId || !goalId || !verificationId) {
      writeAll(2, `usage: ${adapter.bin} verify --start <state root> <session id> <goal id> <run id>\n`);
      return 2;
    }
    const store = createGoalStore({ root });
    const start = await runStartingPoint(
      store,
      { task: "start", root, sessionId, goalId, verificationId, allowUnsandboxed: false },
      { unreadable: unreadableFor(adapter, store, sessionId, goalId) },
    );
    writeAll(1, start ? `${start.state}: ${start.summary}\n` : "superseded: the goal expects another starting point\n");
    return 0;
  }
  const [root, sessionId, goalId, verificationId] = args;
  if (!root || !sessionId || !goalId || !verificationId) {
    writeAll(2, `usage: ${adapter.bin} verify <state root> <session id> <goal id> <run id> [--unsandboxed]\n`);
    return 2;
  }
  const store = createGoalStore({ root });
  const report = await runVerification(
    store,
    { task: "checks", root, sessionId, goalId, verificationId, allowUnsandboxed: args.includes("--unsandboxed") },
    { unreadable: unreadableFor(adapter, store, sessionId, goalId) },
  );
  writeAll(1, report ? `${report.run.state}: ${report.run.verdict}\n` : "superseded: the goal expects another run\n");
  return 0;
}
