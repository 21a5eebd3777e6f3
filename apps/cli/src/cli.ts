#!/usr/bin/env node
// goalpost: the human's command line. Each command is a module under commands/ with its own help;
// this file only finds the command (loading them only when one is asked for) and reports what escaped it.
import type { Command } from "./command.js";
import { EXIT } from "./exit-codes.js";
import { cliVersion } from "./version.js";

const USAGE_LINE = "usage: goalpost <command> [options]";

function usage(COMMANDS: readonly Command[]): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return `goalpost ${cliVersion()} — keeps AI coding agents on the goal you set

usage: goalpost <command> [options]

${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join("\n")}

Start here:
  goalpost install          wire goalpost into the hosts on this machine (asks first)
  (in your agent: goal: <what done means>)
  goalpost status           the open goals of this directory
  goalpost report --open    one goal's timeline and evidence in your browser

Every command: --json for machines, --no-color (or NO_COLOR), --help with examples.
Exit codes: 0 done, 1 something is wrong (doctor, a failed install), 2 bad command line, 3 not found.
Each host keeps goalpost's state in its own home; GOALPOST_HOME overrides them all.
`;
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  const json = argv.includes("--json");
  if (name === "--version" || name === "-v" || name === "version") {
    process.stdout.write(json ? `${JSON.stringify({ version: cliVersion() })}\n` : `${cliVersion()}\n`);
    return EXIT.ok;
  }
  // Every other answer needs the commands (and through them core and the adapters): loaded now.
  const [{ COMMANDS }, { runCommand, usageProblem }, { didYouMean }] = await Promise.all([
    import("./commands/index.js"),
    import("./command.js"),
    import("@goalpost/core/internal"),
  ]);
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    const topic = COMMANDS.find((command) => command.name === rest[0]);
    if (topic) return runCommand(topic, ["--help"], process.env);
    process.stdout.write(usage(COMMANDS));
    return EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    const names = COMMANDS.map((candidate) => candidate.name);
    return usageProblem({
      message: `goalpost: unknown command "${name}"${didYouMean(name, names)}`,
      usage: USAGE_LINE,
      hint: `(goalpost --help lists the commands: ${names.join(", ")})`,
      json,
    });
  }
  return runCommand(command, rest, process.env);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`goalpost: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT.problem;
  },
);
