import { defineConfig } from "tsup";

export default defineConfig({
  // store-root on its own too: an adapter's hook loader finds its state root without loading core.
  entry: { index: "src/index.ts", "store-root": "src/store/store-root.ts" },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
});
