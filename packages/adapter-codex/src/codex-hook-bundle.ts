// The hook bundle's entry (see the kit's hook-bundle-main.ts).
import { hookBundleMain } from "@goalpost/adapter-kit";
import { codexAdapter } from "./codex-adapter.js";

hookBundleMain(codexAdapter, __filename);
