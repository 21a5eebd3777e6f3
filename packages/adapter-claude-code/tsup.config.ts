import { adapterBuild } from "@goalpost/adapter-kit/build";
import { defineConfig } from "tsup";

// The bin, the hook bundle and the library, as every adapter builds them (see the kit's build/).
export default defineConfig(
  adapterBuild({
    bin: "goalpost-claude-code",
    hookBundleEntry: "src/claude-code-hook-bundle.ts",
    descriptorEntry: "src/claude-code-descriptor.ts",
    stateRootModule: "src/claude-code-paths.ts",
  }),
);
