// `goalpost completion bash|zsh|fish`: the shell's completion for goalpost, written from the same table
// of commands and flags that parses the command line and prints its help, so the three never differ.
// The script is static (no goalpost process per Tab): commands with their summaries, each command's
// flags, and the host names where a command takes hosts.
import { COMMON_FLAGS, type Command, fail } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { loadHosts } from "../hosts.js";

const SHELLS = ["bash", "zsh", "fish"] as const;
type Shell = (typeof SHELLS)[number];

interface Table {
  /** Each command: its flags, and what follows it — its flags and, where it takes them, the host names. */
  readonly commands: readonly { name: string; summary: string; flags: string[]; hosts: boolean; words: string[] }[];
  readonly hosts: readonly string[];
}

const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

function bash({ commands }: Table): string {
  const cases = commands.map(({ name, words }) => `    ${name}) words=${quoted(words.join(" "))} ;;`).join("\n");
  return `# goalpost completion for bash: add to ~/.bashrc
#   eval "$(goalpost completion bash)"
_goalpost() {
  local cur=\${COMP_WORDS[COMP_CWORD]} words
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W ${quoted([...commands.map((command) => command.name), "help", "--help", "--version"].join(" "))} -- "$cur"))
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases}
    help) words=${quoted(commands.map((command) => command.name).join(" "))} ;;
    *) words="" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _goalpost goalpost
`;
}

function zsh({ commands }: Table): string {
  const described = commands.map(({ name, summary }) => `    ${quoted(`${name}:${summary.replace(/:/g, "\\:")}`)}`).join("\n");
  const cases = commands.map(({ name, words }) => `    ${name}) compadd -- ${words.join(" ")} ;;`).join("\n");
  return `#compdef goalpost
# goalpost completion for zsh: add to ~/.zshrc (after compinit)
#   eval "$(goalpost completion zsh)"
_goalpost() {
  local -a commands
  commands=(
${described}
  )
  if (( CURRENT == 2 )); then
    _describe 'goalpost command' commands
    return
  fi
  case $words[2] in
${cases}
    help) compadd -- ${commands.map((command) => command.name).join(" ")} ;;
  esac
}
compdef _goalpost goalpost
`;
}

function fish({ commands, hosts }: Table): string {
  const names = commands.map((command) => command.name).join(" ");
  const lines = commands.flatMap(({ name, summary, flags, hosts: takesHosts }) => [
    `complete -c goalpost -n __fish_use_subcommand -a ${name} -d ${quoted(summary)}`,
    ...flags.map((flag) => `complete -c goalpost -n '__fish_seen_subcommand_from ${name}' -l ${flag.slice(2)}`),
    ...(takesHosts ? [`complete -c goalpost -n '__fish_seen_subcommand_from ${name}' -a ${quoted(hosts.join(" "))}`] : []),
  ]);
  return `# goalpost completion for fish: save as ~/.config/fish/completions/goalpost.fish
#   goalpost completion fish > ~/.config/fish/completions/goalpost.fish
complete -c goalpost -f
complete -c goalpost -n __fish_use_subcommand -a help -d 'a command\\'s help'
complete -c goalpost -n '__fish_seen_subcommand_from help' -a ${quoted(names)}
${lines.join("\n")}
`;
}

const WRITERS: Record<Shell, (table: Table) => string> = { bash, zsh, fish };

/** The completion command, over the commands it completes (cli.ts's table, itself included). */
export function completionCommand(commands: () => readonly Command[]): Command {
  return {
    name: "completion",
    summary: "tab completion for bash, zsh or fish",
    usage: "<bash|zsh|fish>",
    description: `Prints the shell's completion script for goalpost: its commands, each command's flags, and the
host names where a command takes them. Load it from your shell's start-up file (the script's first
lines say how).`,
    examples: [
      'eval "$(goalpost completion bash)"     (in ~/.bashrc)',
      'eval "$(goalpost completion zsh)"      (in ~/.zshrc, after compinit)',
      "goalpost completion fish > ~/.config/fish/completions/goalpost.fish",
    ],
    async run({ positionals, json, term }) {
      const shell = positionals[0] as Shell | undefined;
      if (!shell || !SHELLS.includes(shell)) {
        return fail(term, json, `goalpost completion: name a shell: ${SHELLS.join(", ")}`, EXIT.usage);
      }
      const hosts = (await loadHosts()).map((host) => host.id);
      const table: Table = {
        hosts,
        commands: commands().map((command) => {
          const flags = Object.keys({ ...command.options, ...COMMON_FLAGS }).map((flag) => `--${flag}`);
          const takesHosts = command.takesHosts === true;
          return {
            name: command.name,
            summary: command.summary,
            flags,
            hosts: takesHosts,
            words: takesHosts ? [...flags, ...hosts] : flags,
          };
        }),
      };
      term.out(WRITERS[shell](table));
      return EXIT.ok;
    },
  };
}
