// Store cost as history grows: load + update + save per operation (median of repeated runs) and file
// size, for sessions with 0, 1,000 and 100,000 recorded tool calls; then the throughput of 8
// concurrent writer processes on one session.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createGoal, createGoalStore, pushToolCall } from "../dist/internal.js";

const run = promisify(execFile);
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const root = mkdtempSync(join(tmpdir(), "goalpost-bench-"));
const identity = { sessionId: "bench", host: "bench", cwd: "/work/project" };

function toolCall(index) {
  return {
    at: new Date().toISOString(),
    tool: "Bash",
    kind: index % 7 === 0 ? "verification" : "other",
    summary: `Bash: npm run step ${index}`,
  };
}

const rows = [];
for (const recorded of [0, 1_000, 100_000]) {
  const store = createGoalStore({ root: join(root, String(recorded)) });
  let goal = createGoal({ ...identity, objective: "Benchmark the store", source: "api", requirements: ["a", "b"] });
  for (let index = 0; index < recorded; index++) goal = pushToolCall(goal, toolCall(index));
  store.update(identity, (session) => {
    session.goals.push(goal);
    session.counters.toolCalls = recorded;
  });
  const times = [];
  for (let round = 0; round < 200; round++) {
    const start = performance.now();
    store.update(identity, (session) => {
      session.goals[0] = pushToolCall(session.goals[0], toolCall(round));
      session.counters.toolCalls += 1;
    });
    times.push(performance.now() - start);
  }
  rows.push({
    "recorded tool calls": recorded,
    "load+update+save (ms, median)": Number(median(times).toFixed(2)),
    "file size (KiB)": Number((statSync(store.sessionPath("bench")).size / 1024).toFixed(1)),
  });
}
console.log("goal store: one locked update as history grows");
console.table(rows);

const writer = fileURLToPath(new URL("../src/__fixtures__/store-writer.mjs", import.meta.url));
const concurrentRoot = join(root, "concurrent");
const started = performance.now();
await Promise.all(Array.from({ length: 8 }, (_, id) => run("node", [writer, concurrentRoot, "shared", String(id), "50"])));
const seconds = (performance.now() - started) / 1000;
const total = createGoalStore({ root: concurrentRoot }).read("shared").counters.toolCalls;
console.log(
  `8 concurrent writer processes: ${total} updates in ${seconds.toFixed(2)} s (${Math.round(total / seconds)} updates/s, process start-up included)`,
);
rmSync(root, { recursive: true, force: true });
