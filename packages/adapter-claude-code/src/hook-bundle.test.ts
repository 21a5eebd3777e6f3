// The hook starts on every tool call of the agent: its start-up path must load nothing but its own
// bundled chunks and Node built-ins (the MCP SDK and diff are loaded only by `mcp` and `install`).
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");

/** Specifiers imported statically (not `import()`), following the bundle's own chunks. */
function staticImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(join(dist, file), "utf8");
  const specifiers = [...source.matchAll(/(?:^|[;\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)].map(
    (match) => match[1]!,
  );
  return specifiers.flatMap((specifier) =>
    specifier.startsWith("./") ? [specifier, ...staticImports(specifier.slice(2), seen)] : [specifier],
  );
}

describe("the hook bundle", () => {
  it("loads only its own chunks and Node built-ins at start-up", () => {
    const imports = staticImports("goalpost-claude-code.js");
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    expect(imports.filter((specifier) => !specifier.startsWith("./") && !builtins.has(specifier))).toEqual([]);
  });

  it("keeps the MCP SDK and diff behind dynamic imports", () => {
    const chunks = staticImports("goalpost-claude-code.js").filter((specifier) => specifier.startsWith("./"));
    const loadedAtStart = new Set(["goalpost-claude-code.js", ...chunks.map((specifier) => specifier.slice(2))]);
    const source = [...loadedAtStart].map((file) => readFileSync(join(dist, file), "utf8")).join("\n");
    expect(source).not.toMatch(/@modelcontextprotocol\/sdk/);
    expect(source).not.toMatch(/createTwoFilesPatch/);
    expect(source).toMatch(/import\(["']\.\/[\w-]+\.js["']\)/);
  });
});
