#!/usr/bin/env node
// goalpost-claude-code: hook | mcp | install | uninstall | doctor | status | open | update | close.
import { runHostCli } from "@goalpost/adapter-kit";
import { claudeCodeAdapter } from "./claude-code-adapter.js";

runHostCli(claudeCodeAdapter, import.meta.url);
