// "Could not run" told apart from "failed", on output captured from the real tools: npm running a runner
// that is not installed, pnpm sent by a pinned packageManager to fetch another pnpm offline (the line
// goalpost's run printed on unjs/defu before the user's pnpm settings were in the walls), and — the other
// way — a plain assertion failing with no runner, which is the tests failing, not a launch error.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openCheckSandbox } from "./check-sandbox.js";
import { couldNotRun } from "./could-not-run.js";
import { runVerification } from "./run-verification.js";
import { buggyProject, goalOn, temporaryDir } from "./test-projects.js";
import { readTestReport } from "./test-report.js";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "__fixtures__", "could-not-run", name), "utf8");

describe("could not run, or failed", () => {
  it("a runner that is not installed could not run, in the shell's words", () => {
    const output = fixture("npm-test-runner-missing.txt");
    expect(couldNotRun(127, output, readTestReport(output))).toBe("sh: 1: jest: not found");
  });

  it("pnpm that cannot fetch the pinned pnpm could not run, in pnpm's words", () => {
    const output =
      "\u001b[31m ERROR \u001b[39m ENOENT: no such file or directory, mkdir '/home/u/.local/share/pnpm/.tools/pnpm/10.33.0_tmp_3_0'\n\nFor help, run: pnpm help\n";
    expect(couldNotRun(1, output, null)).toBe(
      "ERROR  ENOENT: no such file or directory, mkdir '/home/u/.local/share/pnpm/.tools/pnpm/10.33.0_tmp_3_0'",
    );
  });

  it("npm's own error lines give the reason, not its log pointers", () => {
    const output =
      "npm error code ENOTFOUND\nnpm error syscall getaddrinfo\nnpm error network request to https://registry.npmjs.org/npm failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org\nnpm error A complete log of this run can be found in: /home/u/.npm/_logs/x.log\n";
    expect(couldNotRun(1, output, null)).toMatch(/^npm error network request to .* failed/);
  });

  it("an assertion failing with no runner, a missing file of the work's own, a clean exit: never 'could not run'", () => {
    const assertion = fixture("node-assert-failing.txt");
    expect(couldNotRun(1, assertion, readTestReport(assertion))).toBeNull();
    expect(couldNotRun(1, "Error: Cannot find module './math.js'\n", null)).toBeNull();
    expect(couldNotRun(0, "sh: 1: jest: not found\n", null)).toBeNull();
  });

  it("a missing package quoted inside an assertion is what the test found (packtester's test of the packed tarball)", () => {
    const output = [
      "✔ installed packtester from tarball",
      "AssertionError [ERR_ASSERTION]: Got unwanted exception: could not require('packtester')",
      `Actual message: "Cannot find module 'sinon'`,
      "Require stack:",
      "- /tmp/packtester-9266/node_modules/packtester/src/packtester.js",
      "Node.js v20.20.2",
    ].join("\n");
    expect(couldNotRun(1, output, readTestReport(output))).toBeNull();
    expect(couldNotRun(1, `Error: Cannot find module 'sinon'\nRequire stack:\n- /p/src/index.js\n`, null)).toBe(
      "Error: Cannot find module 'sinon'",
    );
  });

  it("a runner that reported a test ran, even with a launch error after it (a posttest offline), is judged by its report", () => {
    const output = `${readFileSync(join(import.meta.dirname, "__fixtures__", "runners", "tape-failing.txt"), "utf8")}\nnpm error code ENOTFOUND\nnpm error network request failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org\n`;
    expect(couldNotRun(1, output, readTestReport(output))).toBeNull();
  });
});

const probe = await openCheckSandbox({ project: temporaryDir(), runDir: temporaryDir(), readable: [], unreadable: [] });
if ("sandbox" in probe) await probe.sandbox.dispose();
const unavailable = "unavailable" in probe ? probe.unavailable : null;

describe.skipIf(unavailable !== null)("a check that could not run, in the real walls", { timeout: 60_000 }, () => {
  it("proves nothing (void), never says the tests fail, and the agent hears it is no test failure", async () => {
    const cwd = buggyProject();
    const setup = goalOn(cwd);
    // The test script names a runner the project has not installed.
    const pkg = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8"));
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ ...pkg, scripts: { test: "jest" } }, null, 2));
    setup.tools.close(setup.identity, { status: "complete" });
    const report = (await runVerification(setup.store, setup.requests.at(-1)!))!;
    expect(report.outcome).toBe("refused");
    expect(report.run.state).toBe("void");
    expect(report.run.results[0]).toMatchObject({ passed: false, couldNotRun: expect.stringMatching(/jest: not found/) });
    expect(report.run.verdict).toMatch(
      /^could not run `npm test`: sh: \d+: jest: not found — its tests never ran, so this is not a test failure/,
    );
    expect(report.run.verdict).not.toMatch(/failed/);
    expect(() => setup.tools.close(setup.identity, { status: "complete" })).not.toThrow(/did not pass/);
  });

  it("a test script of the project's own that fails is refused in its assertion's words, not 'could not run'", async () => {
    const cwd = buggyProject({
      "check.js": 'require("node:assert").strictEqual(require("./math.js").add(2, 3), 5, "add(2, 3) is 5");\n',
    });
    const setup = goalOn(cwd);
    const pkg = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8"));
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ ...pkg, scripts: { test: "node check.js" } }, null, 2));
    setup.tools.close(setup.identity, { status: "complete" });
    const report = (await runVerification(setup.store, setup.requests.at(-1)!))!;
    expect(report.run.state).toBe("failed");
    expect(report.run.results[0]?.couldNotRun).toBeUndefined();
    expect(report.run.verdict).toMatch(/it exited with status 1: AssertionError \[ERR_ASSERTION\]: add\(2, 3\) is 5/);
  });
});
