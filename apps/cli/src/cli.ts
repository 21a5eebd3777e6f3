#!/usr/bin/env node
// goalpost: the human's command line. demo | status | show | install | uninstall | doctor.
import { parseArgs } from "node:util";
import { goalpostStateRoot } from "@goalpost/adapter-claude-code";
import { execa } from "execa";
import { CLAUDE_CODE_BIN } from "./claude-code-host.js";

const USAGE = `goalpost — keeps AI coding agents on the goal you set

usage:
  goalpost demo [--keep]                      a scripted Claude Code session through a fake home
  goalpost status [--root <dir>]              open goals, their gate and drift
  goalpost show <goal-or-session-id> [--root <dir>]
  goalpost install [claude-code] [adapter flags]     (also: uninstall, doctor)

Hosts: claude-code. State root: <CLAUDE_CONFIG_DIR or ~/.claude>/goalpost, or GOALPOST_HOME.
`;

const HOST_BINS: Record<string, string> = { "claude-code": CLAUDE_CODE_BIN };

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "demo": {
      const { values } = parseArgs({ args: [...rest], options: { keep: { type: "boolean", default: false } } });
      const { runDemo } = await import("./demo.js");
      await runDemo({ keep: values.keep });
      return 0;
    }
    case "status":
    case "show": {
      const { values, positionals } = parseArgs({
        args: [...rest],
        options: { root: { type: "string" } },
        allowPositionals: true,
      });
      const root = values.root ?? goalpostStateRoot();
      const { showText, statusText } = await import("./status.js");
      if (command === "status") {
        process.stdout.write(`${statusText(root)}\n`);
        return 0;
      }
      const text = positionals[0] ? showText(root, positionals[0]) : null;
      if (!text) {
        process.stderr.write(
          positionals[0]
            ? `goalpost: no goal or session "${positionals[0]}" under ${root}\n`
            : "usage: goalpost show <goal-or-session-id>\n",
        );
        return 1;
      }
      process.stdout.write(`${text}\n`);
      return 0;
    }
    case "install":
    case "uninstall":
    case "doctor": {
      const host = rest[0] && !rest[0].startsWith("-") ? rest[0] : "claude-code";
      const bin = HOST_BINS[host];
      if (!bin) {
        process.stderr.write(`goalpost: no adapter for host "${host}" yet (available: ${Object.keys(HOST_BINS).join(", ")})\n`);
        return 2;
      }
      const flags = rest[0] === host ? rest.slice(1) : rest;
      const result = await execa(process.execPath, [bin, command, ...flags], { stdio: "inherit", reject: false });
      return result.exitCode ?? 1;
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`goalpost: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`goalpost: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
