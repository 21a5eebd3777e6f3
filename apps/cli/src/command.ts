// One `goalpost` command: its help (usage, what it does, examples) and how it runs. Every command
// takes --json, --no-color and --help; the flags it adds are its own. cli.ts lists the commands.

import { type ParseArgsConfig, parseArgs } from "node:util";
import { argumentProblem } from "@goalpost/adapter-kit/command-line";
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
  /** Its positionals are host names (install, doctor, disable…): completion offers them. */
  readonly takesHosts?: boolean;
  run(input: CommandInput): Promise<number>;
}

/** The flags every command takes (completion lists them with each command's own). */
export const COMMON_FLAGS: Options = {
  json: { type: "boolean", default: false },
  "no-color": { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
};

function commandHelp(command: Command): string {
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
    parsed = parseArgs({
      args: [...args],
      options: { ...COMMON_FLAGS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usageProblem({
      message: `goalpost ${command.name}: ${argumentProblem(error as Error & { code?: string }, { ...COMMON_FLAGS, ...command.options })}`,
      usage: `usage: goalpost ${command.name} ${command.usage}`,
      hint: `(goalpost ${command.name} --help for more)`,
      json: args.includes("--json"),
    });
  }
  const { values, positionals } = parsed;
  if (values["help"]) {
    process.stdout.write(commandHelp(command));
    return EXIT.ok;
  }
  const term = createTerminal({ noColor: values["no-color"] === true, env });
  return command.run({ values, positionals, json: values["json"] === true, term, env });
}

/**
 * A problem with what the user asked (exit 2): the message, the usage line and a hint on stderr, and
 * `{"error", "usage"}` on stdout for --json.
 */
export function usageProblem(problem: {
  readonly message: string;
  readonly usage?: string;
  readonly hint?: string;
  readonly json: boolean;
}): number {
  const message = problem.message.trim();
  if (problem.json)
    process.stdout.write(`${JSON.stringify({ error: message, ...(problem.usage ? { usage: problem.usage } : {}) })}\n`);
  process.stderr.write(`${[message, problem.usage, problem.hint].filter(Boolean).join("\n")}\n`);
  return EXIT.usage;
}

/** A problem that ends a command (nothing found, nothing to ask with): the message on stderr, and `{"error"}` on stdout for --json. */
export function fail(term: Terminal, json: boolean, message: string, code: number): number {
  if (json) term.json({ error: message.trim() });
  term.err(`${message.trim()}\n`);
  return code;
}

/** A host named that no adapter here knows, and the like: see usageProblem. */
export const refuse = (json: boolean, message: string): number => usageProblem({ message, json });
