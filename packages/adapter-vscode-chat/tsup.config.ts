import { adapterBuild } from "@goalpost/adapter-kit/build";
import { defineConfig } from "tsup";

// The bin, the start-up snapshot entry and the library, as every adapter builds them (see the kit's build/).
export default defineConfig(
  adapterBuild({
    bin: "goalpost-vscode-chat",
    snapshotEntry: "src/vscode-chat-hook-snapshot.ts",
    stateRootModule: "src/vscode-chat-paths.ts",
  }),
);
