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
    ["run", "deps"],
    ["exec", "vitest", "run"],
  ],
};
if (!jobs[job]) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(jobs).join("|")}`);
  process.exit(2);
}

/** Setting up for the demo or for use is quiet: its output is shown only when a step fails. */
const quietSetup = job !== "test";

function pnpm(args, quiet = false) {
  const result = spawnSync("npx", ["--yes", packageManager, ...args], {
    cwd: root,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`\n${job}: \`pnpm ${args.join(" ")}\` failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

if (quietSetup) console.error("goalpost: setting up (install and build; about 2 min the first time)…");
pnpm(["install", "--frozen-lockfile", "--reporter=append-only"], quietSetup);
const [first, ...rest] = jobs[job];
pnpm(first, quietSetup);
for (const args of rest) pnpm(args);
if (job === "setup") console.error("goalpost: ready. From this checkout: node apps/cli/dist/goalpost.js --help");
