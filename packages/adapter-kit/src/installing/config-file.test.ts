import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ConfigFormat } from "../contract/install-spec.js";
import { removeTestdirs, testdir } from "../testing/index.js";
import { ConfigFileError, readConfigFile, rewriteConfigText } from "./config-file.js";

afterEach(removeTestdirs);

function file(text: string, format: ConfigFormat = "jsonc") {
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

  it("adds an entry beside the user's without re-indenting theirs, and takes it out to the byte", () => {
    const text = '{\n  "servers": {\n    // the user\'s\n    "github": { "type": "http", "url": "https://x/" }\n  }\n}\n';
    const config = file(text);
    const servers = config.data["servers"] as Record<string, unknown>;
    const added = rewriteConfigText(config, { servers: { ...servers, goalpost: { type: "stdio", args: ["a"] } } })!;
    expect(added).toContain('    "github": { "type": "http", "url": "https://x/" },\n    "goalpost": {\n      "type": "stdio",');
    const path = join(testdir(), "mcp.json");
    writeFileSync(path, added);
    expect(rewriteConfigText(readConfigFile(path, "jsonc"), { servers })).toBe(text);
  });

  it("answers null when nothing changes, and writes a new file as plain JSON", () => {
    const config = file('{ "a": 1 }');
    expect(rewriteConfigText(config, { a: 1 })).toBeNull();
    expect(rewriteConfigText({ path: "x", text: null, data: {}, format: "json" }, { a: 1 })).toBe('{\n  "a": 1\n}\n');
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

describe("config files in TOML (Codex's config.toml)", () => {
  const userConfig = `# my settings
model = "gpt-5.5" # the fast one
approval_policy = "never"

[projects."/home/me/app"]
trust_level = "trusted"

# servers I use
[mcp_servers.docs]
command = "docs-server"
`;

  it("adds and removes goalpost's tables, keeping the user's comments, order and values to the byte", () => {
    const config = file(userConfig, "toml");
    expect(config.data).toMatchObject({ model: "gpt-5.5", mcp_servers: { docs: { command: "docs-server" } } });
    const installed = {
      ...config.data,
      mcp_servers: { ...(config.data["mcp_servers"] as object), goalpost: { command: "node", args: ["/g/cli.js", "mcp"] } },
      hooks: { state: { "/h/hooks.json:stop:0:0": { trusted_hash: "sha256:ab" } } },
    };
    const text = rewriteConfigText(config, installed)!;
    for (const line of userConfig.split("\n")) expect(text).toContain(line);
    const written = file(text, "toml");
    expect(written.data).toEqual(installed);
    expect(rewriteConfigText(written, config.data)).toBe(userConfig);
  });

  it("writes a new file as plain TOML, and refuses a file that is not TOML, naming it", () => {
    const text = rewriteConfigText(
      { path: "x", text: null, data: {}, format: "toml" },
      { mcp_servers: { goalpost: { command: "node" } } },
    );
    expect(file(text!, "toml").data).toEqual({ mcp_servers: { goalpost: { command: "node" } } });
    expect(() => file('model = "a"\nmodel = "b"\n', "toml")).toThrow(ConfigFileError);
    expect(() => file("[unterminated\n", "toml")).toThrow(/settings.json is not valid TOML/);
  });
});
