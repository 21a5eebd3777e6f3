import { defineConfig } from "tsup";

// One entry; core stays an import of @goalpost/core/internal, so a process that loads both has one copy
// of core.
export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
});
