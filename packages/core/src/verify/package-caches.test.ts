// When a check gets a copy of npm's cache index: only when it will fetch a package (npx and the like),
// said in the checks, in the project's scripts, or in the script files those run.
import { describe, expect, it } from "vitest";
import { fetchesPackages } from "./package-caches.js";
import { temporaryDir, writeFiles } from "./test-projects.js";

const project = (files: Record<string, string>) => {
  const root = temporaryDir();
  writeFiles(root, files);
  return root;
};

describe("whether a check fetches packages", () => {
  it("an npx, npm exec or dlx in a check or in a script", () => {
    const plain = project({ "package.json": JSON.stringify({ scripts: { test: "vitest run" } }) });
    expect(fetchesPackages(["npm test"], [plain])).toBe(false);
    expect(fetchesPackages(["npx vitest run"], [plain])).toBe(true);
    expect(fetchesPackages(["pnpm dlx tsx test.ts"], [plain])).toBe(true);
    const scripted = project({ "package.json": JSON.stringify({ scripts: { test: "npm exec -- mocha" } }) });
    expect(fetchesPackages(["npm test"], [scripted])).toBe(true);
  });

  it("a script file a script runs that runs npx (a pinned package manager), one level down and inside the project only", () => {
    const runner = project({
      "package.json": JSON.stringify({ scripts: { test: "node scripts/run.mjs test", lint: "./tools/lint.sh" } }),
      "scripts/run.mjs": 'import { spawnSync } from "node:child_process";\nspawnSync("npx", ["--yes", "pnpm@10", "test"]);\n',
      "tools/lint.sh": "#!/bin/sh\nbiome check .\n",
    });
    expect(fetchesPackages(["npm test"], [runner])).toBe(true);
    const quiet = project({
      "package.json": JSON.stringify({ scripts: { test: "node scripts/run.mjs", pre: "node ../outside.js" } }),
      "scripts/run.mjs": 'console.log("no fetching here");\n',
    });
    expect(fetchesPackages(["npm test"], [quiet])).toBe(false);
  });
});
