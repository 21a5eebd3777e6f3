import { defineConfig } from "tsup";

// Split so that an adapter bundling the kit keeps install, doctor and MCP behind dynamic imports:
// a hook process loads only the hook path.
export default defineConfig({
  entry: {
    index: "src/index.ts",
    install: "src/install.ts",
    "testing/index": "src/testing/index.ts",
    "build/adapter-build": "src/build/adapter-build.ts",
  },
  format: ["esm"],
  dts: true,
  splitting: true,
  sourcemap: true,
  clean: true,
  target: "node20",
});
