// A command's tab completion as a person's shell runs it: the script its `completion <shell>` prints,
// loaded into the real bash, zsh or fish (with no start-up files of the user's), and asked what it
// completes. The `goalpost` CLI's tests and every adapter bin's use these.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Whether `program` is installed where Debian puts shells. */
export const shellInstalled = (program: string): boolean =>
  ["/usr/bin", "/bin"].some((folder) => existsSync(`${folder}/${program}`));

/** `script` run by `program -c`, with no home (so no start-up file of the user's is read). */
export const runInShell = (program: string, script: string): SpawnSyncReturns<string> =>
  spawnSync(program, ["-c", script], { encoding: "utf8", timeout: 60_000, env: { ...process.env, HOME: "/nonexistent" } });

/**
 * What bash offers for `words` (the line typed so far, the word being completed last): `command` is
 * how to run the program (it prints its script with `completion bash`), `fn` the function it registers.
 */
export const bashCompletes = (command: string, fn: string, words: string): string =>
  runInShell(
    "bash",
    `eval "$(${command} completion bash)"; COMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); ${fn}; echo "\${COMPREPLY[@]}"`,
  ).stdout.trim();
