// The backstop the model cannot reset: refused stops are counted per goal and only progress — a
// changed work tree, a pass of goalpost's own run — or the user's prompt starts the count again. A
// model that "updates" every turn without changing anything reaches needs-input and is let go.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { finishVerification } from "../verify/finish-verification.js";
import { createGoalEngine } from "./goal-engine.js";
import { SESSION, TEST_PROFILE, testEngine } from "./test-engine.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A real project folder (not a git work tree: every file's content is fingerprinted). */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "goalpost-backstop-"));
  dirs.push(dir);
  writeFileSync(join(dir, "parser.js"), "export const parse = () => null;\n");
  return dir;
}

function openGoal(cwd: string, config: Parameters<typeof testEngine>[0] = {}) {
  const harness = testEngine(config);
  const at = { ...SESSION, cwd };
  const send = (event: Record<string, unknown> & { type: string }) => harness.send({ cwd, ...event });
  send({ type: "prompt-submitted", prompt: "/goal make the parser return a syntax tree" });
  harness.tools.open(at, { objective: "The parser returns a syntax tree", remaining: ["write the tree builder"] });
  const goal = () => harness.store.read(SESSION.sessionId)!.goals.at(-1)!;
  return { ...harness, send, caller: at, goal };
}

describe("the stop backstop", () => {
  it("a model that updates its goal every turn without changing anything reaches needs-input and is let go", () => {
    const { send, tools, caller, goal, store } = openGoal(project());
    for (let turn = 1; turn <= 3; turn++) {
      expect(send({ type: "stop-requested", stopHookActive: turn > 1 }).action).toBe("block-stop");
      // The model "records progress": an update is not progress.
      tools.update(caller, { doneSoFar: [`Looked at the parser again (${turn})`] });
    }
    const let_go = send({ type: "stop-requested", stopHookActive: true, lastMessage: "I am not sure how to build the tree." });
    expect(let_go.action).toBe("none");
    expect(let_go.userNote).toMatch(
      /goal ".+" needs your input: the agent tried to stop 3 times without changing the work tree.*Its last words: "I am not sure how to build the tree\."\. Open: write the tree builder/,
    );
    expect(goal().status).toBe("needs-input");
    expect(store.read(SESSION.sessionId)!.counters.stalls).toBe(1);
    // Let go: further stops go through, and the agent cannot take the goal up again itself.
    expect(send({ type: "stop-requested" })).toEqual({ action: "none" });
    expect(() => tools.update(caller, { status: "active" })).toThrow(/only the user resumes it/);

    // The user's next message takes it up: enforced again, the count started afresh.
    const answer = send({ type: "prompt-submitted", prompt: "build it with a recursive descent parser" });
    expect(answer.context).toMatch(/status="active"/);
    expect(goal()).toMatchObject({ status: "active", stopStreak: { count: 0 } });
    expect(send({ type: "stop-requested" }).action).toBe("block-stop");
  });

  it("a changed work tree is progress: an agent that keeps changing the code is never let go", () => {
    const cwd = project();
    const { send, goal, tools, caller } = openGoal(cwd);
    for (let turn = 1; turn <= 8; turn++) {
      expect(send({ type: "stop-requested", stopHookActive: turn > 1 }).action).toBe("block-stop");
      tools.update(caller, { doneSoFar: [`Tree builder step ${turn}`] });
      const edit = { toolName: "Edit", toolInput: { file_path: join(cwd, "parser.js") } };
      send({ type: "tool-about-to-run", ...edit });
      writeFileSync(join(cwd, "parser.js"), `export const parse = () => ({ step: ${turn} });\n`);
      send({ type: "tool-ran", ...edit, succeeded: true });
    }
    expect(goal().status).toBe("active");
    // The fingerprint is taken only when a tool that may change files ran: the first of a streak has nothing to compare with.
    expect(goal().stopStreak.count).toBe(1);
  });

  it("tools that change nothing do not count as progress: reading costs no fingerprint, a command that changes nothing one turn", () => {
    const reading = openGoal(project());
    const outcomes: string[] = [];
    for (let turn = 1; turn <= 5; turn++) {
      outcomes.push(reading.send({ type: "stop-requested" }).action);
      reading.send({ type: "tool-ran", toolName: "Bash", toolInput: { command: "cat parser.js" }, succeeded: true });
    }
    expect(outcomes).toEqual(["block-stop", "block-stop", "block-stop", "none", "none"]);
    expect(reading.goal()).toMatchObject({ status: "needs-input", stopStreak: { tree: null } });

    // A command that could change files but did not: fingerprinted, and the first fingerprint of the
    // streak has nothing to compare with, so it ends one refusal later.
    const touching = openGoal(project());
    const touched: string[] = [];
    for (let turn = 1; turn <= 6; turn++) {
      touched.push(touching.send({ type: "stop-requested" }).action);
      touching.send({ type: "tool-ran", toolName: "Bash", toolInput: { command: "node build.js" }, succeeded: true });
    }
    expect(touched).toEqual(["block-stop", "block-stop", "block-stop", "block-stop", "none", "none"]);
    expect(touching.goal().status).toBe("needs-input");
  });

  it("a stop while the host still runs background work for the agent is no stall: let through, not counted", () => {
    const { send, goal } = openGoal(project());
    expect(send({ type: "stop-requested" }).action).toBe("block-stop");
    for (let turn = 0; turn < 5; turn++)
      expect(send({ type: "stop-requested", backgroundWork: true })).toEqual({ action: "none" });
    expect(goal()).toMatchObject({ status: "active", stopStreak: { count: 1 } });
  });

  it("a turn the host says it ended itself (interrupted, failed) is not the agent's stop: let through, not counted", () => {
    const { send, goal } = openGoal(project());
    // The model's own end of turn, and an answer cut off at its length, are the agent's: refused.
    expect(send({ type: "stop-requested", endReason: "end_turn" }).action).toBe("block-stop");
    expect(send({ type: "stop-requested", endReason: "max_tokens" }).action).toBe("block-stop");
    for (const endReason of ["cancelled", "user_aborted", "interrupted", "error", "timed_out"])
      expect(send({ type: "stop-requested", endReason })).toEqual({ action: "none" });
    expect(goal()).toMatchObject({ status: "active", stopStreak: { count: 2 } });
  });

  it("the user's pause and resume start the count again", () => {
    const { send, goal } = openGoal(project());
    send({ type: "stop-requested" });
    send({ type: "stop-requested" });
    expect(goal().stopStreak.count).toBe(2);
    send({ type: "prompt-submitted", prompt: "/goal pause" });
    expect(send({ type: "stop-requested" })).toEqual({ action: "none" });
    send({ type: "prompt-submitted", prompt: "/goal resume" });
    expect(goal()).toMatchObject({ status: "active", stopStreak: { count: 0 } });
  });
});

describe("a run of goalpost's own under way", () => {
  /** The goal with every record condition met, closed, and its run claimed by a live process (this one). */
  function verifying(config: Parameters<typeof testEngine>[0] = {}) {
    const setup = openGoal(project(), { verifyWaitSeconds: 0, ...config });
    setup.store.update(setup.caller, (session) => {
      const goal = session.goals.at(-1)!;
      session.goals[session.goals.length - 1] = {
        ...goal,
        checks: [{ command: "npm test", kind: "test", source: "project" }],
        closeRequest: { at: new Date().toISOString(), verificationId: "run_1" },
        verification: {
          id: "run_1",
          state: "running",
          startedAt: new Date(setup.store.now().getTime() - 80_000).toISOString(),
          finishedAt: null,
          tree: null,
          definition: null,
          sandbox: "",
          results: [],
          verdict: "goalpost is running `npm test`",
          pid: process.pid,
          pidStart: null,
        },
      };
    });
    return setup;
  }

  it("is goalpost's work: stops while it runs are held with 'verifying', never counted, never let go", () => {
    const { send, goal } = verifying();
    for (let stop = 1; stop <= 8; stop++) {
      const answer = send({ type: "stop-requested", stopHookActive: stop > 1 });
      expect(answer.action).toBe("block-stop");
      expect(answer.reason).toMatch(/goalpost is still verifying \(\d min, `npm test`\)\. .*end your turn again to wait for it/);
    }
    expect(goal()).toMatchObject({ status: "active", stopStreak: { count: 0 } });
  });

  it("the turn is judged before the stop waits for the run: a stop cut short while it waits has compared the turn", () => {
    const { store, caller } = verifying();
    // The hook server's quick answer: a stop that would wait is handed to another process (WouldWait).
    const engine = createGoalEngine({
      store,
      profile: TEST_PROFILE,
      startVerification: () => {},
      beforeWait: () => {
        throw new Error("cut short while waiting");
      },
    });
    const judged: string[] = [];
    expect(() =>
      engine.handle({ type: "stop-requested", ...caller }, { checkTurn: () => void judged.push("turn compared") }),
    ).toThrow(/cut short/);
    expect(judged).toEqual(["turn compared"]);
  });

  // A full disk kills a run as surely as a kill: the user is told which, not only that it stopped.
  const fullTmp = mkdtempSync(join(tmpdir(), "goalpost-full-tmp-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", fullTmp]).status === 0;
  afterAll(() => {
    if (mounted) spawnSync("umount", [fullTmp]);
    rmSync(fullTmp, { recursive: true, force: true });
  });
  it.skipIf(!mounted)("a run that died on a full temporary folder is void, its verdict saying the disk is full", () => {
    const { send, goal, store, caller } = verifying();
    // Its process is gone (no pid runs with this start), and the temporary folder has no room left.
    store.update(caller, (session) => {
      const current = session.goals.at(-1)!;
      session.goals[session.goals.length - 1] = { ...current, verification: { ...current.verification!, pidStart: 1 } };
    });
    writeFileSync(join(fullTmp, "filler"), Buffer.alloc(250 * 1024));
    const before = process.env["TMPDIR"];
    process.env["TMPDIR"] = fullTmp;
    try {
      send({ type: "stop-requested" });
    } finally {
      if (before === undefined) delete process.env["TMPDIR"];
      else process.env["TMPDIR"] = before;
    }
    expect(goal().verification).toMatchObject({
      state: "void",
      verdict: expect.stringMatching(
        /stopped before its verdict: the disk of the temporary folder .* is full \(0 MB free\) — free some space/,
      ),
    });
  });

  it("a failure that lands after the agent was let go holds it again, to fix what failed", () => {
    const { send, goal, store, caller } = verifying();
    store.update(caller, (session) => {
      const current = session.goals.at(-1)!;
      session.goals[session.goals.length - 1] = { ...current, status: "needs-input" };
    });
    store.update(caller, (session) =>
      finishVerification(
        session,
        goal().id,
        {
          run: {
            ...goal().verification!,
            state: "failed",
            finishedAt: new Date().toISOString(),
            verdict: "`npm test` failed: node:test reports 1 failed",
          },
          changedChecks: null,
          unsandboxed: null,
        },
        new Date(),
      ),
    );
    expect(goal()).toMatchObject({ status: "active", closeRequest: null });
    expect(send({ type: "stop-requested" })).toMatchObject({
      action: "block-stop",
      reason: expect.stringMatching(/node:test reports 1 failed/),
    });
  });
});
