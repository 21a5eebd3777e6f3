// Core's front door: the main entry exports exactly the names the README's "Entries" lists, and every
// import the README and the shipped examples show from it names something it exports. Adding a name is
// an API decision; this test makes it a written one.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");
/** The names an entry's source exports (`export { a, b } from …`, `export type { … } from …`). */
function exported(file: string): Set<string> {
  const names = new Set<string>();
  for (const [, list] of read(file).matchAll(/export (?:type )?\{([^}]*)\}/g))
    for (const name of list!.split(","))
      if (name.trim())
        names.add(
          name
            .trim()
            .replace(/^type /, "")
            .split(/\s+as\s+/)
            .pop()!,
        );
  return names;
}
const readme = read("README.md");
/** The backticked names in the README's list of the main entry's names. */
function listed(): Set<string> {
  const section = readme.slice(readme.indexOf("The main entry, every name"), readme.indexOf("## A goal's life"));
  return new Set([...section.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((match) => match[1]!));
}
/**
 * `import { … } from "<entry>"` in the README's code and the shipped examples (in the verifier's package:
 * a harness that closes goals runs both): entry → the names it imports.
 */
function shownImports(): [string, string][] {
  const texts = [
    readme,
    ...readdirSync(new URL("../../verifier/examples/", import.meta.url)).map((file) => read(`../verifier/examples/${file}`)),
  ];
  const shown: [string, string][] = [];
  for (const text of texts)
    for (const [, list, entry] of text.matchAll(/import (?:type )?\{([^}]*)\} from "(@goalpost\/core(?:\/harness)?)"/g))
      for (const name of list!.split(",")) if (name.trim()) shown.push([entry!, name.trim().replace(/^type /, "")]);
  return shown;
}

describe("core's front door", () => {
  it("exports what the README lists, and nothing else", () => {
    const main = exported("src/index.ts");
    expect([...main].sort()).toEqual([...listed()].filter((name) => name !== "index").sort());
    // A harness's size, not a warehouse: the main entry was 335 names before it had a door.
    expect(main.size).toBeLessThan(100);
  });

  it("exports every name the README and the examples import from it", () => {
    const entries = { "@goalpost/core": exported("src/index.ts"), "@goalpost/core/harness": exported("src/harness.ts") };
    const shown = shownImports();
    expect(shown.length).toBeGreaterThan(5);
    for (const [entry, name] of shown)
      expect(entries[entry as keyof typeof entries].has(name), `${name} from ${entry}`).toBe(true);
  });

  it("re-exports from the internal entry, which holds every module once", () => {
    const internal = exported("src/internal.ts");
    for (const name of exported("src/index.ts")) expect(internal.has(name), name).toBe(true);
    expect(read("src/index.ts")).not.toMatch(/from "\.\/(?!internal\.js")/);
  });
});
