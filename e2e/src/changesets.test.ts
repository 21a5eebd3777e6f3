// Changesets are release notes for users; a formatter once turned their front matter into a heading,
// which would silently drop them from the next release. Each must name real packages and bumps.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const workspace = [
  ...readdirSync(new URL("packages/", root)).map((dir) => `packages/${dir}`),
  ...readdirSync(new URL("apps/", root)).map((dir) => `apps/${dir}`),
];
const packageNames = new Set(
  workspace.map((dir) => (JSON.parse(readFileSync(new URL(`${dir}/package.json`, root), "utf8")) as { name: string }).name),
);
const changesets = readdirSync(new URL(".changeset/", root)).filter((name) => name.endsWith(".md") && name !== "README.md");

describe("changesets", () => {
  it.each(changesets)("%s has front matter naming workspace packages and a user-facing text", (name) => {
    const text = readFileSync(new URL(`.changeset/${name}`, root), "utf8");
    const match = /^---\n((?:"[^"\n]+": (?:major|minor|patch)\n)+)---\n\n(\S[\s\S]{40,})$/.exec(text);
    expect(match, "front matter: ---, one '\"name\": bump' line per package, ---, a blank line, then the text").not.toBeNull();
    for (const line of match![1]!.trim().split("\n")) expect(packageNames).toContain(JSON.parse(line.split(": ")[0]!));
  });

  // core, mcp and the kit are bundled into the adapters and the CLI: a change to any of them must
  // release every package that ships it. One fixed group makes every release move all of them together.
  it("release every publishable package together, so a change to a bundled package reaches all that ship it", () => {
    const config = JSON.parse(readFileSync(new URL(".changeset/config.json", root), "utf8")) as { fixed: string[][] };
    const publishable = workspace
      .map((dir) => JSON.parse(readFileSync(new URL(`${dir}/package.json`, root), "utf8")) as { name: string; private?: boolean })
      .filter((manifest) => !manifest.private)
      .map((manifest) => manifest.name)
      .sort();
    expect(config.fixed).toEqual([publishable]);
  });
});
