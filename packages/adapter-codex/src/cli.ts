#!/usr/bin/env node
// goalpost-codex: hook | mcp | install | uninstall | doctor | status | open | update | close.
import { runHostCli } from "@goalpost/adapter-kit";
import { codexAdapter } from "./codex-adapter.js";

runHostCli(codexAdapter, import.meta.url);
