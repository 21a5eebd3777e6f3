// One `goalpost` command: its help (usage, what it does, examples) and how it runs. Every command
// takes --json, --no-color and --help; the flags it adds are its own. cli.ts lists the commands.

import { type ParseArgsConfig, parseArgs } from "node:util";
import type { Env } from "@goalpost/core";
import { didYouMean } from "./did-you-mean.js";
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
    const message = `goalpost ${command.name}: ${argumentProblem(error as Error & { code?: string }, { ...COMMON, ...command.options })}`;
    const usage = `usage: goalpost ${command.name} ${command.usage}`;
    if (args.includes("--json")) process.stdout.write(`${JSON.stringify({ error: message, usage })}\n`);
    process.stderr.write(`${message}\n${usage}\n(goalpost ${command.name} --help for more)\n`);
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

/** Node's parser's complaint in goalpost's words: the option named, and the one likely meant. */
function argumentProblem(error: Error & { code?: string }, options: Options): string {
  const flags = Object.keys(options).map((name) => `--${name}`);
  const named = /'(-[^'\s]*)/.exec(error.message)?.[1] ?? "";
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")
    return `unknown option ${named}${didYouMean(named.replace(/=.*$/, ""), flags)}`;
  if (error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
    return `${named.replace(/ .*$/, "") || "an option"} needs a value${/argument missing/.test(error.message) ? "" : ` (${error.message})`}`;
  return error.message;
}

/** A problem with what the user asked: said on stderr, and on stdout as `{"error": …}` for --json. */
export function refuse(term: Terminal, json: boolean, message: string): number {
  if (json) process.stdout.write(`${JSON.stringify({ error: message.trim() })}\n`);
  term.err(message.endsWith("\n") ? message : `${message}\n`);
  return EXIT.usage;
}
