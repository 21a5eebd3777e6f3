#!/usr/bin/env node
// goalpost-vscode-chat: hook | mcp | install | uninstall | doctor | status | open | update | close.
// `hook` is answered by the hook loader beside the bin; every other command loads the adapter (see runBin).
import { runBin } from "@goalpost/adapter-kit/bin";

runBin(import.meta.url, async () => (await import("./vscode-chat-adapter.js")).vscodeChatAdapter);
