// The one rule for the project's files a hook reads: a cloned repository can hold a FIFO, a link to
// /dev/zero or a socket where goalpost reads package.json, a Makefile or a workflow; setting a goal
// there never hangs the prompt nor reads without bound, and what is a regular file is read as before.
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deriveChecks } from "../verify/derive-checks.js";
import { temporaryDir } from "../verify/test-projects.js";
import { readProjectText } from "./project-text.js";

describe("a project's files as a hook reads them", () => {
  it("a FIFO package.json, a Makefile linked to /dev/zero and a workflow that is a FIFO: nothing hangs, nothing grows", () => {
    const cwd = temporaryDir();
    expect(spawnSync("mkfifo", [join(cwd, "package.json")]).status).toBe(0);
    symlinkSync("/dev/zero", join(cwd, "Makefile"));
    mkdirSync(join(cwd, ".github", "workflows"), { recursive: true });
    expect(spawnSync("mkfifo", [join(cwd, ".github", "workflows", "ci.yml")]).status).toBe(0);
    const started = Date.now();
    expect(deriveChecks("fix add; done when the tests pass", cwd)).toEqual([]);
    expect(readProjectText(join(cwd, "package.json"))).toBeNull();
    expect(readProjectText(join(cwd, "Makefile"))).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reads a regular file as it is, within its bound", () => {
    const cwd = temporaryDir();
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ scripts: { test: "node --test" } }));
    expect(deriveChecks("fix add; done when the tests pass", cwd)).toMatchObject([{ command: "npm test" }]);
    writeFileSync(join(cwd, "big.txt"), "x".repeat(3 * 1024 * 1024));
    expect(readProjectText(join(cwd, "big.txt"))).toHaveLength(1024 * 1024);
  });
});
