// What a run of the checks wrote told apart from what changed from outside while it ran: a check that
// builds into the tree (zserge/jsmn's `make test` compiles its test programs into test/, which git does
// not ignore) has its run counted, its outputs named and left in place, on its first run and when a later
// run builds them again; a change to a file that is the project's still voids the run.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TreeState } from "@goalpost/core/internal";
import { describe, expect, it } from "vitest";
import { openCheckSandbox } from "./check-sandbox.js";
import { splitTreeChanges } from "./run-outputs.js";
import { runVerification } from "./run-verification.js";
import { buggyProject, FIXED_ADD, goalOn, temporaryDir } from "./test-projects.js";

const state = (files: Record<string, string>, untracked: string[]): TreeState => ({
  fingerprint: JSON.stringify(files),
  files: new Map(Object.entries(files)),
  untracked: new Set(untracked),
});

describe("what a run wrote, and what changed from outside", () => {
  it("a new untracked file is the run's; an untracked file the project had is not, unless a run wrote it; a tracked one never", () => {
    const before = state({ "notes.txt": "a", "test/prog": "1", "src/x.js": "m" }, ["notes.txt", "test/prog"]);
    const after = state({ "notes.txt": "b", "test/prog": "2", "test/new": "n", "src/x.js": "n" }, [
      "notes.txt",
      "test/prog",
      "test/new",
    ]);
    expect(splitTreeChanges(before, after, new Set())).toEqual({
      outputs: ["test/new"],
      outside: ["notes.txt", "src/x.js", "test/prog"],
    });
    expect(splitTreeChanges(before, after, new Set(["test/prog", "src/x.js"]))).toEqual({
      outputs: ["test/new", "test/prog"],
      outside: ["notes.txt", "src/x.js"],
    });
    // An earlier output removed by the run (a `clean` before the build) is the run's too.
    expect(splitTreeChanges(before, state({ "notes.txt": "a", "src/x.js": "m" }, ["notes.txt"]), new Set(["test/prog"]))).toEqual(
      {
        outputs: ["test/prog"],
        outside: [],
      },
    );
  });
});

const probe = await openCheckSandbox({ project: temporaryDir(), runDir: temporaryDir(), readable: [], unreadable: [] });
if ("sandbox" in probe) await probe.sandbox.dispose();
const unavailable = "unavailable" in probe ? probe.unavailable : null;

/** A project whose test script builds a file into the tree (not ignored) before node's test runner. */
function buildingProject(after = "") {
  const cwd = buggyProject({
    "build.js":
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the build script's own template literal
      'require("node:fs").mkdirSync("gen", { recursive: true }); require("node:fs").writeFileSync("gen/stamp.js", `exports.at = ${Date.now()};\\n`);\n',
  });
  const pkg = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8"));
  writeFileSync(join(cwd, "package.json"), JSON.stringify({ ...pkg, scripts: { test: `node build.js && node --test${after}` } }));
  return cwd;
}

describe.skipIf(unavailable !== null)("a check that builds into the tree, in the real walls", { timeout: 60_000 }, () => {
  const closeAndRun = async (setup: ReturnType<typeof goalOn>) => {
    setup.tools.close(setup.identity, { status: "complete" });
    return (await runVerification(setup.store, setup.requests.at(-1)!))!;
  };

  it("is judged, its outputs named and kept, on its first run and on a rebuild", async () => {
    const cwd = buildingProject();
    const setup = goalOn(cwd);
    const refused = await closeAndRun(setup);
    expect(refused.run.state).toBe("failed");
    expect(refused.run.verdict).toMatch(
      /node:test reports 1 failed.*the checks wrote a file git does not ignore \(gen\/stamp\.js\), left as they are/,
    );
    expect(existsSync(join(cwd, "gen/stamp.js"))).toBe(true);

    writeFileSync(join(cwd, "math.js"), FIXED_ADD);
    const closed = await closeAndRun(setup);
    expect(closed.outcome, closed.run.verdict).toBe("closed");
    expect(closed.run.verdict).toMatch(/gen\/stamp\.js/);
    // The work is the fix, not the build's output.
    expect(closed.run.changed?.files.map((change) => change.path)).toEqual(["math.js"]);
  });

  it("a check that writes a file of the project's voids its run, naming it", async () => {
    const cwd = buildingProject(" && echo '// touched' >> math.test.js");
    writeFileSync(join(cwd, "math.js"), FIXED_ADD);
    const setup = goalOn(cwd);
    const report = await closeAndRun(setup);
    expect(report.run.state).toBe("void");
    expect(report.run.verdict).toMatch(/^files changed while the checks ran \(math\.test\.js\)/);
  });
});
