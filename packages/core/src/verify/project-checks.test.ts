// What a project defines for each kind of check: its package manager found where its lockfile is (a
// workspace's top, for a package in it) and only when the user has it, and a package without a test
// script of its own run by its workspace's.
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectCommands } from "./project-checks.js";
import { temporaryDir, writeFiles } from "./test-projects.js";

/** A PATH of just these programs (scripts): what the user has installed, for the test. */
function pathWith(...programs: string[]): string {
  const bin = join(temporaryDir("goalpost-bin-"), "bin");
  mkdirSync(bin);
  for (const program of programs) {
    writeFiles(bin, { [program]: "#!/bin/sh\n" });
    chmodSync(join(bin, program), 0o755);
  }
  return bin;
}

describe("a project's own commands", () => {
  it("in a pnpm workspace's package: pnpm, from the top's lockfile; the workspace's test for a package with none", () => {
    const root = temporaryDir();
    writeFiles(root, {
      "package.json": JSON.stringify({ private: true, scripts: { test: "turbo test", build: "turbo build" } }),
      "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
      "packages/a/package.json": JSON.stringify({ scripts: { test: "vitest run" } }),
      "packages/b/package.json": JSON.stringify({ scripts: {} }),
    });
    const pnpm = pathWith("pnpm");
    expect(projectCommands(join(root, "packages/a"), pnpm)).toMatchObject({ test: "pnpm test", build: "pnpm -w run build" });
    expect(projectCommands(join(root, "packages/b"), pnpm)).toMatchObject({ test: "pnpm -w test" });
    // Without pnpm installed, npm runs the same scripts.
    expect(projectCommands(join(root, "packages/a"), pathWith())).toMatchObject({ test: "npm test" });
  });

  it("in an npm workspace's package without a test script: the workspace's, run at its top", () => {
    const root = temporaryDir();
    writeFiles(root, {
      "package.json": JSON.stringify({ private: true, workspaces: ["packages/*"], scripts: { test: "node --test" } }),
      "package-lock.json": "{}",
      "packages/b/package.json": JSON.stringify({ name: "b" }),
    });
    expect(projectCommands(join(root, "packages/b"), pathWith())).toMatchObject({ test: "npm --prefix ../.. test" });
  });

  it("a yarn lockfile with no yarn installed: npm", () => {
    const root = temporaryDir();
    writeFiles(root, { "package.json": JSON.stringify({ scripts: { test: "jest" } }), "yarn.lock": "" });
    expect(projectCommands(root, pathWith())).toMatchObject({ test: "npm test" });
    expect(projectCommands(root, pathWith("yarn"))).toMatchObject({ test: "yarn test" });
  });
});
