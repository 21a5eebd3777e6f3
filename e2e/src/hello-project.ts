// The project every real host's verifier test works on: `npm test` (node:test) checks that hello.js
// prints hello, and hello.js prints bye. The agent's fix, and what it records as evidence.
import { execFileSync } from "node:child_process";

export const HELLO_PROJECT = {
  "README.md": "# hello\n",
  "package.json": JSON.stringify({ name: "demo", private: true, scripts: { test: "node --test" } }),
  "hello.js": "console.log('bye');\n",
  "hello.test.js": [
    'const test = require("node:test");',
    'const assert = require("node:assert");',
    'const { execFileSync } = require("node:child_process");',
    'test("prints hello", () => assert.equal(execFileSync(process.execPath, ["hello.js"]).toString().trim(), "hello"));',
    "",
  ].join("\n"),
};

export const HELLO_FIX = "console.log('hello');\n";

/** The goal as the user types it: a requirement line, and the check in their words. */
export const HELLO_GOAL = "make hello.js print hello\n1. node hello.js prints hello\nDone when the tests pass.";

/** goalpost_update's evidence once hello.js is fixed: every record condition of the gate met. */
export const HELLO_EVIDENCE = {
  doneSoFar: ["Wrote hello.js, which prints hello"],
  inspectionEvidence: ["Read README.md and package.json"],
  validationProof: ["npm test ran hello.test.js"],
  verificationResults: ["npm test: 1 pass"],
  requirementCoverage: [{ requirement: "1", evidence: "hello.test.js 'prints hello' passes" }],
  completionAudit: ["Requirement 1 checked against hello.test.js"],
  remaining: [],
};

/**
 * hello.js as an agent might leave it for goalpost's run of the tests: when the test runs it, it tries
 * to plant code that runs later outside any sandbox — git config naming a program (which git would run
 * on goalpost's own next look at the tree) and git hooks — says on stderr what it managed, and prints
 * `says` (bye: the bug; hello: the fix). `marker` is the file that program would make, outside the project.
 */
export function escapingHello(marker: string, says = "bye"): string {
  return [
    'const fs = require("fs");',
    "for (const [path, text] of [",
    `  [".git/config", "[core]\\n\\tfsmonitor = touch ${marker}\\n"],`,
    `  [".git/hooks/post-index-change", "#!/bin/sh\\ntouch ${marker}\\n"],`,
    `  [".git/hooks/pre-commit", "#!/bin/sh\\ntouch ${marker}\\n"],`,
    "]) {",
    '  try { fs.appendFileSync(path, text, { mode: 0o755 }); console.error("planted " + path); }',
    '  catch (error) { console.error("refused " + path + ": " + error.code); }',
    "}",
    `console.log('${says}');`,
    "",
  ].join("\n");
}

/** The project made a git repository with its files committed, as a user's is; returns git run in it. */
export function committed(project: string): (...args: string[]) => string {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd: project, encoding: "utf8" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "hello");
  return git;
}
