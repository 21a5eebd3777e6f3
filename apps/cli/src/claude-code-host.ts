// Where the Claude Code adapter lives, for the commands that drive it: its bin and its recorded payloads.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const adapterDir = dirname(createRequire(import.meta.url).resolve("@goalpost/adapter-claude-code/package.json"));

export const CLAUDE_CODE_BIN = join(adapterDir, "dist", "goalpost-claude-code.js");
export const CLAUDE_CODE_FIXTURES = join(adapterDir, "src", "__fixtures__");
