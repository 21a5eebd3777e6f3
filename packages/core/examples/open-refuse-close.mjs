// A goal's life in @goalpost/core: opened, refused at the gate, given evidence, closed.
// Run after `pnpm build`: node examples/open-refuse-close.mjs
import {
  applyGoalUpdate,
  CompletionRefusedError,
  closeGoal,
  createGoal,
  createToolClassifier,
  pushReceipt,
  pushToolCall,
  summarizeToolCall,
} from "../dist/index.js";

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
    cwd: process.cwd(),
    host: "example",
    source: "slash",
    objective: "Make the importer stream large files",
    requirements: ["Files over 1 GB import in constant memory", "The CSV API stays unchanged"],
    sourcePrompt: `/goal make the importer stream large files (my key is ${"sk-ant-"}${"x".repeat(40)})`,
  },
  clock.next(),
);
say(`opened ${goal.id}: "${goal.objective}"`);
say(`  prompt preview kept on disk: ${goal.sourcePromptPreview}`);

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

// What a host reports as tool results becomes history and receipts; a model's words never do.
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

closeAsComplete();
