import { defineConfig, type Options } from "tsup";

// store-root on its own too: an adapter's hook loader finds its state root without loading core.
// run-verification on its own too: the in-process verifier loads it by its file name at run time
// (verification-request.ts), so it never enters a bundle that only starts verifications elsewhere.
const entries = {
  index: "src/index.ts",
  "store-root": "src/store/store-root.ts",
  "run-verification": "src/verify/run-verification.ts",
};

// Types are built one entry at a time, each file whole: a shared type chunk would be left dangling in
// the adapters' bundled .d.ts files.
export default defineConfig([
  // Not split: index.js stays one file, and store-root.js repeats its few lines.
  { entry: entries, format: ["esm"], splitting: false, sourcemap: true, clean: true, target: "node20" },
  ...Object.entries(entries).map(
    ([name, source]): Options => ({ entry: { [name]: source }, format: ["esm"], dts: { only: true }, target: "node20" }),
  ),
]);
