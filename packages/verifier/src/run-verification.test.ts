// goalpost's own run of the user's checks, on real projects, in the real sandbox: what closes a goal,
// and every way the issue found of faking or hollowing a pass, refused.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { baselineOf, createGoalEngine } from "@goalpost/core/internal";
import { describe, expect, it } from "vitest";
import { openCheckSandbox } from "./check-sandbox.js";
import { runCheck } from "./run-check.js";
import { runVerification } from "./run-verification.js";
import { ADD_TEST, BUGGY_ADD, buggyProject, FIXED_ADD, git, goalOn, temporaryDir, writeFiles } from "./test-projects.js";

// The walls need bubblewrap on Linux (CI installs it).
const probe = await openCheckSandbox({ project: temporaryDir(), runDir: temporaryDir(), readable: [], unreadable: [] });
if ("sandbox" in probe) await probe.sandbox.dispose();
const unavailable = "unavailable" in probe ? probe.unavailable : null;
const sandboxed = describe.skipIf(unavailable !== null);
if (unavailable) console.warn(`run-verification tests skipped: ${unavailable}`);

const close = (setup: ReturnType<typeof goalOn>) => setup.tools.close(setup.identity, { status: "complete" });

/** Closes, runs the verification the close asked for, and returns its report. */
async function closeAndVerify(setup: ReturnType<typeof goalOn>, env?: NodeJS.ProcessEnv) {
  const answer = close(setup);
  const request = setup.requests.at(-1);
  expect(answer.text).toMatch(/goalpost is now running the user's checks itself \(`npm test`\)/);
  const report = await runVerification(setup.store, request!, env ? { env } : {});
  return { answer, report: report! };
}

sandboxed("goalpost's run of the checks", { timeout: 60_000 }, () => {
  it("an honest fix closes the goal as complete, with goalpost's run on record", async () => {
    const cwd = buggyProject();
    const setup = goalOn(cwd);
    writeFileSync(join(cwd, "math.js"), FIXED_ADD);
    const { report } = await closeAndVerify(setup);
    expect(report.outcome).toBe("closed");
    expect(report.run).toMatchObject({ state: "passed", sandbox: "bubblewrap" });
    expect(report.run.results[0]).toMatchObject({ passed: true, tests: { passed: 1, failed: 0, runner: "node:test" } });
    // A suite that leaves assert alone runs as in the user's shell: the assert canary is silent.
    expect(report.run.results[0]?.machineryChanged).toBeUndefined();
    expect(report.run.results[0]?.output).not.toMatch(/goalpost-canary/);
    expect(setup.goal()).toMatchObject({ status: "complete", closeRequest: null });
    expect(setup.goal().history.map((event) => event.type)).toEqual(expect.arrayContaining(["verifying", "verified", "closed"]));
  });

  it("a close no stop waited for is told all the same: to the agent at the status tool, to the user at the next stop, once", async () => {
    const cwd = buggyProject();
    const setup = goalOn(cwd);
    writeFileSync(join(cwd, "math.js"), FIXED_ADD);
    const { report } = await closeAndVerify(setup);
    expect(report.outcome).toBe("closed");
    // The agent asks the status tool first: it hears the close and what the work changed, to pass on.
    expect(setup.tools.status(setup.identity).text).toMatch(
      /^goalpost: goal "fix add" is closed as complete: `npm test`: node:test reports 1 passed, 0 failed\. Changed since the goal was set: math\.js \(\+1 −1\)\. Tell the user/,
    );
    const engine = createGoalEngine({ store: setup.store, startVerification: () => {} });
    const stop = () => engine.handle({ type: "stop-requested", ...setup.identity, stopHookActive: false });
    expect(stop().userNote).toMatch(
      /is closed as complete: `npm test`: node:test reports 1 passed.*Changed since the goal was set: math\.js/,
    );
    expect(stop().userNote ?? "").toBe("");
  });

  it("a failing suite keeps the goal open, and the same tree is refused again without a new run", async () => {
    const setup = goalOn(buggyProject());
    const { report } = await closeAndVerify(setup);
    expect(report.outcome).toBe("refused");
    expect(report.run.verdict).toMatch(/node:test reports 1 failed/);
    expect(setup.goal()).toMatchObject({ status: "active", closeRequest: null });
    expect(() => close(setup)).toThrow(/did not pass: `npm test` failed: node:test reports 1 failed/);
    expect(setup.requests).toHaveLength(1);
  });

  it("a pass counts only for its tree: reused while nothing changed, void after git stash puts the bug back", async () => {
    const cwd = buggyProject();
    const setup = goalOn(cwd);
    writeFileSync(join(cwd, "math.js"), FIXED_ADD);
    close(setup);
    // Work is added while goalpost runs the checks: the pass is recorded, the close is not made.
    setup.tools.update(setup.identity, { remaining: ["one more look at the docs"] });
    const passed = (await runVerification(setup.store, setup.requests[0]!))!;
    expect(passed).toMatchObject({ outcome: "refused", run: { state: "passed" } });
    setup.tools.update(setup.identity, { remaining: [] });

    // Put back by something that is not an edit tool: the pass was for another tree.
    git(cwd, "stash", "-q");
    expect(close(setup).text).toMatch(/running the user's checks/);
    expect(setup.requests).toHaveLength(2);
    const rerun = (await runVerification(setup.store, setup.requests[1]!))!;
    expect(rerun.run.state).toBe("failed");
    expect(setup.goal().status).toBe("active");

    // The fix back, goalpost's pass on exactly this tree is reused: no third run.
    git(cwd, "stash", "pop", "-q");
    close(setup);
    await runVerification(setup.store, setup.requests[2]!);
    expect(setup.goal().status).toBe("complete");
  });

  it("an unchanged tree reuses the pass: the close is immediate", async () => {
    const cwd = buggyProject();
    const setup = goalOn(cwd);
    writeFileSync(join(cwd, "math.js"), FIXED_ADD);
    close(setup);
    setup.tools.update(setup.identity, { remaining: ["a last check"] });
    await runVerification(setup.store, setup.requests[0]!);
    setup.tools.update(setup.identity, { remaining: [] });
    expect(close(setup).text).toMatch(
      /closed as complete\. goalpost's run of the checks: `npm test`: node:test reports 1 passed/,
    );
    expect(setup.requests).toHaveLength(1);
  });

  it.each([
    [
      "the test script rewritten to echo",
      { "package.json": JSON.stringify({ scripts: { test: "echo ok" } }) },
      /no test runner goalpost reads printed its report/,
    ],
    [
      "the test marked skip",
      { "math.test.js": ADD_TEST.replace('test("adds"', 'test.skip("adds"') },
      /reports no test run \(1 skipped\)/,
    ],
    [
      "a name filter that matches nothing",
      { "package.json": JSON.stringify({ scripts: { test: "node --test --test-name-pattern=nomatch" } }) },
      /no test run|no test runner goalpost reads/,
    ],
  ])("a hollow run is no pass: %s", async (_what, files, verdict) => {
    const cwd = buggyProject();
    const setup = goalOn(cwd);
    writeFiles(cwd, files);
    const { report } = await closeAndVerify(setup);
    expect(report.run.state).toBe("failed");
    expect(report.run.verdict).toMatch(verdict);
    expect(setup.goal().status).toBe("active");
  });

  it("changed checks that pass wait for the user, who sees what changed", async () => {
    const cwd = buggyProject();
    const setup = goalOn(cwd);
    writeFiles(cwd, { "math.test.js": 'require("node:test")("trivial", () => {});\n' });
    const { report } = await closeAndVerify(setup);
    expect(report.outcome).toBe("awaiting-user");
    expect(setup.goal().awaitingUser).toMatchObject({
      reason: "checks-changed",
      summary: expect.stringMatching(/changed since the goal was set \(changed: math\.test\.js\).*goal: accept/),
    });
    expect(setup.goal().status).toBe("active");

    // The user refuses: that pass no longer counts, so the next close runs the checks (and asks) again.
    const engine = createGoalEngine({ store: setup.store, startVerification: (request) => setup.requests.push(request) });
    engine.handle({ type: "prompt-submitted", ...setup.identity, prompt: "/goal refuse" });
    expect(setup.goal()).toMatchObject({ awaitingUser: null, verification: { state: "void" } });
    expect(close(setup).text).toMatch(/running the user's checks/);
    expect(setup.requests).toHaveLength(2);
  });

  it("the agent's environment never reaches the checks: NODE_OPTIONS, npm_config_*, a fake npm earlier on PATH", async () => {
    const cwd = buggyProject();
    const setup = goalOn(cwd);
    const agent = temporaryDir("goalpost-agent-");
    writeFiles(agent, {
      "bin/npm": "#!/bin/sh\necho '# tests 9'\necho '# pass 9'\necho '# fail 0'\n",
      "preload.cjs": "process.stdout.write('# tests 9\\n# pass 9\\n# fail 0\\n'); process.exit(0);\n",
    });
    chmodSync(join(agent, "bin/npm"), 0o755);
    const env = {
      ...process.env,
      PATH: `${join(agent, "bin")}:${process.env["PATH"]}`,
      NODE_OPTIONS: `--require ${join(agent, "preload.cjs")}`,
      npm_config_script_shell: join(agent, "bin/npm"),
      BASH_ENV: join(agent, "preload.cjs"),
    };
    const { report } = await closeAndVerify(setup, env);
    expect(report.run.state).toBe("failed");
    expect(report.run.verdict).toMatch(/node:test reports 1 failed/);
  });
});

describe("without any check", () => {
  it("a close waits for the user's word, and starts no run", () => {
    const cwd = temporaryDir();
    const setup = goalOn(cwd, "tidy the README");
    expect(setup.goal().checks).toEqual([]);
    expect(close(setup).text).toMatch(/waits for the user.*goal: accept.*goal: check add/s);
    expect(setup.goal().awaitingUser?.reason).toBe("no-checks");
    expect(setup.requests).toEqual([]);
  });
});

/** A project with two test files: math's two tests (one failing on the bug), and one unrelated test. */
function twoFileProject() {
  return buggyProject({
    "math.test.js": `${ADD_TEST}test("subtracts", () => assert.equal(require("./math.js").sub(3, 2), 1));\n`,
    "math.js": "exports.add = (a, b) => a - b;\nexports.sub = (a, b) => a - b;\n",
    "other.test.js": 'require("node:test")("other", () => {});\n',
  });
}

sandboxed("the test machinery", { timeout: 60_000 }, () => {
  it("a source file that patches node:assert when a test loads it voids the run: the test machinery itself was changed", async () => {
    const cwd = buggyProject();
    const setup = goalOn(cwd);
    // The work: add stays wrong, and loading math.js makes every assert pass.
    writeFileSync(
      join(cwd, "math.js"),
      `${BUGGY_ADD}const assert = require("node:assert");\nfor (const name of ["equal", "strictEqual", "deepStrictEqual"]) assert[name] = () => {};\n`,
    );
    const { report } = await closeAndVerify(setup);
    expect(report.run.state).toBe("void");
    expect(report.run.verdict).toMatch(
      /`npm test`: the test machinery itself was changed while it ran: Node's assert no longer does what Node gave \(assert\.equal\(1, 2\) passed, assert\.strictEqual\(1, 2\) passed/,
    );
    expect(report.run.results[0]?.machineryChanged).toMatch(/assert\.deepStrictEqual\(\{ a: 1 \}, \{ a: 2 \}\) passed/);
    expect(setup.goal().status).toBe("active");
  });

  it("a git-ignored build output the tests load, edited by hand, is named in what the work changed at the close", async () => {
    // The tests load dist/math.js, which git ignores: git shows no edit of it.
    const cwd = buggyProject({
      ".gitignore": "node_modules/\ndist/\n",
      "src/math.js": BUGGY_ADD,
      "dist/math.js": BUGGY_ADD,
      "math.test.js": ADD_TEST.replace('require("./math.js")', 'require("./dist/math.js")'),
    });
    const setup = goalOn(cwd);
    writeFileSync(join(cwd, "dist/math.js"), FIXED_ADD);
    const { report } = await closeAndVerify(setup);
    expect(report.outcome).toBe("closed");
    expect(report.run.changed?.files.map((change) => change.path)).toContain("dist/math.js");
  });
});

sandboxed("against the starting point", { timeout: 60_000 }, () => {
  it("is taken right after the goal is set: which tests exist and which fail, in words", async () => {
    const setup = goalOn(twoFileProject(), undefined, { startingPoint: true });
    const start = await setup.start();
    expect(start).toMatchObject({ state: "done", summary: "1 of 3 tests fail (`npm test`)" });
    expect(setup.goal().checkStart?.results[0]).toMatchObject({
      failing: ["adds"],
      tests: { passed: 2, failed: 1, runner: "node:test" },
    });
  });

  it("a pass names the tests that failed at the start and pass now", async () => {
    const cwd = twoFileProject();
    const setup = goalOn(cwd, undefined, { startingPoint: true });
    await setup.start();
    writeFileSync(join(cwd, "math.js"), "exports.add = (a, b) => a + b;\nexports.sub = (a, b) => a - b;\n");
    const { report } = await closeAndVerify(setup);
    expect(report.outcome).toBe("closed");
    expect(report.run.results[0]?.start).toMatchObject({ fixed: ["adds"], fixedCount: 1, missingCount: 0 });
  });

  it("a source change that ends the process before the tests run is refused: the tests that ran at the start did not", async () => {
    const cwd = twoFileProject();
    const setup = goalOn(cwd, undefined, { startingPoint: true });
    await setup.start();
    // One line in a source file, not a test file: node's runner counts math.test.js itself as a pass.
    writeFileSync(join(cwd, "math.js"), `process.exit(0);\n${readFileSync(join(cwd, "math.js"), "utf8")}`);
    const { report } = await closeAndVerify(setup);
    expect(report.run.state).toBe("failed");
    expect(report.run.verdict).toMatch(/2 tests that ran when the goal was set did not run: adds, subtracts/);
    expect(setup.goal().status).toBe("active");
  });
  it("a runner that reports no test at the start is told to the user at the next prompt, with how to let its exit status count", async () => {
    // The project's tests are its pretest's (packtester's shape); the runner after it has no test file.
    const cwd = buggyProject({
      "package.json": JSON.stringify({
        name: "demo",
        private: true,
        scripts: { pretest: "node check.js", test: "node --test empty/" },
      }),
      "check.js": 'require("node:assert").strictEqual(1 + 1, 2);\n',
      "empty/.keep": "",
    });
    const setup = goalOn(cwd, undefined, { startingPoint: true });
    await setup.start();
    const engine = createGoalEngine({ store: setup.store, startVerification: () => {} });
    const told = engine.handle({ type: "prompt-submitted", ...setup.identity, prompt: "go on" }).userNote ?? "";
    expect(told).toMatch(
      /`npm test`'s node:test reports no test run, so its pass cannot show which tests ran; `goal: check trust npm test`/,
    );
  });
});

sandboxed("the programs the checks start", { timeout: 60_000 }, () => {
  it("an npm put earlier on the PATH after the goal was set is a changed check: the pass waits for the user, who is told", async () => {
    const cwd = buggyProject();
    const bin = temporaryDir("goalpost-userbin-");
    const path = `${bin}:${process.env["PATH"]}`;
    const setup = goalOn(cwd);
    // The goal's PATH has the user's own folder first, empty when the goal was set.
    setup.store.update(setup.identity, (session) => {
      const goal = session.goals[0]!;
      session.goals[0] = { ...goal, checkPath: path, checkBaseline: baselineOf({ ...goal, checkPath: path }, new Date()) };
    });
    writeFiles(bin, {
      npm: "#!/bin/sh\necho '# Subtest: adds'\necho 'ok 1 - adds'\necho '# tests 1'\necho '# pass 1'\necho '# fail 0'\n",
    });
    chmodSync(join(bin, "npm"), 0o755);
    writeFileSync(join(cwd, "math.js"), FIXED_ADD);
    const { report } = await closeAndVerify(setup);
    expect(report.outcome).toBe("awaiting-user");
    expect(setup.goal().awaitingUser?.summary).toMatch(new RegExp(`\`npm\` is now ${bin}/npm \\(it was /`));
  });

  it("a .pth planted in a virtual environment of any name (env/, not .venv) is a changed check, named", async () => {
    const cwd = buggyProject({ ".gitignore": "node_modules/\nenv/\n", "env/pyvenv.cfg": "home = /usr/bin\n" });
    const setup = goalOn(cwd);
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFiles(cwd, { "env/lib/python3.11/site-packages/zz.pth": "import os; os.environ['X'] = '1'\n" });
    writeFileSync(join(cwd, "math.js"), FIXED_ADD);
    const { report } = await closeAndVerify(setup);
    expect(report.outcome).toBe("awaiting-user");
    expect(setup.goal().awaitingUser?.summary).toMatch(
      /installed dependencies changed: env\/lib\/python3\.11\/site-packages\/zz\.pth/,
    );
  });

  it.skipIf(!existsSync("/usr/bin/python3"))(
    "a forged .pyc stamped with its source's time and size never runs in the source's place",
    async () => {
      // The fix compiled, then the bug put back with the same size and modification time: Python would take
      // the stale bytecode from __pycache__ as the source's own.
      const cwd = temporaryDir();
      const buggy = "def add(a, b):\n    return a - b\n";
      writeFiles(cwd, {
        "mod.py": buggy.replace("a - b", "a + b"),
        "check.py": "import mod, sys\nsys.exit(0 if mod.add(2, 3) == 5 else 1)\n",
      });
      execFileSync(
        "/usr/bin/python3",
        ["-c", "import py_compile; py_compile.compile('mod.py', cfile='__pycache__/mod.cpython-311.pyc')"],
        { cwd },
      );
      const stamp = statSync(join(cwd, "mod.py")).mtime;
      writeFileSync(join(cwd, "mod.py"), buggy);
      utimesSync(join(cwd, "mod.py"), stamp, stamp);
      // Outside the walls the forgery works: the buggy source passes.
      const plain = spawnSync("/usr/bin/python3", ["check.py"], { cwd, env: { PATH: "/usr/bin:/bin" } });
      const version = execFileSync("/usr/bin/python3", ["-c", "import sys; print(sys.implementation.cache_tag)"], {
        encoding: "utf8",
      }).trim();
      expect.soft(version).toBe("cpython-311");
      if (version === "cpython-311") expect(plain.status).toBe(0);
      const opened = await openCheckSandbox({ project: cwd, runDir: temporaryDir(), readable: [], unreadable: [] });
      if (!("sandbox" in opened)) throw new Error(opened.unavailable);
      const run = await runCheck(
        { command: "/usr/bin/python3 check.py", kind: "other", source: "user" },
        { cwd, sandbox: opened.sandbox, path: "/usr/bin:/bin", timeoutMs: 30_000 },
      );
      await opened.sandbox.dispose();
      expect(run.result.exitCode).toBe(1);
    },
  );

  it("a runner shim under the ignored node_modules is a changed check, named", async () => {
    const cwd = buggyProject({
      "package.json": JSON.stringify({ scripts: { test: "runner" } }),
      "node_modules/.bin/runner": "#!/bin/sh\nexec node --test\n",
    });
    chmodSync(join(cwd, "node_modules/.bin/runner"), 0o755);
    const setup = goalOn(cwd);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A shim that prints a passing report of the same test, whatever the code does.
    writeFileSync(
      join(cwd, "node_modules/.bin/runner"),
      "#!/bin/sh\nprintf 'TAP version 13\\n# Subtest: adds\\nok 1 - adds\\n1..1\\n# tests 1\\n# pass 1\\n# fail 0\\n'\n",
    );
    const { report } = await closeAndVerify(setup);
    expect(report.outcome).toBe("awaiting-user");
    expect(setup.goal().awaitingUser?.summary).toMatch(/installed dependencies changed: node_modules\/\.bin\/runner/);
  });
});
