// Whole-process cost of the hook against a bare `node -e 0`, on the same machine, in one run:
// alternating runs, medians, ratio. NODE_EXTRA_CA_CERTS is removed from the environment because it
// adds ~30 ms to every Node start and would hide the hook's own cost.
// Payloads: a typical PreToolUse (Bash) and a UserPromptSubmit, both with a realistic open goal
// (10 requirements, 20 done items, 5 remaining, 3 issues), so the hook reads, decides and writes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoalStore, createGoalTools } from "@goalpost/core";

const bin = fileURLToPath(new URL("../dist/goalpost-claude-code.js", import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 40);
const root = mkdtempSync(join(tmpdir(), "goalpost-hook-bench-"));
const env = { ...process.env, GOALPOST_HOME: root, CLAUDE_PROJECT_DIR: "/work/project" };
delete env.NODE_EXTRA_CA_CERTS;

// An open, realistic goal. Drift limits are raised so every measured call takes the allowed path
// (read, decide, locked write), not the cheaper denial.
writeFileSync(join(root, "config.json"), JSON.stringify({ driftWarnAt: 1_000_000, driftDenyAt: 1_000_000 }));
const session = { sessionId: "bench-session", host: "claude-code", cwd: "/work/project" };
const tools = createGoalTools(createGoalStore({ root }));
tools.open(session, {
  objective: "Make the CSV importer stream files of any size with constant memory and keep its public API",
  requirements: Array.from(
    { length: 10 },
    (_, i) => `Requirement ${i + 1}: the importer handles case ${i + 1} without buffering`,
  ),
  remaining: Array.from({ length: 5 }, (_, i) => `Remaining step ${i + 1}: finish part ${i + 1} of the rewrite`),
});
tools.update(session, {
  doneSoFar: Array.from({ length: 20 }, (_, i) => `Done ${i + 1}: rewrote module ${i + 1} as a stream stage`),
  discoveredIssues: [
    "issue 1: parser leaks a file handle",
    "issue 2: BOM breaks header detection",
    "issue 3: CRLF rows double count",
  ],
});

const base = { session_id: session.sessionId, transcript_path: "/tmp/t.jsonl", cwd: session.cwd, permission_mode: "default" };
const payloads = {
  PreToolUse: JSON.stringify({
    ...base,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "npm test", description: "run tests" },
    tool_use_id: "toolu_1",
  }),
  UserPromptSubmit: JSON.stringify({
    ...base,
    hook_event_name: "UserPromptSubmit",
    prompt: "keep going with the next remaining step",
  }),
};

const time = (args, input) => {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, env });
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const rows = [];
for (const [event, input] of Object.entries(payloads)) {
  const bare = [];
  const hook = [];
  for (let i = 0; i < 5; i++) time([bin, "hook", event], input); // warm the file cache
  for (let i = 0; i < runs; i++) {
    bare.push(time(["-e", "0"], ""));
    hook.push(time([bin, "hook", event], input));
  }
  rows.push({
    event,
    "node -e 0 (ms)": Number(median(bare).toFixed(1)),
    "hook (ms)": Number(median(hook).toFixed(1)),
    ratio: Number((median(hook) / median(bare)).toFixed(2)),
  });
}
console.log(`goalpost-claude-code hook vs bare node, median of ${runs} alternating runs (Node ${process.versions.node})`);
console.table(rows);
rmSync(root, { recursive: true, force: true });
