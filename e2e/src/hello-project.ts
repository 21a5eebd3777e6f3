// The project every real host's verifier test works on: `npm test` (node:test) checks that hello.js
// prints hello, and hello.js prints bye. The agent's fix, and what it records as evidence.
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
