#!/usr/bin/env node
// Tries goalpost's verifier on a real project as the docs' table of public projects was made: a goal set
// in the project's folder (its checks derived, or the ones named), the starting point taken, a close on the
// tree as it is (with the bug the caller put in), then — after the caller's fix, applied here by replacing
// text in a file — a close again. Prints each verdict. Uses the built packages and the caller's real home
// (its tool caches and settings), as a user's own goal would; goalpost's state goes to a folder of its own.
//
//   node e2e/scripts/try-project.mjs <project> <file> <buggy text> <fixed text> [--goal "<words>"] [--prompt "<words>"]
//
// --prompt is what the user types after the starting point is told (printed): `goal: check trust npm test`.
//
// The file must contain <buggy text> (put the bug in first); it is left fixed.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createGoalEngine, createGoalStore, createGoalTools } from "@goalpost/core";
import { runStartingPoint, runVerification } from "@goalpost/verifier";

const args = process.argv.slice(2);
const goalAt = args.indexOf("--goal");
const words = goalAt >= 0 ? args.splice(goalAt, 2)[1] : "fix the bug; done when the tests pass";
const promptAt = args.indexOf("--prompt");
const userPrompt = promptAt >= 0 ? args.splice(promptAt, 2)[1] : null;
const [project, file, buggy, fixed] = args;
if (!project || !file || buggy === undefined || fixed === undefined) {
  console.error('usage: try-project.mjs <project> <file> <buggy text> <fixed text> [--goal "<words>"]');
  process.exit(2);
}
const cwd = resolve(project);
const store = createGoalStore({ root: join(mkdtempSync(join(tmpdir(), "goalpost-try-")), "state") });
const requests = [];
const startVerification = (request) => requests.push(request);
const engine = createGoalEngine({ store, startVerification });
const identity = { sessionId: "try", host: "test", cwd };
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

engine.handle({ type: "prompt-submitted", ...identity, prompt: `/goal ${words}`, searchPath: process.env.PATH });
const goal = () => store.read(identity.sessionId).goals.at(-1);
console.log(
  `checks: ${
    goal()
      .checks.map((check) => `\`${check.command}\` (${check.source})`)
      .join(", ") || "none"
  }`,
);
if (goal().checkEnv) console.log(`environment offered: ${JSON.stringify(goal().checkEnv)}`);
const start = await runStartingPoint(
  store,
  requests.find((request) => request.task === "start"),
);
console.log(`start [${seconds()}]: ${start?.state}: ${start?.summary}`);
const told = engine.handle({ type: "prompt-submitted", ...identity, prompt: "go on", origin: "user" });
if (told.userNote) console.log(`told: ${told.userNote}`);
if (userPrompt)
  console.log(
    `the user: ${userPrompt}: ${engine.handle({ type: "prompt-submitted", ...identity, prompt: userPrompt, origin: "user" }).userNote ?? ""}`,
  );

const tools = createGoalTools(store, { startVerification });
tools.update(identity, {
  status: "active",
  doneSoFar: [`Changed ${file} to fix the bug the tests show`],
  validationProof: ["the project's own tests cover the bug"],
  verificationResults: ["the project's tests ran against the fix"],
  inspectionEvidence: [`Read ${file} and the tests that cover it`],
  completionAudit: ["Checked the fix against the objective"],
});
store.update(identity, (session) => {
  const current = session.goals.at(-1);
  session.goals[session.goals.length - 1] = {
    ...current,
    toolHistory: [{ at: new Date().toISOString(), tool: "Edit", kind: "action", summary: `Edit: ${file}` }],
  };
});
const close = async (label) => {
  const since = Date.now();
  tools.close(identity, { status: "complete" });
  const report = await runVerification(store, requests.at(-1));
  console.log(
    `${label} [${((Date.now() - since) / 1000).toFixed(1)} s; checks ${(report?.run.results ?? []).map((r) => `${(r.durationMs / 1000).toFixed(1)} s`).join(", ")}]: ${report?.outcome}: ${report?.run.state}: ${report?.run.verdict}`,
  );
  if (report?.run.state !== "passed" && process.env.TRY_OUTPUT)
    console.log(report?.run.results.map((r) => r.output).join("\n---\n"));
  return report;
};
await close("bug");
const path = join(cwd, file);
const text = readFileSync(path, "utf8");
if (!text.includes(buggy)) console.error(`note: ${file} does not contain the buggy text; the fix is not applied`);
writeFileSync(path, text.replace(buggy, fixed));
const closed = await close("fix");
if (closed?.run.changed) console.log(`changed: ${closed.run.changed.files.map((change) => change.path).join(", ")}`);
process.exit(closed?.outcome === "closed" ? 0 : 1);
