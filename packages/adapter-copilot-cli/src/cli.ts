#!/usr/bin/env node
// goalpost-copilot-cli: hook | mcp | install | uninstall | doctor | status | open | update | close.
import { runHostCli } from "@goalpost/adapter-kit";
import { copilotCliAdapter } from "./copilot-cli-adapter.js";

runHostCli(copilotCliAdapter, import.meta.url);
