// What the `goalpost` CLI and every adapter's bin share on the command line, so the two never differ:
// the flags of install, uninstall and doctor (the CLI passes them through to the adapter's bin, and
// its help and shell completion list them from here), and a parse error in goalpost's words — the
// option named, the one likely meant. Node's own util.parseArgs parses; this is its vocabulary.
import type { ParseArgsConfig } from "node:util";
import { didYouMean } from "@goalpost/core/internal";

export type CommandOptions = NonNullable<ParseArgsConfig["options"]>;

export type AdminVerb = "install" | "uninstall" | "doctor";

/** Each admin command's own flags (every command also takes --json and --help). */
export const ADMIN_OPTIONS: Readonly<Record<AdminVerb, CommandOptions>> = {
  install: {
    scope: { type: "string" },
    project: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    // No goal line in the host's status line (and goalpost's taken out if it was there).
    "no-status-line": { type: "boolean", default: false },
    // The host's own sandbox around the agent's commands, goalpost's files outside it (or off again).
    strict: { type: "boolean", default: false },
    "no-strict": { type: "boolean", default: false },
  },
  uninstall: {
    scope: { type: "string" },
    project: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    // The goal records go too (they are kept, and named, otherwise).
    purge: { type: "boolean", default: false },
  },
  doctor: { project: { type: "string" } },
};

/** The goal commands' one flag (`<bin> status|open|update|close`): the session, where the host names none. */
export const GOAL_COMMAND_OPTIONS = { session: { type: "string" } } as const satisfies CommandOptions;

/** Node's parser's complaint in goalpost's words: the option named, and the one likely meant. */
export function argumentProblem(error: Error & { code?: string }, options: CommandOptions): string {
  const flags = Object.keys(options).map((name) => `--${name}`);
  const named = /'(-[^'\s]*)/.exec(error.message)?.[1] ?? "";
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")
    return `unknown option ${named}${didYouMean(named.replace(/=.*$/, ""), flags)}`;
  if (error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
    return `${named.replace(/ .*$/, "") || "an option"} needs a value${/argument missing/.test(error.message) ? "" : ` (${error.message})`}`;
  return error.message;
}

export { type CompletionTable, completionExamples, completionScript, isShell, SHELLS, type Shell } from "./completion-script.js";
