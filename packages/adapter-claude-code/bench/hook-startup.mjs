// What a hook costs the agent, measured as Claude Code pays it: goalpost is installed into a fake
// CLAUDE_CONFIG_DIR by its own `install` (start-up snapshot and no-goal fast path included), and each
// installed command line is run through /bin/sh with the payload on stdin, in alternating rounds with
// a bare `node -e 0`. NODE_EXTRA_CA_CERTS and NODE_OPTIONS are unset on both sides (the first adds
// ~30 ms to every Node start on some machines and would hide the hook's own cost).
//
// Prints, per event: the median ratio with no goal open and with a realistic goal open (10
// requirements, 20 done items, 5 remaining, 3 issues, so the hook reads, decides and writes), the
// same without the snapshot (a plugin, or a Node upgrade), and the characters the hook injects.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoalStore, createGoalTools } from "@goalpost/core";

const bin = fileURLToPath(new URL("../dist/goalpost-claude-code.js", import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 15);
const work = mkdtempSync(join(tmpdir(), "goalpost-hook-bench-"));
const cleanEnv = { ...process.env };
delete cleanEnv.NODE_EXTRA_CA_CERTS;
delete cleanEnv.NODE_OPTIONS;
const project = "/work/project";

/** A fake Claude Code home with goalpost installed by its own CLI; returns the hook commands. */
function install(name, flags) {
  const home = join(work, name);
  const configDir = join(home, ".claude");
  mkdirSync(configDir, { recursive: true });
  const env = { ...cleanEnv, HOME: home, CLAUDE_CONFIG_DIR: configDir };
  execFileSync(process.execPath, [bin, "install", ...flags], { env, stdio: "pipe" });
  const { hooks } = JSON.parse(readFileSync(join(configDir, "settings.json"), "utf8"));
  const commands = Object.fromEntries(Object.entries(hooks).map(([event, groups]) => [event, groups.at(-1).hooks[0].command]));
  return { env: { ...env, CLAUDE_PROJECT_DIR: project }, stateRoot: join(configDir, "goalpost"), commands };
}

function openRealisticGoal(stateRoot) {
  const session = { sessionId: "bench-session", host: "claude-code", cwd: project };
  const tools = createGoalTools(createGoalStore({ root: stateRoot }));
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
  // Limits raised so every measured call takes the same path (read, decide, locked write), never a stall.
  writeFileSync(
    join(stateRoot, "config.json"),
    JSON.stringify({ driftWarnAt: 1_000_000, driftDenyAt: 1_000_000, stopBlockLimit: 1_000_000 }),
  );
}

const base = { session_id: "bench-session", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default" };
const bash = (command) => ({ tool_name: "Bash", tool_input: { command, description: "run" }, tool_use_id: "toolu_1" });
const big = "x".repeat(500_000);
const payloads = {
  SessionStart: { hook_event_name: "SessionStart", source: "startup" },
  UserPromptSubmit: { hook_event_name: "UserPromptSubmit", prompt: "keep going with the next remaining step" },
  PreToolUse: { hook_event_name: "PreToolUse", ...bash("npm test") },
  PostToolUse: { hook_event_name: "PostToolUse", ...bash("npm test"), tool_response: { stdout: "12 passed", stderr: "" } },
  "PostToolUse (500 KB)": {
    hook_event_name: "PostToolUse",
    ...bash(`cat > big.txt <<'EOF'\n${big}\nEOF`),
    tool_response: { stdout: big, stderr: "" },
  },
  Stop: { hook_event_name: "Stop", stop_hook_active: false },
};
const eventOf = (name) => name.split(" ")[0];

const homes = {
  "no goal": install("no-goal", []),
  "goal open": install("goal-open", []),
  "goal open, no snapshot": install("plain", ["--no-snapshot"]),
};
openRealisticGoal(homes["goal open"].stateRoot);
openRealisticGoal(homes["goal open, no snapshot"].stateRoot);

function time(command, input, env) {
  const start = process.hrtime.bigint();
  const result = spawnSync("/bin/sh", ["-c", command], { input, env, maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0 || String(result.stderr).includes("goalpost:")) throw new Error(`${command}: ${result.stderr}`);
  return { ms, stdout: String(result.stdout) };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const samples = new Map();
const injected = new Map();
const bare = [];
for (let round = -2; round < runs; round++) {
  const start = process.hrtime.bigint();
  spawnSync(process.execPath, ["-e", "0"], { env: cleanEnv });
  if (round >= 0) bare.push(Number(process.hrtime.bigint() - start) / 1e6);
  for (const [name, payload] of Object.entries(payloads)) {
    for (const [state, home] of Object.entries(homes)) {
      const { ms, stdout } = time(home.commands[eventOf(name)], JSON.stringify({ ...base, ...payload }), home.env);
      if (round < 0) continue;
      const key = `${name}|${state}`;
      samples.set(key, [...(samples.get(key) ?? []), ms]);
      const context = stdout ? (JSON.parse(stdout).hookSpecificOutput?.additionalContext ?? "") : "";
      injected.set(key, context.length);
    }
  }
}
const bareMedian = median(bare);
const ratio = (key) => Number((median(samples.get(key)) / bareMedian).toFixed(2));
console.log(
  `goalpost-claude-code installed hooks through /bin/sh vs bare \`node -e 0\` (${bareMedian.toFixed(1)} ms); median of ${runs} alternating rounds; Node ${process.versions.node}, ${process.platform}-${process.arch}`,
);
console.table(
  Object.keys(payloads).map((name) => ({
    event: name,
    "no goal": ratio(`${name}|no goal`),
    "goal open": ratio(`${name}|goal open`),
    "goal open, no snapshot": ratio(`${name}|goal open, no snapshot`),
    "chars injected (goal open)": injected.get(`${name}|goal open`),
  })),
);
rmSync(work, { recursive: true, force: true });
