// Output for people and for machines. Colour only for a terminal that can show it: never with
// NO_COLOR (https://no-color.org), --no-color, TERM=dumb or when stdout is not a TTY (a pipe, a
// file, CI logs); FORCE_COLOR turns it on anyway. picocolors does the escapes; the decision is ours,
// because picocolors would colour a pipe whenever CI is set.
import type { Env } from "@goalpost/core";
import picocolors from "picocolors";

export type Colors = ReturnType<typeof picocolors.createColors>;

export interface Terminal {
  readonly color: Colors;
  out(text: string): void;
  err(text: string): void;
  /** Prints `value` as indented JSON: the whole of stdout under --json. */
  json(value: unknown): void;
}

function colorWanted(env: Env, isTTY: boolean, noColorFlag = false): boolean {
  if (noColorFlag || (env["NO_COLOR"] ?? "") !== "") return false;
  const force = env["FORCE_COLOR"];
  if (force !== undefined && force !== "0" && force !== "false") return true;
  return isTTY && env["TERM"] !== "dumb";
}

export function createTerminal(options: { noColor?: boolean; env?: Env } = {}): Terminal {
  const env = options.env ?? process.env;
  const color = picocolors.createColors(colorWanted(env, process.stdout.isTTY === true, options.noColor));
  return {
    color,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    json: (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
  };
}
