// Test helpers: real projects on disk (a git work tree with a node:test suite), removed after each test.
// Node's and vitest's only, so @goalpost/verifier's tests take them too (its test-projects.ts).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Removes `dir` after the test. */
export function removeAfterTest(dir: string): string {
  made.push(dir);
  return dir;
}

export function temporaryDir(prefix = "goalpost-project-"): string {
  return removeAfterTest(mkdtempSync(join(tmpdir(), prefix)));
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
