import { adapterBuild } from "@goalpost/adapter-kit/build";
import { defineConfig } from "tsup";

// The bin, the hook bundle and the library, as every adapter builds them (see the kit's build/).
export default defineConfig(
  adapterBuild({
    bin: "goalpost-vscode-chat",
    hookBundleEntry: "src/vscode-chat-hook-bundle.ts",
    descriptorEntry: "src/vscode-chat-descriptor.ts",
    stateRootModule: "src/vscode-chat-paths.ts",
  }),
);
