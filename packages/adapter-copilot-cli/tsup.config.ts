import { defineConfig } from "tsup";

// The bin is one bundled file with goalpost's own packages and zod inside: a hook process starts on
// every tool call, and loading many small modules from node_modules costs more than the hook itself.
// The MCP SDK and diff stay external and are loaded only by `mcp` and `install --dry-run`.
const external = ["@modelcontextprotocol/sdk", "diff"];
// The kit is bundled from its TypeScript source, so that what the hook path does not use is dropped.
const esbuildOptions = (options: { conditions?: string[] }) => {
  options.conditions = ["goalpost:source"];
};
export default defineConfig([
  {
    entry: { "goalpost-copilot-cli": "src/cli.ts" },
    format: ["esm"],
    target: "node20",
    platform: "node",
    splitting: true,
    sourcemap: false,
    minify: true,
    noExternal: [/^@goalpost\//, "zod", "jsonc-parser", "@decimalturn/toml-patch"],
    external,
    esbuildOptions,
  },
  {
    // The extension Copilot CLI runs in its own Node: one file, since only the SDK resolves there.
    // install copies it into $COPILOT_HOME/extensions/goalpost/; the banner marks it as goalpost's.
    entry: { "goalpost-copilot-cli-extension": "src/copilot-cli-extension.ts" },
    format: ["esm"],
    outExtension: () => ({ js: ".mjs" }),
    target: "node22",
    platform: "node",
    minify: true,
    banner: { js: "// goalpost's Copilot CLI extension (written by `goalpost-copilot-cli install`; `uninstall` removes it)" },
    noExternal: [/^@goalpost\//, "zod"],
    external: ["@github/copilot-sdk", "@github/copilot-sdk/extension"],
    esbuildOptions,
  },
  {
    // Built into a V8 startup snapshot at install time: CommonJS, the hook path inside.
    entry: { "goalpost-copilot-cli-snapshot": "src/copilot-cli-hook-snapshot.ts" },
    format: ["cjs"],
    outExtension: () => ({ js: ".cjs" }),
    target: "node20",
    platform: "node",
    minify: true,
    noExternal: [/^@goalpost\//, "zod"],
    external: [...external, "jsonc-parser", "@decimalturn/toml-patch"],
    esbuildOptions,
  },
  {
    entry: { index: "src/index.ts" },
    format: ["esm"],
    target: "node20",
    platform: "node",
    // Types of the bundled packages are inlined: they are not runtime dependencies of this package.
    dts: { resolve: [/^@goalpost\//] },
    sourcemap: true,
    noExternal: [/^@goalpost\//, "zod", "jsonc-parser", "@decimalturn/toml-patch"],
    external,
    esbuildOptions,
  },
]);
