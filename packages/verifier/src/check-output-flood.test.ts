// A check's report found wherever it falls in its output: a check that prints 100 MB before its runner
// starts (binary, or one line with no newline at its end, to which the runner's first line is glued) is
// judged on the runner's report, as the user's shell shows it — not as "no report".
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openCheckSandbox } from "./check-sandbox.js";
import { runVerification } from "./run-verification.js";
import { buggyProject, FIXED_ADD, goalOn, temporaryDir } from "./test-projects.js";
import { createTestReader } from "./test-report.js";

const probe = await openCheckSandbox({ project: temporaryDir(), runDir: temporaryDir(), readable: [], unreadable: [] });
if ("sandbox" in probe) await probe.sandbox.dispose();
const unavailable = "unavailable" in probe ? probe.unavailable : null;

/** The project's test script: `flood.js` prints `megabytes` MB of `what`, with no newline at its end, then node's test runner. */
function floodingProject(what: "binary" | "one line", megabytes: number) {
  const chunk = what === "binary" ? 'require("node:crypto").randomBytes(1 << 20)' : '"x".repeat(1 << 20)';
  const cwd = buggyProject({
    "flood.js": `const b = ${chunk}; for (let i = 0; i < ${megabytes}; i++) process.stdout.write(b);\n`,
  });
  const pkg = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8"));
  writeFileSync(join(cwd, "package.json"), JSON.stringify({ ...pkg, scripts: { test: "node flood.js && node --test" } }));
  return cwd;
}

describe("a check's report after a flood of its own output", () => {
  it("is read from the stream: a runner's first line glued to a line of no runner's starts a line of its own", () => {
    const tap =
      "TAP version 13\n# Subtest: adds\nok 1 - adds\n1..1\n# tests 1\n# suites 0\n# pass 1\n# fail 0\n# duration_ms 5\n";
    for (const flood of ["x".repeat(100_000), "\u0000\u00ff\ufffdjunk".repeat(10_000)]) {
      const reader = createTestReader();
      for (let at = 0; at < flood.length; at += 65_536) reader.write(flood.slice(at, at + 65_536));
      // The runner's output in the same piece as the flood's end, and in a piece of its own.
      reader.write(`${"x".repeat(10)}${tap}`);
      expect(reader.end()).toMatchObject({ runner: "node:test", passed: 1, failed: 0 });
    }
  });

  it.skipIf(unavailable !== null)(
    "100 MB then a passing report closes the goal; a failing one is refused naming the test",
    { timeout: 180_000 },
    async () => {
      const fixed = floodingProject("binary", 100);
      writeFileSync(join(fixed, "math.js"), FIXED_ADD);
      const setup = goalOn(fixed);
      setup.tools.close(setup.identity, { status: "complete" });
      const closed = (await runVerification(setup.store, setup.requests.at(-1)!))!;
      expect(closed.outcome, closed.run.verdict).toBe("closed");
      expect(closed.run.verdict).toMatch(/node:test reports 1 passed, 0 failed/);

      const buggy = goalOn(floodingProject("one line", 20));
      buggy.tools.close(buggy.identity, { status: "complete" });
      const refused = (await runVerification(buggy.store, buggy.requests.at(-1)!))!;
      expect(refused.run.state).toBe("failed");
      expect(refused.run.verdict).toMatch(/node:test reports 1 failed.*adds/);
    },
  );
});
