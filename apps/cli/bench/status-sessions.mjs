// What `goalpost status` costs in a state root that has seen many sessions: 10,000 sessions in other
// folders and one with an open goal in this one, each `status` paired with a bare `node -e 0` and
// counted as their ratio (median of the pairs). Prints the figures; `pnpm --filter goalpost bench`.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoalStore } from "@goalpost/core";
import { createGoal } from "@goalpost/core/internal";

const SESSIONS = Number(process.env["BENCH_SESSIONS"] ?? 10_000);
const RUNS = Number(process.env["BENCH_RUNS"] ?? 9);
const bin = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "goalpost-status-bench-"));
const root = join(work, "state");
const here = join(work, "here");
mkdirSync(here, { recursive: true });
const store = createGoalStore({ root });
const open = (sessionId, cwd, objective) =>
  store.update({ sessionId, host: "claude-code", cwd }, (session) => {
    session.goals.push(createGoal({ sessionId, host: "claude-code", cwd, objective, source: "api" }));
  });
for (let i = 0; i < SESSIONS; i++) open(`other-${i}`, join(work, `project-${i % 500}`), `goal ${i} elsewhere`);
open("this-one", here, "the goal of this folder");

const env = { ...process.env };
delete env["NODE_OPTIONS"];
delete env["NODE_EXTRA_CA_CERTS"];
const ms = (file, args) => {
  const start = process.hrtime.bigint();
  const run = spawnSync(file, args, { env, cwd: here, encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, stdout: run.stdout };
};
const ratios = [];
let shown = "";
for (let round = -1; round < RUNS; round++) {
  const bare = ms(process.execPath, ["-e", "0"]).ms;
  const status = ms(process.execPath, [bin, "status", "--root", root, "--dir", here]);
  shown = status.stdout;
  if (round >= 0) ratios.push(status.ms / bare);
}
ratios.sort((a, b) => a - b);
console.log(
  `goalpost status, ${SESSIONS.toLocaleString("en")} sessions elsewhere and 1 here: ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}× a bare Node start (median of ${RUNS} pairs; Node ${process.versions.node})`,
);
if (!shown.includes("the goal of this folder")) throw new Error(`status did not show this folder's goal:\n${shown}`);
rmSync(work, { recursive: true, force: true });
