#!/usr/bin/env node
// goalpost-claude-code: hook | mcp | install | uninstall | doctor.
// `hook` runs on every tool call of the agent, so this file loads only the hook path up front;
// everything else is imported when asked for.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runClaudeCodeHook } from "./claude-code-hook.js";

const VERSION = "0.1.0";
const USAGE = `goalpost-claude-code ${VERSION} — keeps Claude Code on the goal you set with /goal

usage:
  goalpost-claude-code install [--scope user|project|local] [--project <dir>] [--dry-run] [--no-snapshot]
  goalpost-claude-code uninstall [--scope user|project|local] [--project <dir>] [--dry-run]
  goalpost-claude-code doctor [--project <dir>]
  goalpost-claude-code status | open '<json>' | update '<json>' | close '<json>' [--session <id>]
                                        (the goal tools from the shell, for the agent)
  goalpost-claude-code hook <Event>     (run by Claude Code: payload on stdin)
  goalpost-claude-code mcp              (run by Claude Code: goal tools over stdio)
`;

const [command, ...rest] = process.argv.slice(2);
const cliPath = fileURLToPath(import.meta.url);

function readStdin(): string {
  try {
    return readFileSync(0, "utf8");
  } catch {
    return "";
  }
}

async function main(): Promise<number> {
  switch (command) {
    case "hook": {
      const result = runClaudeCodeHook(rest[0] ?? "", readStdin());
      if (result.stderr) process.stderr.write(result.stderr);
      if (result.stdout) process.stdout.write(result.stdout);
      return 0;
    }
    case "mcp": {
      const { serveClaudeCodeMcp } = await import("./claude-code-mcp.js");
      await serveClaudeCodeMcp();
      return -1; // keep serving until the client closes stdin
    }
    case "status":
    case "open":
    case "update":
    case "close": {
      const { runGoalCommand } = await import("./claude-code-goal-command.js");
      const result = runGoalCommand(command, rest);
      if (result.stdout) process.stdout.write(result.stdout);
      if (result.stderr) process.stderr.write(result.stderr);
      return result.exitCode;
    }
    case "install":
    case "uninstall":
    case "doctor": {
      const { runAdminCommand } = await import("./claude-code-admin.js");
      return runAdminCommand(command, rest, cliPath);
    }
    case "--version":
    case "-v":
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`goalpost-claude-code: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

main().then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`goalpost-claude-code: ${error instanceof Error ? error.message : String(error)}\n`);
    // A hook never fails its host; the admin commands do report failure.
    process.exitCode = command === "hook" ? 0 : 1;
  },
);
