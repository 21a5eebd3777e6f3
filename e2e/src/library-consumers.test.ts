// goalpost's libraries as a third-party harness uses them: a strict TypeScript project with no
// @types/node compiles against the published types, and CommonJS code can require the packages.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const e2eDir = fileURLToPath(new URL("..", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch project inside e2e/, so the workspace's packages resolve as an installed dependency would. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(e2eDir, ".consumer-"));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const PACKAGES = ["@goalpost/core", "@goalpost/mcp", "@goalpost/adapter-claude-code", "@goalpost/adapter-vscode-chat"];

describe("goalpost's libraries for harness authors", { timeout: 120_000 }, () => {
  it("type-check in a strict project without @types/node", () => {
    const dir = project({
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          types: [],
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          skipLibCheck: false,
        },
        files: ["consumer.ts"],
      }),
      "consumer.ts": `import { createGoalEngine, createGoalStore, type EngineEventInput, type Env } from "@goalpost/core";
import { createGoalMcpServer, resolveByArguments } from "@goalpost/mcp";
import { descriptor } from "@goalpost/adapter-claude-code";
import { vscodeChatAdapter } from "@goalpost/adapter-vscode-chat";

const env: Env = { HOME: "/home/me" };
const store = createGoalStore({ root: "/tmp/goalpost-consumer" });
const engine = createGoalEngine({ store, profile: vscodeChatAdapter.profile });
const event: EngineEventInput = { type: "prompt-submitted", sessionId: "s", host: "harness", cwd: "/p", prompt: "/goal x" };
const decision: string = engine.handle(event).action;
createGoalMcpServer({ store, resolveSession: resolveByArguments(store, "harness") });
const root: string = descriptor.stateRoot(env);
export { decision, root };
`,
    });
    const run = spawnSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
    expect(`${run.stdout}${run.stderr}`).toBe("");
    expect(run.status).toBe(0);
  });

  it("load from CommonJS with require() where Node can require ES modules, and say why where it cannot", () => {
    const dir = project({
      "consumer.cjs": `for (const name of ${JSON.stringify(PACKAGES)}) {
  try {
    const module = require(name);
    console.log(name, Object.keys(module).length > 0 ? "ok" : "empty");
  } catch (error) {
    console.log(name, error.code);
  }
}
`,
    });
    const run = spawnSync(process.execPath, [join(dir, "consumer.cjs")], { cwd: dir, encoding: "utf8" });
    const lines = run.stdout.trim().split("\n");
    // Node 20.19+, 22.12+: require(esm) works; before, the error names the cause — never "not exported".
    const expected = process.features.require_module ? "ok" : "ERR_REQUIRE_ESM";
    expect(lines).toEqual(PACKAGES.map((name) => `${name} ${expected}`));
  });
});
