import { defineConfig, type Options } from "tsup";

const entries = {
  index: "src/index.ts",
  install: "src/install.ts",
  "testing/index": "src/testing/index.ts",
  "build/adapter-build": "src/build/adapter-build.ts",
  // Built so a published kit can give it to an adapter's build (see build/adapter-build.ts).
  "hook-loader": "src/hook-loader.ts",
};

// Split so that an adapter bundling the kit keeps install, doctor and MCP behind dynamic imports:
// a hook process loads only the hook path. Types are built one entry at a time, each file whole:
// shared type chunks would be left dangling in the adapters' bundled .d.ts files.
export default defineConfig([
  { entry: entries, format: ["esm"], splitting: true, sourcemap: true, clean: true, target: "node20" },
  ...Object.entries(entries).map(
    ([name, source]): Options => ({ entry: { [name]: source }, format: ["esm"], dts: { only: true }, target: "node20" }),
  ),
]);
