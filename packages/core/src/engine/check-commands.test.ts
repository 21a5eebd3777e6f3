// The user's word on checks, through the engine: what a captured goal will run, `/goal check …`, the
// model's proposals, `/goal accept` and `/goal refuse`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { passedRun } from "../record/test-goals.js";
import { activeGoal } from "../session/session-goals.js";
import { recordCheckBaseline } from "../verify/check-baseline.js";
import { buggyProject } from "../verify/test-projects.js";
import type { VerificationRequest } from "../verify/verification-request.js";
import { SESSION, testEngine } from "./test-engine.js";

function engineOn(cwd: string) {
  const requests: VerificationRequest[] = [];
  const setup = testEngine({}, { startVerification: (request) => requests.push(request) });
  const prompt = (text: string) => setup.send({ type: "prompt-submitted", cwd, prompt: text, searchPath: "/usr/bin:/bin" });
  const goal = () => activeGoal(setup.store.read(SESSION.sessionId))!;
  return { ...setup, requests, prompt, goal, caller: { ...SESSION, cwd } };
}

// Each test runs the checks for real (node --test in a sandbox): seconds each on a loaded 2-core machine.
describe("the checks of a goal", { timeout: 60_000 }, () => {
  it("are told to the user at capture, with the host's PATH kept, their definition recorded and their starting point taken off the hook's path", () => {
    const cwd = buggyProject();
    const { prompt, goal, requests, store } = engineOn(cwd);
    const captured = prompt("/goal fix add; done when the tests pass");
    expect(captured.userNote).toMatch(
      /goal captured as a draft; to check it, goalpost will run 1\. `npm test` \(test, the project's\) itself, in a sandbox/,
    );
    expect(goal()).toMatchObject({
      checks: [{ command: "npm test", kind: "test", source: "project" }],
      checkPath: "/usr/bin:/bin",
    });
    expect(goal().checkBaseline).toBeNull();
    expect(goal().checkStart).toMatchObject({ state: "running", pid: null });
    expect(requests).toEqual([
      expect.objectContaining({ task: "start", goalId: goal().id, verificationId: goal().checkStart!.id }),
    ]);
    expect(recordCheckBaseline(store, requests[0]!)).toBe(true);
    expect(Object.keys(goal().checkBaseline!.files)).toEqual(["math.test.js", "package.json"]);
    // Once only: a second baseline never replaces the first.
    expect(recordCheckBaseline(store, requests[0]!)).toBe(false);
  });

  it("are defined before the agent's first tool call, even when the process started at capture has not got to it", () => {
    const cwd = buggyProject();
    const { prompt, goal, send, store } = engineOn(cwd);
    prompt("/goal fix add; done when the tests pass");
    expect(goal().checkBaseline).toBeNull();
    // The agent's first call hollows the test: the baseline is taken before it runs, so it is the honest one.
    send({
      type: "tool-about-to-run",
      cwd,
      toolName: "Edit",
      toolInput: { file_path: `${cwd}/math.test.js`, old_string: "5", new_string: "-1" },
    });
    const baseline = goal().checkBaseline!;
    expect(Object.keys(baseline.files)).toEqual(["math.test.js", "package.json"]);
    expect(baseline.programs.map((program) => program.name)).toContain("npm");
    expect(baseline.tree?.head).toMatch(/^[0-9a-f]{40}$/);
    writeFileSync(join(cwd, "math.test.js"), "// hollowed\n");
    // The process started at capture comes later and keeps it: a baseline is never replaced.
    expect(recordCheckBaseline(store, { sessionId: SESSION.sessionId, goalId: goal().id })).toBe(false);
    expect(goal().checkBaseline).toEqual(baseline);
  });

  it("name what of the user's home the run reads, once, at capture", () => {
    const cwd = buggyProject();
    const { prompt } = engineOn(cwd);
    const note = prompt("/goal fix add; done when the tests pass").userNote;
    expect(note).toMatch(
      /in a sandbox: it sees the project and the system's programs(, not your home|, and of your home only .* \(read-only\))/,
    );
    expect(note).toMatch(/It runs them once now, to see where the goal starts from\./);
  });

  it("keep a command the user names that goalpost cannot classify, and take the user's word that its exit status counts", () => {
    const { prompt, goal } = engineOn(buggyProject());
    prompt("/goal fix add; done when `./scripts/test` passes");
    expect(goal().checks).toEqual([{ command: "./scripts/test", kind: "test", source: "words" }]);
    expect(prompt("goal: check trust ./scripts/test").userNote).toMatch(
      /1\. `\.\/scripts\/test` \(test, from your words, its exit status counts\)/,
    );
    expect(goal().checks[0]).toMatchObject({ exitStatusCounts: true });
    expect(prompt("goal: check trust 7").userNote).toMatch(/no check "7" to trust/);
  });

  it("are the project's CI test run — its command and the time zone and locale it runs with — said with where they come from", () => {
    const cwd = buggyProject({
      ".github/workflows/ci.yml":
        "jobs:\n  test:\n    env:\n      TZ: UTC\n      LANG: C.UTF-8\n    steps:\n      - run: npm ci\n      - run: npm run test:ci\n",
    });
    const { prompt, goal } = engineOn(cwd);
    expect(prompt("/goal fix add; done when the tests pass").userNote).toMatch(
      /goalpost will run 1\. `npm run test:ci` \(test, the project's, from \.github\/workflows\/ci\.yml\) itself.* They run with TZ=UTC LANG=C\.UTF-8, as the project's CI runs its tests \(\.github\/workflows\/ci\.yml\); `goal: check env NAME=value` changes one\./,
    );
    expect(goal().checks).toEqual([
      { command: "npm run test:ci", kind: "test", source: "project", from: ".github/workflows/ci.yml" },
    ]);
    expect(goal().checkEnv).toEqual({ TZ: "UTC", LANG: "C.UTF-8" });
    // One line changes it: the user's word wins.
    expect(prompt("goal: check env TZ=Europe/Paris").userNote).toMatch(/run with TZ=Europe\/Paris LANG=C\.UTF-8\./);
    expect(prompt("goal: check add npm test").userNote).toMatch(/`npm test` \(test, set by you\)/);
    expect(prompt("goal: check env PATH=/tmp/evil").userNote).toMatch(/say it as NAME=value \(not PATH, HOME or CI\)/);
  });

  it("take a command the user's words name, as written", () => {
    const { prompt, goal } = engineOn(buggyProject());
    prompt("/goal fix add\n- `node --test math.test.js` passes\n- the build succeeds");
    // The command names the first requirement's check: that requirement is covered by goalpost's run of it.
    expect(goal().checks).toEqual([{ command: "node --test math.test.js", kind: "test", source: "words", requirement: 1 }]);
    expect(goal().requirements).toEqual(["`node --test math.test.js` passes", "the build succeeds"]);
  });

  it("are set by the user with /goal check add, drop and list; nothing is run from a project with none", () => {
    const cwd = buggyProject();
    const { prompt, goal } = engineOn(cwd);
    prompt("/goal tidy the README");
    expect(goal().checks).toEqual([{ command: "npm test", kind: "test", source: "project" }]);
    expect(prompt("/goal check add npx eslint .").userNote).toMatch(
      /1\. `npm test` .*; 2\. `npx eslint \.` \(lint, set by you\)/,
    );
    expect(prompt("/goal check drop 1").userNote).toMatch(
      /the checks of goal "[^"]+": 1\. `npx eslint \.` \(lint, set by you\)\./,
    );
    expect(prompt("/goal check drop make").userNote).toMatch(/no check "make" to drop/);
    expect(prompt("/goal check").userNote).toMatch(/1\. `npx eslint \.`/);
    expect(goal().checks).toEqual([{ command: "npx eslint .", kind: "lint", source: "user" }]);
  });

  it("a change of checks voids goalpost's last run: it proved nothing about the new ones", () => {
    const { prompt, goal, store, caller } = engineOn(buggyProject());
    prompt("/goal fix add");
    store.update(caller, (session) => {
      session.goals[0] = { ...session.goals[0]!, verification: passedRun() };
    });
    prompt("/goal check add npx eslint .");
    expect(goal().verification).toBeNull();
  });

  it("proposed by the model bind nothing until the user accepts them", () => {
    const { prompt, goal, tools, caller } = engineOn(buggyProject());
    prompt("/goal fix add");
    tools.open(caller, { objective: "Fix add in math.js" });
    tools.update(caller, { proposedChecks: ["echo ok"] });
    expect(goal().checks.map((check) => check.command)).toEqual(["npm test"]);
    expect(prompt("keep going").userNote).toMatch(
      /the agent proposes these checks for goal "[^"]+": `echo ok`\. `goal: check accept` takes them/,
    );
    prompt("/goal check accept");
    expect(goal().checks.map((check) => check.command)).toEqual(["npm test", "echo ok"]);
    expect(goal().proposedChecks).toEqual([]);
  });

  it("/goal accept and /goal refuse answer only a goal that waits for the user", () => {
    const cwd = buggyProject();
    const { prompt, goal, tools, caller, send, store } = engineOn(cwd);
    prompt("/goal fix add");
    expect(prompt("/goal accept").userNote).toMatch(/is not waiting for you; nothing changed/);
    send({ type: "tool-ran", cwd, toolName: "Edit", toolInput: { file_path: `${cwd}/math.js` }, succeeded: true });
    tools.open(caller, { objective: "Fix add in math.js" });
    tools.update(caller, {
      doneSoFar: ["Changed add in math.js to return a + b"],
      validationProof: ["math.test.js asserts add(2, 3) is 5"],
      verificationResults: ["node --test math.test.js: 1 pass"],
      inspectionEvidence: ["Read math.js and math.test.js"],
      completionAudit: ["The objective checked against math.test.js"],
    });
    prompt("/goal check drop 1");
    // No check left: the close waits for the user, who refuses, then accepts a second time.
    expect(tools.close(caller, { status: "complete" }).text).toMatch(/waits for the user/);
    const refused = prompt("/goal refuse");
    expect(refused.context).toMatch(/the user did not accept goal goal_\w+ as complete \(no-checks\)/);
    expect(goal()).toMatchObject({ status: "active", awaitingUser: null, closeRequest: null });
    tools.close(caller, { status: "complete" });
    expect(prompt("/goal accept").userNote).toMatch(/closed as complete, on your word/);
    expect(store.read(SESSION.sessionId)!.goals[0]).toMatchObject({ status: "complete", closeReason: "accepted by the user" });
  });
});
