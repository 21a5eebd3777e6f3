import { copyFileSync } from "node:fs";
import { defineConfig, type Options } from "tsup";

// store-root on its own too: an adapter's hook loader finds its state root without loading core; notices
// too: `goalpost status` reads the notice log without loading core.
// internal holds every module of core's main road; the main entry re-exports part of it (below).
const entries = {
  internal: "src/internal.ts",
  "store-root": "src/store/store-root.ts",
  notices: "src/store/notice-log.ts",
};

// Types are built one entry at a time, each file whole: a shared type chunk would be left dangling in
// the adapters' bundled .d.ts files.
export default defineConfig([
  // Not split: internal.js stays one file, and store-root.js repeats its few lines.
  // `ignore` is CommonJS: imported from node_modules, Node scans it for named exports on every load of
  // core (~4 ms); bundled, esbuild wraps it to run only when a walk first needs it.
  { entry: entries, format: ["esm"], splitting: false, sourcemap: true, clean: true, target: "node20", noExternal: ["ignore"] },
  // The main entry re-exports part of ./internal.js, and `@goalpost/core/harness` part of the main
  // entry: each stays an import of the other file, so a process that uses several has one copy of every
  // module. The harness's source, export lines only, is its own .d.ts; the main entry's types are built
  // whole (below), since the adapters' bundled .d.ts files take them in and could not follow ./internal.js.
  {
    entry: { index: "src/index.ts", harness: "src/harness.ts" },
    format: ["esm"],
    target: "node20",
    external: ["./internal.js", "./index.js"],
    onSuccess: async () => copyFileSync("src/harness.ts", "dist/harness.d.ts"),
  },
  ...Object.entries({ ...entries, index: "src/index.ts" }).map(
    ([name, source]): Options => ({ entry: { [name]: source }, format: ["esm"], dts: { only: true }, target: "node20" }),
  ),
]);
