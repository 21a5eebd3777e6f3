// When a check gets a copy of npm's cache index: when it will fetch a package (npx and the like), said in
// the checks, in the project's scripts, or in the script files those run — and, in the real walls, when npm
// said it found nothing in the cache it was given (a pretest that installs its packed tarball).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openCheckSandbox } from "./check-sandbox.js";
import { fetchesPackages, missedPackageCache } from "./package-caches.js";
import { runChecks } from "./run-checks.js";
import { buggyProject, goalOn, temporaryDir, writeFiles } from "./test-projects.js";

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

  it("not an npx of a program the project has installed (`npx tap` with tap in node_modules/.bin): npm runs it without its cache", () => {
    const installed = project({
      "package.json": JSON.stringify({ scripts: { test: "npx tap" } }),
      "node_modules/.bin/tap": "#!/bin/sh\n",
    });
    expect(fetchesPackages(["npx tap"], [installed])).toBe(false);
    expect(fetchesPackages(["npm test"], [installed])).toBe(false);
    expect(fetchesPackages(["npx --yes tap"], [installed])).toBe(false);
    expect(fetchesPackages(["npx --yes pnpm@10.34.8 test"], [installed])).toBe(true);
    expect(fetchesPackages(["npx tap && npx -p cowsay cowsay hi"], [installed])).toBe(true);
    expect(fetchesPackages(["npx tap && pnpm dlx tsx t.ts"], [installed])).toBe(true);
    const bare = project({ "package.json": JSON.stringify({ scripts: { test: "npx tap" } }) });
    expect(fetchesPackages(["npx tap"], [bare])).toBe(true);
    expect(fetchesPackages(["npm test"], [bare])).toBe(true);
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

const MISSED =
  "npm error request to https://registry.npmjs.org/consola failed: cache mode is 'only-if-cached' but no cached response is available.";

const probe = await openCheckSandbox({ project: temporaryDir(), runDir: temporaryDir(), readable: [], unreadable: [] });
if ("sandbox" in probe) await probe.sandbox.dispose();

describe("a fetch the scripts do not show", () => {
  it("npm's words for a package not in the cache it was given, and no other", () => {
    expect(missedPackageCache(MISSED)).toBe(true);
    expect(missedPackageCache("npm error code ENOTCACHED")).toBe(true);
    expect(
      missedPackageCache("npm error network request to https://registry.npmjs.org/x failed, reason: getaddrinfo ENOTFOUND"),
    ).toBe(false);
    expect(missedPackageCache(null)).toBe(false);
  });

  it.skipIf("unavailable" in probe)(
    "runs the check again with the user's cache, once: judged by its tests, or still 'could not run' without a cache",
    { timeout: 60_000 },
    async () => {
      // The check stands for packtester's pretest: npm installs the packed tarball's dependencies from the
      // cache, and says ENOTCACHED when the walls gave it none. With the cache, the tests run (and fail: the bug).
      const check = `if [ -d "$HOME/.npm/_cacache/index-v5/aa" ]; then node --test; else echo "${MISSED}" >&2; exit 1; fi`;
      const run = async (home: string) => {
        const cwd = buggyProject();
        const { goal } = goalOn(cwd, `fix add; done when \`${check}\` passes`);
        const record = { ...goal(), checks: [{ ...goal().checks[0]!, command: check, kind: "test" as const }] };
        const checked = await runChecks(
          { ...record, checkBaseline: { ...record.checkBaseline!, home: [join(home, ".npm")] } },
          { env: { HOME: home, PATH: process.env["PATH"] }, unreadable: [], allowUnsandboxed: false, timeoutMs: 30_000 },
        );
        return checked.runs.map((one) => one.result);
      };
      const user = temporaryDir("goalpost-home-");
      writeFiles(user, { ".npm/_cacache/index-v5/aa/bb": "an entry\n", ".npm/_cacache/content-v2/sha512/00/kept": "content\n" });
      const [withCache] = await run(user);
      expect(withCache?.couldNotRun).toBeUndefined();
      expect(withCache?.verdict).toMatch(/node:test reports 1 failed/);
      const empty = temporaryDir("goalpost-home-");
      writeFiles(empty, { ".npm/_logs/x.log": "" });
      const [without] = await run(empty);
      expect(without?.couldNotRun).toBe(MISSED);
    },
  );
});
