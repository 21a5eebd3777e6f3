// The hook bundle's entry (see the kit's hook-bundle-main.ts).
import { hookBundleMain } from "@goalpost/adapter-kit";
import { claudeCodeAdapter } from "./claude-code-adapter.js";

hookBundleMain(claudeCodeAdapter, __filename);
