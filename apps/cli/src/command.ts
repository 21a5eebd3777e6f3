// One `goalpost` command: its help (usage, what it does, examples) and how it runs. Every command
// takes --json, --no-color and --help; the flags it adds are its own. cli.ts lists the commands.

import { type ParseArgsConfig, parseArgs } from "node:util";
import type { Env } from "@goalpost/core";
import { EXIT } from "./exit-codes.js";
import { createTerminal, type Terminal } from "./terminal.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface CommandInput {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  readonly positionals: readonly string[];
  readonly json: boolean;
  readonly term: Terminal;
  readonly env: Env;
}

export interface Command {
  readonly name: string;
  /** One line, for `goalpost --help`. */
  readonly summary: string;
  /** The argument part of the usage line: `[host…] [--yes]`. */
  readonly usage: string;
  /** What it does, a few lines. */
  readonly description: string;
  readonly examples: readonly string[];
  readonly options?: Options;
  run(input: CommandInput): Promise<number>;
}

const COMMON: Options = {
  json: { type: "boolean", default: false },
  "no-color": { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
};

export function commandHelp(command: Command): string {
  return `usage: goalpost ${command.name} ${command.usage}

${command.description}

examples:
${command.examples.map((example) => `  ${example}`).join("\n")}

every command: --json (machine-readable stdout), --no-color, --help
`;
}

export async function runCommand(command: Command, args: readonly string[], env: Env): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options: { ...COMMON, ...command.options }, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`goalpost ${command.name}: ${(error as Error).message}\n\n${commandHelp(command)}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values["help"]) {
    process.stdout.write(commandHelp(command));
    return EXIT.ok;
  }
  const term = createTerminal({ noColor: values["no-color"] === true, env });
  return command.run({ values, positionals, json: values["json"] === true, term, env });
}
