#!/usr/bin/env node
// The README's commands land here: `npm run demo`, `npm test`, and `npm run setup` (install and build
// only, for using goalpost from this checkout before a release).
// It runs before any dependency is installed, so it uses Node built-ins only: it fetches the pinned
// pnpm through npx (no global install, no corepack download), installs the workspace, builds it,
// then runs the demo or every check and test.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { packageManager } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const job = process.argv[2];
const jobs = {
  setup: [["turbo", "run", "build", "--output-logs=errors-only"]],
  demo: [
    ["turbo", "run", "build", "--output-logs=errors-only"],
    ["--filter", "goalpost", "run", "demo"],
  ],
  test: [
    ["turbo", "run", "build", "--output-logs=errors-only"],
    ["turbo", "run", "typecheck", "--output-logs=errors-only"],
    ["run", "lint"],
    ["exec", "vitest", "run"],
  ],
};
if (!jobs[job]) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(jobs).join("|")}`);
  process.exit(2);
}

function pnpm(args) {
  const result = spawnSync("npx", ["--yes", packageManager, ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
  });
  if (result.status !== 0) {
    console.error(`\n${job}: \`pnpm ${args.join(" ")}\` failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

pnpm(["install", "--frozen-lockfile", "--reporter=append-only"]);
for (const args of jobs[job]) pnpm(args);
