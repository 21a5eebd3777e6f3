// The hook starts on every tool call of the agent: its start-up path must load nothing but its own
// bundled chunks and Node built-ins (the MCP SDK and diff are loaded only by `mcp` and `install`).
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  hookBundleForeignCode,
  hookCostlyBuiltins,
  hookLoaderProblems,
  hookNonAscii,
  hookStartupImports,
  hookStartupSource,
} from "@goalpost/adapter-kit/testing";
import { describe, expect, it } from "vitest";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const entry = "goalpost-claude-code.js";

describe("the hook bundle", () => {
  it("loads only its own chunks and Node built-ins at start-up", () => {
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const imports = hookStartupImports(dist, entry);
    expect(imports.filter((specifier) => !specifier.startsWith("./") && !builtins.has(specifier))).toEqual([]);
  });

  it("keeps the MCP SDK and diff behind dynamic imports", () => {
    const source = hookStartupSource(dist, entry);
    expect(source).not.toMatch(/@modelcontextprotocol\/sdk/);
    expect(source).not.toMatch(/createTwoFilesPatch/);
    expect(source).toMatch(/import\(["']\.\/[\w-]+\.js["']\)/);
  });

  it("is ASCII, so V8 keeps its source at one byte a character (in every hook process and in the hook server)", () => {
    expect(hookNonAscii(dist, "goalpost-claude-code")).toEqual([]);
  });

  it("has only the hook path in its hook bundle, which every hook Node runs compiles", () => {
    expect(hookBundleForeignCode(dist, "goalpost-claude-code")).toEqual([]);
  });

  it("has a hook loader of Node built-ins only beside the bundle it runs (the fallback, from a code cache)", () => {
    expect(hookLoaderProblems(dist, "goalpost-claude-code")).toEqual([]);
  });

  it("loads no costly built-in as it starts (node:child_process, node:crypto: milliseconds each, on every hook)", () => {
    expect(hookCostlyBuiltins(dist, "goalpost-claude-code")).toEqual([]);
  });
});
