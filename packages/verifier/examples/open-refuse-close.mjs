// A goal's life in @goalpost/core: opened, refused at the gate, given evidence, then closed on
// goalpost's own run of the user's checks (this package) in a small real project.
// Run after `pnpm build`: node examples/open-refuse-close.mjs
// It works at the level of goal records, as goalpost's own adapters do (`@goalpost/core/internal`); a
// harness of your own starts from examples/harness.mjs and core's main entry.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  applyGoalUpdate,
  CompletionRefusedError,
  checkDefinition,
  closeGoal,
  createGoal,
  createGoalStore,
  createGoalTools,
  createToolClassifier,
  deriveChecks,
  pushReceipt,
  pushToolCall,
  summarizeToolCall,
} from "@goalpost/core/internal";
import { verifyInProcess } from "../dist/index.js";

// The project: its `npm test` is what "done" means here.
const project = mkdtempSync(join(tmpdir(), "goalpost-example-"));
writeFileSync(
  join(project, "package.json"),
  JSON.stringify({ name: "importer", private: true, scripts: { test: "node --test" } }),
);
writeFileSync(join(project, "importer.test.js"), 'require("node:test")("streams a 2 GB file", () => {});\n');
const objective = "Make the importer stream large files; done when the tests pass";

const clock = {
  t: Date.parse("2026-11-22T09:00:00Z"),
  next() {
    this.t += 60_000;
    return new Date(this.t);
  },
};
const say = (line = "") => console.log(line);

let goal = createGoal(
  {
    sessionId: "demo-session",
    cwd: project,
    host: "example",
    source: "slash",
    objective,
    // The user's checks, from their words and the project, and what defines them now.
    checks: deriveChecks(objective, project),
    checkBaseline: checkDefinition(project),
    checkPath: process.env.PATH,
    requirements: ["Files over 1 GB import in constant memory", "The CSV API stays unchanged"],
    sourcePrompt: `/goal make the importer stream large files (my key is ${"sk-ant-"}${"x".repeat(40)})`,
  },
  clock.next(),
);
say(`opened ${goal.id}: "${goal.objective}"`);
say(`  prompt preview kept on disk: ${goal.sourcePromptPreview}`);
say(`  checks goalpost will run itself: ${goal.checks.map((check) => check.command).join(", ")}`);

function closeAsComplete() {
  try {
    goal = closeGoal(goal, { status: "complete" }, clock.next());
    say(`\nclosed as ${goal.status} at ${goal.closedAt}`);
  } catch (error) {
    if (!(error instanceof CompletionRefusedError)) throw error;
    say(`\nclose refused (${error.unmet.length} conditions):`);
    for (const condition of error.unmet) say(`  - ${condition.message}`);
  }
}

closeAsComplete();

// What a host reports as tool results becomes history and receipts (progress, not proof); a model's words never do.
const classifier = createToolClassifier();
function toolRan(tool, input, passed = true) {
  const at = clock.next();
  const call = classifier.classify(tool, input);
  goal = pushToolCall(goal, { at: at.toISOString(), tool: call.tool, kind: call.kind, summary: summarizeToolCall(call) });
  if (call.edits) goal = { ...goal, lastEditAt: at.toISOString() };
  if (call.kind === "verification" && call.category) {
    goal = pushReceipt(goal, {
      at: at.toISOString(),
      tool: call.tool,
      command: call.command,
      category: call.category,
      passed,
      files: [],
    });
  }
  say(`  tool ${call.tool.padEnd(6)} ${call.kind.padEnd(12)} ${summarizeToolCall(call)}`);
}

say("\nthe agent works:");
toolRan("Read", { file_path: "src/importer.ts" });
toolRan("Edit", { file_path: "src/importer.ts" });
toolRan("Bash", { command: "npm test" });

goal = applyGoalUpdate(
  goal,
  {
    doneSoFar: ["Replaced readFileSync with a stream pipeline in src/importer.ts"],
    inspectionEvidence: ["Read src/importer.ts and its tests"],
    validationProof: ["Imported a 2 GB fixture with 80 MB peak memory"],
    verificationResults: ["npm test: 48 passed, 0 failed"],
    requirementCoverage: [
      { requirement: "1", evidence: "importer.test.ts 'streams a 2 GB file' passes" },
      { requirement: "2", evidence: "csv-api.test.ts passes unchanged" },
    ],
    completionAudit: ["Both requirements checked against passing tests; API diff is empty"],
    remaining: [],
  },
  clock.next(),
).goal;
say(`\nupdated to revision ${goal.revision}`);

closeAsComplete(); // every condition on the record holds; goalpost has not run the checks yet

// The goal tools close it: goalpost runs `npm test` itself, sandboxed, and the goal closes on a pass.
const state = mkdtempSync(join(tmpdir(), "goalpost-example-state-"));
const store = createGoalStore({ root: state });
const caller = { sessionId: goal.sessionId, host: goal.host, cwd: project };
store.update(caller, (session) => {
  session.goals.push(goal);
  session.activeGoalId = goal.id;
});
const tools = createGoalTools(store, { startVerification: verifyInProcess(store) }); // runs the checks in this process
say(`\n${tools.close(caller, { status: "complete" }).text}`);
const deadline = Date.now() + 30_000;
let last = goal;
while (Date.now() < deadline) {
  last = store.read(caller.sessionId).goals[0];
  if (last.status === "complete" || last.awaitingUser || last.verification?.state !== "running") break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
say(`\ngoalpost's run: ${last.verification?.state}: ${last.verification?.verdict} (${last.verification?.sandbox})`);
say(last.awaitingUser ? `the goal waits for the user: ${last.awaitingUser.summary}` : `the goal is ${last.status}`);
for (const dir of [project, state]) rmSync(dir, { recursive: true, force: true });
