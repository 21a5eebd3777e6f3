import { adapterBuild, hookPathOnly } from "@goalpost/adapter-kit/build";
import { defineConfig } from "tsup";

// As every adapter builds (see the kit's build/), plus the extension Copilot CLI runs in its own Node:
// one file, since only the SDK resolves there. install copies it into $COPILOT_HOME/extensions/goalpost/;
// the banner marks it as goalpost's; it has no dynamic imports (see hookPathOnly).
export default defineConfig(
  adapterBuild({
    bin: "goalpost-copilot-cli",
    hookBundleEntry: "src/copilot-cli-hook-bundle.ts",
    descriptorEntry: "src/copilot-cli-descriptor.ts",
    stateRootModule: "src/copilot-cli-paths.ts",
    extra: [
      {
        entry: { "goalpost-copilot-cli-extension": "src/copilot-cli-extension.ts" },
        format: ["esm"],
        outExtension: () => ({ js: ".mjs" }),
        target: "node22",
        minify: true,
        banner: { js: "// goalpost's Copilot CLI extension (written by `goalpost-copilot-cli install`; `uninstall` removes it)" },
        noExternal: [/^@goalpost\//, "zod"],
        external: ["@github/copilot-sdk", "@github/copilot-sdk/extension"],
        // What only the verifying process loads (the sandbox runtime, execa) is not reachable here: the
        // extension leaves a close's run to the next hook, so those imports become modules that say so.
        esbuildPlugins: [hookPathOnly],
      },
    ],
  }),
);
