// What a step that takes a while is doing, on one line of stderr that redraws itself, for a person at
// a terminal only: piped, under --json or with TERM=dumb it says nothing, so scripts and logs get the
// results alone. yocto-spinner draws the line (small, no dependencies beyond its colours); the
// decision to show it is ours, as for colour.
import type { Env } from "@goalpost/core";
import yoctoSpinner from "yocto-spinner";

interface Progress {
  /** What it is doing now: "checking Claude Code, Codex…". */
  say(text: string): void;
  /** Takes the line away (the results follow on stdout). */
  done(): void;
}

const SILENT: Progress = { say: () => {}, done: () => {} };

export function startProgress(text: string, options: { readonly json: boolean; readonly env: Env }): Progress {
  if (options.json || process.stderr.isTTY !== true || options.env["TERM"] === "dumb") return SILENT;
  const spinner = yoctoSpinner({ text, stream: process.stderr }).start();
  return {
    say: (next) => {
      spinner.text = next;
    },
    // Called once or twice (a finally after the normal end): only the first stops the line.
    done: () => {
      if (!spinner.isSpinning) return;
      spinner.clear();
      spinner.stop();
    },
  };
}
