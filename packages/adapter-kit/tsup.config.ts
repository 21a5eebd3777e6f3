import { copyFileSync } from "node:fs";
import { defineConfig, type Options } from "tsup";

const entries = {
  index: "src/index.ts",
  install: "src/install.ts",
  "run-bin": "src/bin/run-bin.ts",
  "testing/index": "src/testing/index.ts",
  "build/adapter-build": "src/build/adapter-build.ts",
  descriptor: "src/contract/descriptor.ts",
  faults: "src/hook/fault-records.ts",
  "command-line": "src/bin/command-line.ts",
  // Built so a published kit can give it to an adapter's build (see build/adapter-build.ts).
  "hook-loader": "src/fast-path/hook-loader.ts",
  "bin-launcher": "src/bin/bin-launcher.ts",
};

// Split so that an adapter bundling the kit keeps install, doctor and MCP behind dynamic imports:
// a hook process loads only the hook path. Types are built one entry at a time, each file whole:
// shared type chunks would be left dangling in the adapters' bundled .d.ts files.
export default defineConfig([
  // The loader leaves the adapter's paths module to the adapter's build (build/adapter-build.ts).
  {
    entry: entries,
    format: ["esm"],
    splitting: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    external: ["goalpost:adapter-state-root"],
    // The hook script, the status line script and the Perl hook client are shipped as they are, for an adapter's build to put beside its bin.
    onSuccess: async () => {
      for (const file of ["hook-client.pl", "hook.sh", "status-line.sh"]) copyFileSync(`src/fast-path/${file}`, `dist/${file}`);
    },
  },
  ...Object.entries(entries).map(
    ([name, source]): Options => ({ entry: { [name]: source }, format: ["esm"], dts: { only: true }, target: "node20" }),
  ),
]);
