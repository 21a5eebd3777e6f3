// A shell's completion script for a command-line program, written from the table of commands and
// flags that parses its command line and prints its help, so the three never differ. The `goalpost`
// CLI and every adapter's bin write theirs here. The script is static (no process per Tab): the
// commands with their summaries, each command's flags, and the words a command takes (host names).

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

export interface CompletionTable {
  /** The program completed: `goalpost`, `goalpost-codex`. */
  readonly program: string;
  readonly commands: readonly {
    readonly name: string;
    readonly summary: string;
    /** Its flags, `--json` form. */
    readonly flags: readonly string[];
    /** The words it takes after it besides its flags (host names, shells), if any. */
    readonly values?: readonly string[];
  }[];
}

const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
/** A shell function's name for the program: `_goalpost_codex`. */
const functionName = (program: string) => `_${program.replace(/[^A-Za-z0-9]/g, "_")}`;
const words = (command: CompletionTable["commands"][number]) => [...command.flags, ...(command.values ?? [])];

function bash({ program, commands }: CompletionTable): string {
  const fn = functionName(program);
  const cases = commands.map((command) => `    ${command.name}) words=${quoted(words(command).join(" "))} ;;`).join("\n");
  return `# ${program} completion for bash: add to ~/.bashrc
#   eval "$(${program} completion bash)"
${fn}() {
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
complete -F ${fn} ${program}
`;
}

function zsh({ program, commands }: CompletionTable): string {
  const fn = functionName(program);
  const described = commands.map(({ name, summary }) => `    ${quoted(`${name}:${summary.replace(/:/g, "\\:")}`)}`).join("\n");
  const cases = commands.map((command) => `    ${command.name}) compadd -- ${words(command).join(" ")} ;;`).join("\n");
  return `#compdef ${program}
# ${program} completion for zsh: add to ~/.zshrc (after compinit)
#   eval "$(${program} completion zsh)"
${fn}() {
  local -a commands
  commands=(
${described}
  )
  if (( CURRENT == 2 )); then
    _describe '${program} command' commands
    return
  fi
  case $words[2] in
${cases}
    help) compadd -- ${commands.map((command) => command.name).join(" ")} ;;
  esac
}
compdef ${fn} ${program}
`;
}

function fish({ program, commands }: CompletionTable): string {
  const names = commands.map((command) => command.name).join(" ");
  const lines = commands.flatMap(({ name, summary, flags, values }) => [
    `complete -c ${program} -n __fish_use_subcommand -a ${name} -d ${quoted(summary)}`,
    ...flags.map((flag) => `complete -c ${program} -n '__fish_seen_subcommand_from ${name}' -l ${flag.slice(2)}`),
    ...(values?.length ? [`complete -c ${program} -n '__fish_seen_subcommand_from ${name}' -a ${quoted(values.join(" "))}`] : []),
  ]);
  return `# ${program} completion for fish: save as ~/.config/fish/completions/${program}.fish
#   ${program} completion fish > ~/.config/fish/completions/${program}.fish
complete -c ${program} -f
complete -c ${program} -n __fish_use_subcommand -a help -d 'a command\\'s help'
complete -c ${program} -n '__fish_seen_subcommand_from help' -a ${quoted(names)}
${lines.join("\n")}
`;
}

const WRITERS: Record<Shell, (table: CompletionTable) => string> = { bash, zsh, fish };

export const isShell = (name: string | undefined): name is Shell => SHELLS.includes(name as Shell);

/** The completion script for `shell`. */
export function completionScript(shell: Shell, table: CompletionTable): string {
  return WRITERS[shell](table);
}

/** How a completion command shows itself: its examples for `program`. */
export function completionExamples(program: string): string[] {
  return [
    `eval "$(${program} completion bash)"     (in ~/.bashrc)`,
    `eval "$(${program} completion zsh)"      (in ~/.zshrc, after compinit)`,
    `${program} completion fish > ~/.config/fish/completions/${program}.fish`,
  ];
}
