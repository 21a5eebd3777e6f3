import { adapterBuild } from "@goalpost/adapter-kit/build";
import { defineConfig } from "tsup";

// The bin, the start-up snapshot entry and the library, as every adapter builds them (see the kit's build/).
export default defineConfig(
  adapterBuild({ bin: "goalpost-codex", snapshotEntry: "src/codex-hook-snapshot.ts", stateRootModule: "src/codex-paths.ts" }),
);
