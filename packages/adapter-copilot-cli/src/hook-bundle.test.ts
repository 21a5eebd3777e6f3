// The hook starts on every tool call of the agent: its start-up path must load nothing but its own
// bundled chunks and Node built-ins. The extension is its own file: one bundle, only the SDK external.
import { readFileSync } from "node:fs";
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
import { EXTENSION_BUNDLE } from "./copilot-cli-install.js";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe("the bundles", () => {
  it("the hook loads only its own chunks and Node built-ins at start-up, the MCP SDK and diff behind dynamic imports", () => {
    const imports = hookStartupImports(dist, "goalpost-copilot-cli.js");
    expect(imports.filter((specifier) => !specifier.startsWith("./") && !builtins.has(specifier))).toEqual([]);
    const source = hookStartupSource(dist, "goalpost-copilot-cli.js");
    expect(source).not.toMatch(/@modelcontextprotocol\/sdk/);
    expect(source).not.toMatch(/createTwoFilesPatch/);
  });

  it("the extension is one file that imports only Copilot's SDK and Node built-ins, and never writes to stdout", () => {
    const imports = hookStartupImports(dist, EXTENSION_BUNDLE);
    expect(imports.filter((specifier) => !builtins.has(specifier))).toEqual(["@github/copilot-sdk/extension"]);
    const source = readFileSync(join(dist, EXTENSION_BUNDLE), "utf8");
    expect(source.startsWith("// goalpost's Copilot CLI extension")).toBe(true);
    expect(source).not.toMatch(/console\.log|process\.stdout/);
  });

  it("is ASCII, so V8 keeps its source at one byte a character (in every hook process and in the hook server)", () => {
    expect(hookNonAscii(dist, "goalpost-copilot-cli")).toEqual([]);
  });

  it("has only the hook path in its hook bundle, which every hook Node runs compiles", () => {
    expect(hookBundleForeignCode(dist, "goalpost-copilot-cli")).toEqual([]);
  });

  it("has a hook loader of Node built-ins only beside the bundle it runs (the fallback, from a code cache)", () => {
    expect(hookLoaderProblems(dist, "goalpost-copilot-cli")).toEqual([]);
  });

  it("loads no costly built-in as it starts (node:child_process, node:crypto: milliseconds each, on every hook)", () => {
    expect(hookCostlyBuiltins(dist, "goalpost-copilot-cli")).toEqual([]);
  });
});
