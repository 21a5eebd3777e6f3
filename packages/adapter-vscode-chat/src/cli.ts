#!/usr/bin/env node
// goalpost-vscode-chat: hook | mcp | install | uninstall | doctor | status | open | update | close.
import { runHostCli } from "@goalpost/adapter-kit";
import { vscodeChatAdapter } from "./vscode-chat-adapter.js";

runHostCli(vscodeChatAdapter, import.meta.url);
