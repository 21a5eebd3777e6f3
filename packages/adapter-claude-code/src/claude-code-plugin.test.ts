import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { claudeCodePluginHooks } from "./claude-code-plugin.js";

describe("the plugin's hooks/hooks.json", () => {
  it("is what the event table generates (run generate:plugin after changing the events)", () => {
    const checkedIn = JSON.parse(readFileSync(new URL("../hooks/hooks.json", import.meta.url), "utf8"));
    expect(checkedIn).toEqual(claudeCodePluginHooks());
  });
});
