import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigFileError, readConfigFile, rewriteConfigText } from "./config-file.js";
import { removeTestdirs, testdir } from "./testing/index.js";

afterEach(removeTestdirs);

function file(text: string, format: "json" | "jsonc" = "jsonc") {
  const path = join(testdir(), "settings.json");
  writeFileSync(path, text);
  return readConfigFile(path, format);
}

describe("config files", () => {
  it("changes only the paths that differ, keeping comments, order and indentation", () => {
    const text = '{\n\t// mine\n\t"a": 1, // trailing\n\t"b": { "keep": true },\n\t"c": [1]\n}\n';
    const config = file(text);
    const after = rewriteConfigText(config, { ...config.data, b: { keep: true, added: "x" }, c: [1, 2] });
    expect(after).toContain("// mine");
    expect(after).toContain('"a": 1, // trailing');
    expect(after).toMatch(/\n\t\t"added": "x"/);
    expect(JSON.parse(after!.replace(/\/\/.*$/gm, ""))).toEqual({ a: 1, b: { keep: true, added: "x" }, c: [1, 2] });
  });

  it("answers null when nothing changes, and writes a new file as plain JSON", () => {
    const config = file('{ "a": 1 }');
    expect(rewriteConfigText(config, { a: 1 })).toBeNull();
    expect(rewriteConfigText({ path: "x", text: null, data: {} }, { a: 1 })).toBe('{\n  "a": 1\n}\n');
  });

  it("refuses what is not a JSON object, with the reason and the file's path", () => {
    expect(() => file("[1, 2]")).toThrow(/does not hold a JSON object/);
    expect(() => file('{ "a": 1, // comment\n}', "json")).toThrow(ConfigFileError);
    expect(file('{ "a": 1, // comment\n}', "jsonc").data).toEqual({ a: 1 });
    expect(() => file('{ "a": }')).toThrow(/is not valid JSONC \(ValueExpected at offset \d+\)/);
  });
});

describe("config files, edited as a one-line JSON file", () => {
  it("takes the last element out of a one-line array and still writes valid JSON", () => {
    const config = file(
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: "mine" }, { command: "goalpost hook Stop" }] }] } }),
      "json",
    );
    const after = rewriteConfigText(config, { hooks: { Stop: [{ hooks: [{ command: "mine" }] }] } });
    expect(JSON.parse(after!)).toEqual({ hooks: { Stop: [{ hooks: [{ command: "mine" }] }] } });
  });
});
