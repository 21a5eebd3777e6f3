import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { claudeCodePluginHooks } from "./claude-code-plugin.js";

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));

describe("the plugin's generated files (run generate:plugin after changing the events or the version)", () => {
  it("hooks/hooks.json is what the event table generates", () => {
    expect(read("../hooks/hooks.json")).toEqual(claudeCodePluginHooks());
  });

  it("plugin.json says the package's version", () => {
    expect(read("../.claude-plugin/plugin.json").version).toBe(read("../package.json").version);
  });
});
