// Test helpers: real projects on disk (a git work tree with a node:test suite), a real store with a goal
// whose record evidence is complete, and the goal tools with a starter that hands back the run request.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import type { GoalRecord } from "../record/goal-record.js";
import { createGoalStore } from "../store/goal-store.js";
import { createGoalTools } from "../tools/goal-tools.js";
import { baselineOf } from "./check-definition.js";
import { openCheckSandbox } from "./check-sandbox.js";
import { deriveChecks } from "./derive-checks.js";
import { makeRunFolder } from "./run-folders.js";
import { runStartingPoint } from "./run-start.js";
import type { VerificationRequest } from "./verification-request.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function temporaryDir(prefix = "goalpost-project-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A run folder as goalpost makes one (run-folders.ts), removed after the test (runChecks removes its own). */
export function madeRunFolder(): string {
  const dir = makeRunFolder();
  made.push(dir);
  return dir;
}

/** Why no sandbox opens on this machine (the tests that need one skip, saying so), or null when one does. */
export async function sandboxUnavailable(): Promise<string | null> {
  const probe = await openCheckSandbox({ project: temporaryDir(), runDir: temporaryDir(), readable: [], unreadable: [] });
  return "unavailable" in probe ? probe.unavailable : null;
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

export const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd, stdio: "pipe" }).toString();

export const BUGGY_ADD = "exports.add = (a, b) => a - b;\n";
export const FIXED_ADD = "exports.add = (a, b) => a + b;\n";
export const ADD_TEST =
  'const test = require("node:test");\nconst assert = require("node:assert");\nconst { add } = require("./math.js");\ntest("adds", () => assert.equal(add(2, 3), 5));\n';

/** A committed git project whose `npm test` runs node:test on a buggy `add`. */
export function buggyProject(extra: Record<string, string> = {}): string {
  const cwd = temporaryDir();
  writeFiles(cwd, {
    "package.json": JSON.stringify({ name: "demo", private: true, scripts: { test: "node --test" } }, null, 2),
    ".gitignore": "node_modules/\n",
    "math.js": BUGGY_ADD,
    "math.test.js": ADD_TEST,
    ...extra,
  });
  git(cwd, "init", "-q");
  git(cwd, "add", "-A");
  git(cwd, "commit", "-qm", "buggy add");
  return cwd;
}

/** A store with one active user goal on `cwd`, its checks derived from `words`, its record evidence complete. */
export function goalOn(
  cwd: string,
  words = "fix add; done when the tests pass",
  options: { readonly startingPoint?: boolean } = {},
) {
  const root = join(temporaryDir("goalpost-state-"), "state");
  const store = createGoalStore({ root });
  const identity = { sessionId: "session-v", host: "test", cwd };
  const checks = deriveChecks(words, cwd);
  store.update(identity, (session) => {
    const goal: GoalRecord = {
      ...createGoal({
        ...identity,
        objective: words,
        source: "slash",
        status: "active",
        checks,
        checkBaseline: baselineOf({ cwd, checks, checkPath: process.env["PATH"] ?? null }, new Date()),
        checkPath: process.env["PATH"] ?? null,
        startingPoint: options.startingPoint ?? false,
      }),
      doneSoFar: ["Changed add in math.js to return a + b"],
      validationProof: ["math.test.js asserts add(2, 3) is 5"],
      verificationResults: ["node --test math.test.js: 1 pass"],
      inspectionEvidence: ["Read math.js and math.test.js"],
      completionAudit: ["The objective checked against math.test.js"],
      toolHistory: [{ at: new Date().toISOString(), tool: "Edit", kind: "action", summary: "Edit: math.js" }],
    };
    session.goals.push(goal);
    session.activeGoalId = goal.id;
  });
  const requests: VerificationRequest[] = [];
  const tools = createGoalTools(store, { startVerification: (request) => requests.push(request) });
  const goal = () => store.read(identity.sessionId)!.goals[0]!;
  /** goalpost's run of the checks for the starting point, as the process started at capture runs it. */
  const start = () =>
    runStartingPoint(store, {
      task: "start",
      root,
      sessionId: identity.sessionId,
      goalId: goal().id,
      verificationId: goal().checkStart?.id ?? "",
      allowUnsandboxed: false,
    });
  return { store, root, identity, tools, requests, goal, start };
}
