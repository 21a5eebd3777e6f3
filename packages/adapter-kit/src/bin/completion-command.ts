// `<bin> completion bash|zsh|fish`: the shell's completion for an adapter's bin, from the table its help
// is printed from (cli-usage.ts), written as the goalpost CLI writes its own (completion-script.ts).
import type { HostAdapter } from "../contract/host-adapter.js";
import { writeAll } from "../hook/hook-io.js";
import { binCompletion } from "./cli-usage.js";
import { completionScript, isShell, SHELLS } from "./completion-script.js";

export function runCompletionCommand(adapter: HostAdapter, args: readonly string[]): number {
  const shell = args[0];
  if (!isShell(shell)) {
    writeAll(2, `${adapter.bin} completion: name a shell: ${SHELLS.join(", ")}\n`);
    return 2;
  }
  writeAll(1, completionScript(shell, binCompletion(adapter)));
  return 0;
}
