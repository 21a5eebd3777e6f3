// A harness of your own on @goalpost/core and @goalpost/verifier, the whole loop: the user's goal captured from a prompt and
// put in the model's context, a stop refused while it is open, the model's own tools reported, its
// goal tools called, and the goal closed only on goalpost's run of the user's checks — for two
// sessions at once, both verifying in this one process. Each project here is a small one with a bug.
// Run: node node_modules/@goalpost/verifier/examples/harness.mjs   (Linux needs bubblewrap: the walls)
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createGoalEngine,
  createGoalStore,
  createGoalTools,
  GOAL_TOOL_SPECS,
  goalToolDefinitions,
  toolErrorText,
} from "@goalpost/core/harness";
import { verifyInProcess } from "@goalpost/verifier";

const store = createGoalStore({ root: process.env.GOALPOST_HOME || mkdtempSync(join(tmpdir(), "harness-state-")) });
// Both verify in this process, in the background: nothing here awaits them, and a stop never waits.
const startVerification = verifyInProcess(store);
const engine = createGoalEngine({ store, startVerification });
const goalTools = createGoalTools(store, { startVerification });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A project whose `npm test` fails until `add` adds. */
function project() {
  const dir = mkdtempSync(join(tmpdir(), "harness-project-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "p", private: true, scripts: { test: "node --test" } }));
  writeFileSync(join(dir, "math.js"), "exports.add = (a, b) => a - b;\n");
  writeFileSync(
    join(dir, "math.test.js"),
    'const test = require("node:test");\nconst assert = require("node:assert");\nconst { add } = require("./math.js");\ntest("adds", () => assert.strictEqual(add(2, 3), 5));\n',
  );
  return dir;
}

async function session(sessionId) {
  const cwd = project();
  const caller = { sessionId, host: "my-harness", cwd };
  const say = (line) => console.log(`[${sessionId}] ${line}`);
  // Every event the harness sees goes through one call; the answer says what to do.
  const send = (event) => engine.handle({ ...caller, ...event });
  // A goal tool call from the model, by name: its answer (or why it was refused) is the tool's result.
  const callTool = (name, args) => {
    try {
      return GOAL_TOOL_SPECS.find((spec) => spec.name === name).run(goalTools, caller, args).text;
    } catch (error) {
      return toolErrorText(error);
    }
  };

  // The user's prompt: a goal and how it is checked. `context` goes into the model's context.
  const set = send({ type: "prompt-submitted", prompt: "/goal fix add; done when `npm test` passes" });
  say(`goal set: ${set.userNote ?? ""}`);
  say(`the model is told ${set.context?.length ?? 0} characters of it`);

  // The model wants to stop at once: refused, with the reason it is given as its next input.
  const early = send({ type: "stop-requested" });
  say(`stop: ${early.action} — ${early.reason?.split("\n")[0]}`);

  // The model works with its own tools: the harness reports each call before and after it runs.
  const tool = (toolName, toolInput, run) => {
    const before = send({ type: "tool-about-to-run", toolName, toolInput });
    if (before.action === "deny-tool") return say(`${toolName} denied: ${before.reason}`);
    run?.();
    send({ type: "tool-ran", toolName, toolInput, succeeded: true });
  };
  tool("Read", { file_path: join(cwd, "math.js") });
  // The model's goal tools (goalToolDefinitions() is what to hand it): it opens the goal it inspected …
  say(
    `goalpost_open: ${callTool("goalpost_open", { objective: "add in math.js returns the sum", remaining: ["fix add"] }).split("\n")[0]}`,
  );
  tool("Edit", { file_path: join(cwd, "math.js") }, () =>
    writeFileSync(join(cwd, "math.js"), "exports.add = (a, b) => a + b;\n"),
  );
  // … says what it did, and closes it.
  callTool("goalpost_update", {
    doneSoFar: ["Changed add in math.js to return a + b"],
    inspectionEvidence: ["Read math.js and math.test.js"],
    validationProof: ["math.test.js asserts add(2, 3) is 5"],
    verificationResults: ["npm test: the adds test passes"],
    completionAudit: ["The objective checked against math.test.js"],
    remaining: [],
  });
  say(`goalpost_close: ${callTool("goalpost_close", { status: "complete" }).split("\n")[0]}`);

  // Its stops are held while goalpost runs `npm test` in its walls; once the run passes, the goal is
  // closed and the stop goes through.
  for (let turn = 0; turn < 120; turn++) {
    const stop = send({ type: "stop-requested" });
    if (stop.action !== "block-stop") {
      say(`stop: ${stop.action}${stop.userNote ? ` — ${stop.userNote}` : ""}`);
      break;
    }
    await sleep(500);
  }
  const goal = store.read(sessionId)?.goals[0];
  say(`goal ${goal?.status}: ${goal?.verification?.verdict} (${goal?.verification?.sandbox})`);
  return goal;
}

console.log(
  `goal tools for the model: ${goalToolDefinitions()
    .map((tool) => tool.name)
    .join(", ")}`,
);
const goals = await Promise.all([session("session-a"), session("session-b")]);
process.exitCode = goals.every((goal) => goal?.status === "complete") ? 0 : 1;
