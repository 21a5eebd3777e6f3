// The hook starts on every tool call of the agent: its start-up path loads nothing but its own chunks
// and Node built-ins, its bundle holds the hook path only, ASCII, beside a loader of built-ins (see
// hookBundleProblems in the kit's testing helpers). The extension is its own file: one bundle, only the
// SDK external.
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hookBundleProblems, hookStartupImports } from "@goalpost/adapter-kit/testing";
import { describe, expect, it } from "vitest";
import { EXTENSION_BUNDLE } from "./copilot-cli-install.js";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe("the bundles", () => {
  it("the hook loads only the hook path, from its own chunks and Node built-ins, with nothing costly at start-up", () => {
    expect(hookBundleProblems(dist, "goalpost-copilot-cli")).toEqual([]);
  });

  it("the extension is one file that imports only Copilot's SDK and Node built-ins, and never writes to stdout", () => {
    const imports = hookStartupImports(dist, EXTENSION_BUNDLE);
    expect(imports.filter((specifier) => !builtins.has(specifier))).toEqual(["@github/copilot-sdk/extension"]);
    const source = readFileSync(join(dist, EXTENSION_BUNDLE), "utf8");
    expect(source.startsWith("// goalpost's Copilot CLI extension")).toBe(true);
    expect(source).not.toMatch(/console\.log|process\.stdout/);
  });
});
