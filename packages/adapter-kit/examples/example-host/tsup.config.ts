import { adapterBuild } from "@goalpost/adapter-kit/build";
import { defineConfig } from "tsup";

// The bin, the hook bundle (with the hook loader, script and Perl client beside it) and the library.
export default defineConfig(
  adapterBuild({ bin: "goalpost-acme", hookBundleEntry: "src/acme-hook-bundle.ts", stateRootModule: "src/acme-paths.ts" }),
);
