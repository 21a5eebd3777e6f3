#!/usr/bin/env node
// The README's commands land here: `npm run demo`, `npm test`, and `npm run setup` (install, build and
// a `goalpost` command on the PATH, for using goalpost from this checkout before a release).
// It runs before any dependency is installed, so it uses Node built-ins only: it fetches the pinned
// pnpm through npx (no global install, no corepack download), installs the workspace, builds it,
// then runs the demo or every check and test.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { packageManager } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const job = process.argv[2];
const BUILD = { args: ["turbo", "run", "build", "--output-logs=errors-only"], says: "building the packages" };
const jobs = {
  setup: [BUILD],
  demo: [BUILD, { args: ["--filter", "goalpost", "run", "demo"] }],
  test: [
    BUILD,
    { args: ["turbo", "run", "typecheck", "--output-logs=errors-only"] },
    { args: ["run", "lint"] },
    { args: ["run", "deps"] },
    { args: ["run", "unused"] },
    { args: ["exec", "vitest", "run"] },
  ],
};
if (!jobs[job]) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(jobs).join("|")}`);
  process.exit(2);
}

/** Setting up for the demo or for use is quiet: its output is shown only when a step fails. */
const quietSetup = job !== "test";
/** A person watching: the quiet steps count their seconds on one line. Piped, a line as each ends. */
const live = process.stderr.isTTY === true;
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

function pnpm(args, says) {
  const quiet = says !== undefined && quietSetup;
  const since = Date.now();
  const ticker = quiet && live ? setInterval(() => process.stderr.write(`\r  ${says}… ${seconds(since)}`), 1000) : null;
  return new Promise((done) => {
    const child = spawn("npx", ["--yes", packageManager, ...args], {
      cwd: root,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (status, signal) => {
      if (ticker) clearInterval(ticker);
      if (quiet) process.stderr.write(`${live ? "\r" : ""}  ${says}: ${status === 0 ? "done" : "failed"} in ${seconds(since)}\n`);
      if (status !== 0) {
        if (quiet) process.stderr.write(output);
        console.error(`\n${job}: \`pnpm ${args.join(" ")}\` failed (exit ${status ?? signal})`);
        process.exit(status || 1);
      }
      done();
    });
  });
}

// Measured on a fresh clone, 2 cores, empty npm and pnpm caches: install 99 s, build 120 s; again: 45 s and 4 s.
if (quietSetup) console.error("goalpost: setting up (install and build; about 4 min the first time, under 1 min after)");
await pnpm(["install", "--frozen-lockfile", "--reporter=append-only"], "installing dependencies");
for (const step of jobs[job]) await pnpm(step.args, step.says);
if (job === "setup") {
  // `npm run setup -- --no-path` leaves the PATH alone.
  const { npmGlobalBin, putOnPath } = await import("./put-on-path.mjs");
  const cli = join(root, "apps", "cli", "dist", "goalpost.js");
  const path = process.argv.includes("--no-path")
    ? { message: `goalpost was not put on your PATH (--no-path); run it as: node ${cli}` }
    : putOnPath({ cli, binDir: npmGlobalBin() });
  console.error(`goalpost: ready in ${seconds(started)}. ${path.message}\nNext: goalpost install`);
}
