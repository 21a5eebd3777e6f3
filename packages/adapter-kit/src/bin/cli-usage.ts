// What an adapter's bin says of itself — its version, its help, its completion — all from one table of
// its commands (who runs each, what it takes, its flags). The admin commands' flags are the table the
// goalpost CLI shares (command-line.ts), so `goalpost install codex` and `goalpost-codex install` list,
// parse and complete the same flags.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { HostAdapter } from "../contract/host-adapter.js";
import { ADMIN_OPTIONS, type CommandOptions, type CompletionTable, GOAL_COMMAND_OPTIONS, SHELLS } from "./command-line.js";

/** The adapter's version, from the package.json beside its dist/ folder. */
export function adapterVersion(cliPath: string): string {
  try {
    return (JSON.parse(readFileSync(join(dirname(cliPath), "..", "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** Who runs a command: the help groups them so, and completion offers only the user's and the agent's. */
type RunBy = "you" | "the agent" | "the host" | "goalpost";

interface BinCommand {
  readonly name: string;
  /** What follows the name on its usage line, besides its flags: `'<json>'`, `<Event>`. */
  readonly args: string;
  readonly summary: string;
  readonly options: CommandOptions;
  readonly runBy: RunBy;
  /** The words it takes after it (shells), for completion. */
  readonly values?: readonly string[];
  /** It takes --json and --help besides its own flags (install, uninstall, doctor). */
  readonly json?: boolean;
}

/** Every command of an adapter's bin; host-cli.ts dispatches these names and no others. */
export function binCommands(adapter: HostAdapter): readonly BinCommand[] {
  const { displayName } = adapter;
  const admin = (name: "install" | "uninstall" | "doctor", summary: string): BinCommand => ({
    name,
    args: "",
    summary,
    // Strict mode only where the host has a sandbox goalpost can turn on.
    options: Object.fromEntries(
      Object.entries(ADMIN_OPTIONS[name]).filter(([flag]) => adapter.install.strict || !flag.endsWith("strict")),
    ),
    runBy: "you",
    json: true,
  });
  const goalTool = (name: string, args: string, summary: string): BinCommand => ({
    name,
    args,
    summary,
    options: GOAL_COMMAND_OPTIONS,
    runBy: "the agent",
  });
  return [
    admin("install", `wire goalpost into ${displayName} (${adapter.install.defaultScope} scope)`),
    admin("uninstall", "take out exactly what install added (goal records kept; --purge: them too)"),
    admin("doctor", "check the wiring, the fast path and the state directory"),
    {
      name: "completion",
      args: "<bash|zsh|fish>",
      summary: "tab completion for this command",
      options: {},
      runBy: "you",
      values: SHELLS,
    },
    goalTool("status", "", "the session's goal, as the goal tool says it"),
    goalTool("open", "'<json>'", "open a goal (the goal tool, from the shell)"),
    goalTool("update", "'<json>'", "say what is done and what remains"),
    goalTool("close", "'<json>'", "ask goalpost to close the goal on its own run of the checks"),
    { name: "hook", args: "<Event>", summary: "payload on stdin, answer on stdout", options: {}, runBy: "the host" },
    { name: "mcp", args: "", summary: "the goal tools over stdio", options: {}, runBy: "the host" },
    { name: "verify", args: "…", summary: "a goal's checks, in a sandbox", options: {}, runBy: "goalpost" },
    {
      name: "issue-lookup",
      args: "…",
      summary: "the title and milestone of the session's GitHub issue (gh)",
      options: {},
      runBy: "goalpost",
    },
  ];
}

const PLACEHOLDERS: Readonly<Record<string, string>> = { project: "dir", session: "id" };

/** A command's flags as its usage line shows them: `[--scope user|project] [--dry-run]`. */
function flagsUsage(adapter: HostAdapter, command: BinCommand): string[] {
  return Object.entries(command.options).map(([name, option]) =>
    name === "scope"
      ? `[--scope ${adapter.install.scopes.join("|")}]`
      : option.type === "string"
        ? `[--${name} <${PLACEHOLDERS[name] ?? name}>]`
        : `[--${name}]`,
  );
}

/** One command's usage line. */
function commandUsage(adapter: HostAdapter, command: BinCommand): string {
  const json = command.json ? ["[--json]"] : [];
  return [adapter.bin, command.name, command.args, ...flagsUsage(adapter, command), ...json].filter(Boolean).join(" ");
}

const GROUPS: readonly [RunBy, string][] = [
  ["you", "for you"],
  ["the agent", "for the agent (the goal tools from the shell; '-' reads the JSON from stdin)"],
  ["the host", "run by HOST"],
  ["goalpost", "run by goalpost"],
];

export function hostCliUsage(adapter: HostAdapter, version: string): string {
  const { bin, displayName } = adapter;
  const commands = binCommands(adapter);
  const groups = GROUPS.map(([runBy, title]) => {
    const lines = commands
      .filter((command) => command.runBy === runBy)
      .map((command) => `  ${commandUsage(adapter, command)}\n      ${command.summary}`);
    return `${title.replace("HOST", displayName)}:\n${lines.join("\n")}`;
  });
  return `${bin} ${version} — keeps ${displayName} on the goal you set

${groups.join("\n\n")}

  ${bin} --version | --help

examples:
  ${bin} install --dry-run         show exactly what install would change, write nothing
  ${bin} install                   wire goalpost into ${displayName}
  ${bin} doctor                    is goalpost wired and working here?${
    adapter.install.strict
      ? `
  ${bin} install --strict          ${displayName}'s own sandbox around the agent's commands: it cannot reach goalpost`
      : ""
  }
  ${bin} update '{"doneSoFar":["parser streams"],"remaining":["docs"]}'
  eval "$(${bin} completion bash)"   tab completion (zsh, fish: the same)

Switch goalpost off for a moment: GOALPOST_DISABLED=1 in ${displayName}'s environment,
or a file named "disabled" in ${adapter.stateRoot(process.env)}.
`;
}

/** The bin's completion table: the commands a person or the agent types, with their flags. */
export function binCompletion(adapter: HostAdapter): CompletionTable {
  return {
    program: adapter.bin,
    commands: binCommands(adapter)
      .filter((command) => command.runBy === "you" || command.runBy === "the agent")
      .map((command) => ({
        name: command.name,
        summary: command.summary,
        flags: [...Object.keys(command.options).map((flag) => `--${flag}`), ...(command.json ? ["--json", "--help"] : [])],
        values: command.values,
      })),
  };
}
