// goalpost's run of the checks as a service users can lean on: whatever happens to a run — a check that
// prints 100 MB, one that hangs, a verify process killed and never reaped, eight sessions closing at
// once — it ends verified, failed with its real reason, or waiting for the user with the way out.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type GoalCheck, processStart, sha256, verificationAlive } from "@goalpost/core/internal";
import { describe, expect, it } from "vitest";
import { openCheckSandbox } from "./check-sandbox.js";
import { runCheck } from "./run-check.js";
import { MACHINE_SLOTS, queueFolder, takeTurn } from "./run-queue.js";
import { runVerification } from "./run-verification.js";
import { buggyProject, FIXED_ADD, goalOn, madeRunFolder, sandboxUnavailable, temporaryDir } from "./test-projects.js";

const unavailable = await sandboxUnavailable();

async function inWalls(command: string, timeoutMs = 60_000) {
  const cwd = temporaryDir();
  const opened = await openCheckSandbox({ project: cwd, runDir: madeRunFolder(), readable: [], unreadable: [] });
  if (!("sandbox" in opened)) throw new Error(opened.unavailable);
  const check: GoalCheck = { command, kind: "test", source: "user" };
  return runCheck(check, { cwd, sandbox: opened.sandbox, path: process.env["PATH"] ?? "/usr/bin:/bin", timeoutMs });
}

describe.skipIf(unavailable !== null)("goalpost's run under load and faults", { timeout: 60_000 }, () => {
  it("a check that prints 100 MB runs to its end: its report is read, its tail kept, nothing cut", async () => {
    const print = `const line = "x".repeat(1023) + "\\n"; for (let i = 0; i < 100 * 1024; i++) process.stdout.write(line); console.log("TAP version 13\\n# Subtest: big\\nok 1 - big\\n1..1\\n# tests 1\\n# pass 1\\n# fail 0");`;
    const { result } = await inWalls(`node -e '${print}'`);
    expect(result).toMatchObject({ passed: true, exitCode: 0, verdict: "node:test reports 1 passed, 0 failed" });
    expect(result.output.length).toBeLessThanOrEqual(2000);
    expect(result.output).toMatch(/# pass 1/);
  }, 120_000);

  it("a check that hangs is stopped at its time limit, says so, and leaves no process behind", async () => {
    const marker = `goalpost-hang-${process.pid}-${Date.now()}`;
    const hang = `node -e 'setInterval(() => {}, 1000)' ${marker}`;
    const { result } = await inWalls(`${hang} & sleep 0.3; pgrep -f ${marker} > /dev/null && echo hanging; ${hang}-2`, 2500);
    expect(result.output).toContain("hanging");
    expect(result).toMatchObject({
      passed: false,
      verdict: expect.stringMatching(/ran past its time limit .* and goalpost stopped it/),
    });
    expect(spawnSync("pgrep", ["-f", marker], { encoding: "utf8" }).stdout.trim()).toBe("");
  });

  it("a run whose process was killed and never reaped, or whose pid a later process took, is dead: a new close runs again", () => {
    // A zombie: a parent that never waits for its child.
    const parent = spawn(
      "python3",
      [
        "-c",
        "import os, time\npid = os.fork()\nif pid == 0:\n    os._exit(0)\ntime.sleep(0.3)\nprint(pid, flush=True)\ntime.sleep(30)",
      ],
      {
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    return new Promise<void>((resolve, reject) => {
      parent.stdout.once("data", (chunk: Buffer) => {
        try {
          const zombie = Number(chunk.toString().trim());
          const running = { state: "running", startedAt: new Date().toISOString() };
          expect(verificationAlive({ ...running, pid: zombie, pidStart: null }, new Date())).toBe(false);
          // This very process, as recorded: alive. The same pid recorded as started long before: another process.
          expect(
            verificationAlive({ ...running, pid: process.pid, pidStart: processStart(process.pid) ?? null }, new Date()),
          ).toBe(true);
          expect(
            verificationAlive({ ...running, pid: process.pid, pidStart: (processStart(process.pid) ?? 0) - 60_000 }, new Date()),
          ).toBe(false);
          resolve();
        } catch (error) {
          reject(error);
        } finally {
          parent.kill("SIGKILL");
        }
      });
    });
  });

  it("eight sessions closing at once: each verified, at most the machine's share at a time, none voiding another", async () => {
    const setups = Array.from({ length: 8 }, () => {
      const cwd = buggyProject();
      writeFileSync(join(cwd, "math.js"), FIXED_ADD);
      const setup = goalOn(cwd);
      setup.tools.close(setup.identity, { status: "complete" });
      return setup;
    });
    const reports = await Promise.all(setups.map((setup) => runVerification(setup.store, setup.requests[0]!)));
    expect(reports.map((report) => report?.outcome)).toEqual(Array(8).fill("closed"));
    expect(setups.map((setup) => setup.goal().status)).toEqual(Array(8).fill("complete"));
    // The checks ran at most MACHINE_SLOTS at a time: each check's span, from its end and its duration.
    const spans = reports.map((report) => {
      const end = Date.parse(report!.run.finishedAt!);
      return [end - report!.run.results.reduce((sum, result) => sum + result.durationMs, 0), end] as const;
    });
    const overlap = Math.max(...spans.map(([start]) => spans.filter(([from, to]) => from <= start && start < to).length));
    expect(overlap).toBeLessThanOrEqual(MACHINE_SLOTS);
    // Every run's own folder (the checks' /tmp, their home's files) is gone.
    const runs = join(dirname(queueFolder()), "runs");
    const mine = readdirSync(runs).filter((name) => {
      try {
        return readFileSync(join(runs, name, "owner"), "utf8").startsWith(`${process.pid} `);
      } catch {
        return false;
      }
    });
    expect(mine).toEqual([]);
  }, 120_000);

  it("two runs in one project take turns, and the waiting one says why", async () => {
    const cwd = temporaryDir();
    const first = await takeTurn(cwd);
    const told: string[] = [];
    let second: Awaited<ReturnType<typeof takeTurn>> = null;
    const waiting = takeTurn(cwd, { waiting: (why) => told.push(why) }).then((turn) => {
      second = turn;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second).toBeNull();
    expect(told).toEqual(["another run of goalpost's is checking this project; this one waits for it"]);
    first?.release();
    await waiting;
    expect(second).not.toBeNull();
    second!.release();
  });

  it("the waiting run names the run it waits for, where that one said which it is (a goal's own starting point)", async () => {
    const cwd = temporaryDir();
    const start = await takeTurn(cwd, { run: "goal goal_a's first run of its checks (its starting point)" });
    const told: string[] = [];
    const close = takeTurn(cwd, { waiting: (why) => told.push(why), run: "the run for goal goal_a's close" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(told).toEqual([
      "goal goal_a's first run of its checks (its starting point) is checking this project; this one waits for it",
    ]);
    start?.release();
    (await close)?.release();
  });

  it("a run that has had its share of the machine (a hung check running to its limit) no longer holds another project's", async () => {
    const hung = temporaryDir();
    const other = temporaryDir();
    const fairShareMs = 600;
    const first = await takeTurn(hung, { slots: 1, fairShareMs });
    const told: string[] = [];
    const started = Date.now();
    const second = await takeTurn(other, { slots: 1, fairShareMs, waiting: (why) => told.push(why) });
    // It started beside the long run once that had its share, and said for whose run it waited, and until when.
    expect(second).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(told.join("\n")).toMatch(
      new RegExp(
        `under way on this machine \\([^)]*checking ${hung.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^)]*\\).*starts by \\d\\d:\\d\\d:\\d\\d UTC at the latest`,
      ),
    );
    first?.release();
    second!.release();
  });

  it("a turn of an earlier release (no start time) naming a live process that started after it is taken over", async () => {
    const cwd = temporaryDir();
    const stranger = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      const turn = join(queueFolder(), `project-${sha256(cwd).slice(0, 16)}`);
      writeFileSync(turn, `${stranger.pid} `);
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      utimesSync(turn, hourAgo, hourAgo);
      const told: string[] = [];
      const taken = await takeTurn(cwd, { waiting: (why) => told.push(why) });
      expect(told.filter((why) => why.includes("checking this project"))).toEqual([]);
      taken?.release();
    } finally {
      stranger.kill("SIGKILL");
    }
  });
});
