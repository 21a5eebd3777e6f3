import { adapterBuild } from "@goalpost/adapter-kit/build";
import { defineConfig } from "tsup";

// The bin, the start-up snapshot entry and the library, as every adapter builds them (see the kit's build/).
export default defineConfig(
  adapterBuild({
    bin: "goalpost-claude-code",
    snapshotEntry: "src/claude-code-hook-snapshot.ts",
    stateRootModule: "src/claude-code-paths.ts",
  }),
);
