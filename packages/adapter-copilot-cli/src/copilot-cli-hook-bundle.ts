// The hook bundle's entry (see the kit's hook-bundle-main.ts).
import { hookBundleMain } from "@goalpost/adapter-kit";
import { copilotCliAdapter } from "./copilot-cli-adapter.js";

hookBundleMain(copilotCliAdapter, __filename);
