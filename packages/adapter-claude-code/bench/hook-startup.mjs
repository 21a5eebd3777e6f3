// Whole-process cost of the hook against a bare `node -e 0`, on the same machine, in one run:
// alternating runs, medians, ratios. NODE_EXTRA_CA_CERTS is removed from the environment because it
// adds ~30 ms to every Node start and would hide the hook's own cost.
//
// Rows: a minimal hook that only reads stdin and parses JSON (the floor any Node hook pays); then
// goalpost's hook for a typical PreToolUse (Bash) and a UserPromptSubmit, each with no goal and with a
// realistic open goal (10 requirements, 20 done items, 5 remaining, 3 issues, so the hook reads,
// decides and writes), started plainly and from the startup snapshot that `install` builds.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoalStore, createGoalTools } from "@goalpost/core";

const bin = fileURLToPath(new URL("../dist/goalpost-claude-code.js", import.meta.url));
const snapshotEntry = fileURLToPath(new URL("../dist/goalpost-claude-code-snapshot.cjs", import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 30);
const work = mkdtempSync(join(tmpdir(), "goalpost-hook-bench-"));
const blob = join(work, "hook.blob");
execFileSync(process.execPath, ["--no-warnings", "--snapshot-blob", blob, "--build-snapshot", snapshotEntry]);
const minimalHook = join(work, "minimal-hook.mjs");
writeFileSync(
  minimalHook,
  'let s="";process.stdin.on("data",(d)=>{s+=d}).on("end",()=>{JSON.parse(s);process.stdout.write("")});\n',
);

function stateWith(openGoal) {
  const root = join(work, openGoal ? "with-goal" : "no-goal");
  if (!openGoal) return root;
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
  // Drift limits are raised so every measured call takes the allowed path (read, decide, locked write).
  writeFileSync(join(root, "config.json"), JSON.stringify({ driftWarnAt: 1_000_000, driftDenyAt: 1_000_000 }));
  return root;
}

const base = { session_id: "bench-session", transcript_path: "/tmp/t.jsonl", cwd: "/work/project", permission_mode: "default" };
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
const roots = { "no goal": stateWith(false), "open goal": stateWith(true) };

function time(args, input, root) {
  const env = { ...process.env, GOALPOST_HOME: root, CLAUDE_PROJECT_DIR: "/work/project" };
  delete env.NODE_EXTRA_CA_CERTS;
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { input, env });
  if (result.status !== 0 || String(result.stderr).includes("internal error"))
    throw new Error(`${args.join(" ")}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const variants = [["minimal stdin+JSON hook", "-", () => [minimalHook]]];
for (const event of Object.keys(payloads)) {
  for (const state of Object.keys(roots)) {
    variants.push([`${event}, ${state}, plain`, event, () => [bin, "hook", event], state]);
    variants.push([`${event}, ${state}, snapshot`, event, () => ["--snapshot-blob", blob, bin, "hook", event], state]);
  }
}
const samples = new Map(variants.map(([name]) => [name, []]));
const bare = [];
for (let round = -3; round < runs; round++) {
  const b = time(["-e", "0"], "", work);
  if (round >= 0) bare.push(b);
  for (const [name, event, args, state] of variants) {
    const t = time(args(), event === "-" ? payloads.PreToolUse : payloads[event], state ? roots[state] : work);
    if (round >= 0) samples.get(name).push(t);
  }
}
const bareMedian = median(bare);
console.log(
  `goalpost-claude-code hook vs bare \`node -e 0\` (${bareMedian.toFixed(1)} ms), median of ${runs} alternating rounds, Node ${process.versions.node}`,
);
console.table(
  variants.map(([name]) => ({
    hook: name,
    "ms (median)": Number(median(samples.get(name)).toFixed(1)),
    ratio: Number((median(samples.get(name)) / bareMedian).toFixed(2)),
  })),
);
rmSync(work, { recursive: true, force: true });
