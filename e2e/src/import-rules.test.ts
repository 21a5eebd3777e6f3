// The import rules (.dependency-cruiser.cjs) can fail: each is shown a planted violation — a file of a
// few lines written into the package the rule guards, cruised alone — and must name it; and the imports
// between packages are followed at all (through each package's `exports`), which the rules about them
// need to mean anything.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const depcruise = `${repo}node_modules/.bin/depcruise`;
const planted: string[] = [];
afterEach(() => {
  for (const file of planted.splice(0)) {
    rmSync(`${repo}${file}`, { force: true });
    // A folder made for the probe goes with it.
    if (file.includes("/probe-layer/")) rmSync(`${repo}${dirname(file)}`, { recursive: true, force: true });
  }
});

/** Cruises `files` alone (written first, taken away after) with the repository's rules: the rules it breaks. */
function broken(files: Record<string, string>): string[] {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(`${repo}${file}`), { recursive: true });
    writeFileSync(`${repo}${file}`, text);
    planted.push(file);
  }
  const run = spawnSync(depcruise, [...Object.keys(files), "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
    cwd: repo,
    encoding: "utf8",
    timeout: 120_000,
  });
  const result = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(result.summary.violations.map((violation) => violation.rule.name))].sort();
}

describe("the import rules", { timeout: 180_000 }, () => {
  it.each([
    ["core-stands-alone", { "packages/core/src/probe-rule.ts": 'export * from "../../adapter-kit/src/index.js";\n' }],
    [
      "core-stands-alone",
      { "packages/core/src/probe-rule.ts": 'export { verifyInProcess } from "../../verifier/src/index.js";\n' },
    ],
    ["verifier-knows-no-host", { "packages/verifier/src/probe-rule.ts": 'export * from "../../adapter-kit/src/index.js";\n' }],
    ["kit-knows-no-adapter", { "packages/adapter-kit/src/probe-rule.ts": 'export * from "../../adapter-codex/src/index.js";\n' }],
    [
      "adapters-use-the-kits-entries",
      { "packages/adapter-codex/src/probe-rule.ts": 'export * from "../../adapter-kit/src/hook/integrity.js";\n' },
    ],
    [
      "others-use-cores-entries",
      { "packages/adapter-kit/src/probe-rule.ts": 'export * from "../../core/src/engine/turn-watch.js";\n' },
    ],
    [
      "adapters-know-no-other-adapter",
      { "packages/adapter-codex/src/probe-rule.ts": 'export * from "../../adapter-claude-code/src/index.js";\n' },
    ],
    // The kit's example adapter is a third party's: core's internal entry is not for it.
    [
      "internal-is-goalposts-own",
      { "packages/adapter-kit/examples/example-host/src/probe-rule.ts": 'export { goalText } from "@goalpost/core/internal";\n' },
    ],
    // A low layer reaching up (the gate is below the engine), and a folder of core in no layer.
    ["core-layer-order", { "packages/core/src/gate/probe-rule.ts": 'export * from "../session/session-goals.js";\n' }],
    ["core-layer-order", { "packages/core/src/probe-layer/probe-rule.ts": 'export * from "../base/errors.js";\n' }],
    ["no-folder-cycle", { "packages/core/src/record/probe-rule.ts": 'export * from "../engine/goal-spend.js";\n' }],
    [
      "no-circular",
      {
        "packages/core/src/probe-rule-a.ts": 'export * from "./probe-rule-b.js";\nexport const a = 1;\n',
        "packages/core/src/probe-rule-b.ts": 'export * from "./probe-rule-a.js";\nexport const b = 1;\n',
      },
    ],
  ])("%s fails on a planted violation", (rule, files) => {
    expect(broken(files)).toContain(rule);
  });

  it("follow imports between packages by their published names, subpaths included", () => {
    const run = spawnSync(
      depcruise,
      ["packages/adapter-kit/src/hook/fault-records.ts", "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
      { cwd: repo, encoding: "utf8", timeout: 120_000 },
    );
    const modules = (
      JSON.parse(run.stdout) as { modules: { source: string; dependencies: { resolved: string; module: string }[] }[] }
    ).modules;
    const imports = modules.find((module) => module.source === "packages/adapter-kit/src/hook/fault-records.ts")!.dependencies;
    // `@goalpost/core/notices` is core's source by its `exports`, not an unresolved name or its dist.
    expect(imports.find((dependency) => dependency.module === "@goalpost/core/notices")?.resolved).toBe(
      "packages/core/src/store/notice-log.ts",
    );
  });
});
