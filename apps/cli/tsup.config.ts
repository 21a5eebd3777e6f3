import { defineConfig } from "tsup";

export default defineConfig({
  entry: { goalpost: "src/cli.ts" },
  format: ["esm"],
  target: "node20",
  platform: "node",
  clean: true,
  sourcemap: true,
});
