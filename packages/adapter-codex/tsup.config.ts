import { adapterBuild } from "@goalpost/adapter-kit/build";
import { defineConfig } from "tsup";

// The bin, the hook bundle and the library, as every adapter builds them (see the kit's build/).
export default defineConfig(
  adapterBuild({
    bin: "goalpost-codex",
    hookBundleEntry: "src/codex-hook-bundle.ts",
    descriptorEntry: "src/codex-descriptor.ts",
    stateRootModule: "src/codex-paths.ts",
  }),
);
