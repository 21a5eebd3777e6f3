// The hook bundle's entry (see the kit's hook-bundle-main.ts).
import { hookBundleMain } from "@goalpost/adapter-kit";
import { vscodeChatAdapter } from "./vscode-chat-adapter.js";

hookBundleMain(vscodeChatAdapter, __filename);
