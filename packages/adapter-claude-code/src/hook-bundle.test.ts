// The hook starts on every tool call of the agent: its start-up path loads nothing but its own chunks
// and Node built-ins, its bundle holds the hook path only, ASCII, beside a loader of built-ins (see
// hookBundleProblems in the kit's testing helpers for each check and why).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hookBundleProblems } from "@goalpost/adapter-kit/testing";
import { describe, expect, it } from "vitest";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");

describe("the hook bundle", () => {
  it("loads only the hook path, from its own chunks and Node built-ins, with nothing costly at start-up", () => {
    expect(hookBundleProblems(dist, "goalpost-claude-code")).toEqual([]);
  });
});
