// The entry the hook's start-up snapshot is built from (see the kit's hook-snapshot.ts).
import { startHookSnapshot } from "@goalpost/adapter-kit";
import { vscodeChatAdapter } from "./vscode-chat-adapter.js";

startHookSnapshot(vscodeChatAdapter, __filename);
