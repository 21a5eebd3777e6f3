// Fails when a requirement has no test that verifies it, or a test names an unknown requirement.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REQUIREMENTS } from "./requirements.js";

const directory = new URL(".", import.meta.url);
const sources = readdirSync(directory)
  .filter((name) => name.endsWith(".test.ts") && name !== "requirements-coverage.test.ts")
  .map((name) => readFileSync(new URL(name, directory), "utf8"));
const verified = new Set(
  sources.flatMap((source) =>
    [...source.matchAll(/verifies\(([^)]*)\)/g)].flatMap((match) =>
      [...(match[1] ?? "").matchAll(/"([A-Z0-9-]+)"/g)].map((id) => id[1]!),
    ),
  ),
);

describe("requirements coverage", () => {
  it.each(REQUIREMENTS.map((requirement) => [requirement.id, requirement.behaviour]))("%s has a test", (id) => {
    expect(verified.has(id), `no test calls verifies("${id}")`).toBe(true);
  });

  it("names only known requirements", () => {
    const known = new Set<string>(REQUIREMENTS.map((requirement) => requirement.id));
    expect([...verified].filter((id) => !known.has(id))).toEqual([]);
  });
});
