import { defineConfig } from "tsup";

export default defineConfig({
  entry: { goalpost: "src/cli.ts" },
  format: ["esm"],
  target: "node20",
  platform: "node",
  clean: true,
  sourcemap: true,
  // Core and zod in the CLI's own chunks: loaded from node_modules they are ~60 ES modules for Node to
  // resolve and link on every `goalpost status` (4.5x a bare Node start; bundled, 2.9x). The adapters'
  // descriptors stay outside: the CLI finds them by name.
  noExternal: ["@goalpost/core", "zod"],
});
