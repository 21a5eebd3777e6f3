// `goalpost completion bash|zsh|fish`: the shell's completion for goalpost, from the same table of
// commands and flags that parses the command line and prints its help (the kit writes the script, as
// it does for every adapter's bin).
import { completionExamples, completionScript, isShell, SHELLS } from "@goalpost/adapter-kit/command-line";
import { COMMON_FLAGS, type Command, fail } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { loadHosts } from "../hosts.js";

/** The completion command, over the commands it completes (cli.ts's table, itself included). */
export function completionCommand(commands: () => readonly Command[]): Command {
  return {
    name: "completion",
    summary: "tab completion for bash, zsh or fish",
    usage: "<bash|zsh|fish>",
    description: `Prints the shell's completion script for goalpost: its commands, each command's flags, and the
host names where a command takes them. Load it from your shell's start-up file (the script's first
lines say how).`,
    examples: completionExamples("goalpost"),
    async run({ positionals, json, term }) {
      const shell = positionals[0];
      if (!isShell(shell)) return fail(term, json, `goalpost completion: name a shell: ${SHELLS.join(", ")}`, EXIT.usage);
      const hosts = (await loadHosts()).map((host) => host.id);
      const script = completionScript(shell, {
        program: "goalpost",
        commands: commands().map((command) => ({
          name: command.name,
          summary: command.summary,
          flags: Object.keys({ ...command.options, ...COMMON_FLAGS }).map((flag) => `--${flag}`),
          values: command.takesHosts ? hosts : command.name === "completion" ? SHELLS : [],
        })),
      });
      if (json) term.json({ shell, script });
      else term.out(script);
      return EXIT.ok;
    },
  };
}
