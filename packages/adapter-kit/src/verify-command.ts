// `<bin> verify <root> <session> <goal> <run> [--unsandboxed]`: the detached process a hook or a goal
// tool starts to run a goal's checks (verification-process.ts). Not for people: the tamper guard
// denies it to the agent, and it acts only on the run the goal's record expects.
import { createGoalStore, runVerification } from "@goalpost/core";
import { writeAll } from "./hook-io.js";
import type { HostAdapter } from "./host-adapter.js";
import { protectedFiles } from "./protected-files.js";

export async function runVerifyCommand(adapter: HostAdapter, args: readonly string[]): Promise<number> {
  const [root, sessionId, goalId, verificationId] = args;
  if (!root || !sessionId || !goalId || !verificationId) {
    writeAll(2, `usage: ${adapter.bin} verify <state root> <session id> <goal id> <run id> [--unsandboxed]\n`);
    return 2;
  }
  const store = createGoalStore({ root });
  const goal = store.read(sessionId)?.goals.find((candidate) => candidate.id === goalId);
  // The host's configuration is as unreachable to a check as goalpost's own state.
  const unreadable = goal ? protectedFiles(adapter, goal.cwd, process.env) : [];
  const report = await runVerification(
    store,
    { root, sessionId, goalId, verificationId, allowUnsandboxed: args.includes("--unsandboxed") },
    { unreadable },
  );
  writeAll(1, report ? `${report.run.state}: ${report.run.verdict}\n` : "superseded: the goal expects another run\n");
  return 0;
}
