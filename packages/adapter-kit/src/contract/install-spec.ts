// What an adapter tells the installer: the scopes the host has, and for a scope, which configuration
// files goalpost touches and what it puts in each. The installer reads, plans, shows, backs up,
// writes and removes; the adapter only says what goes where.
import type { Env } from "@goalpost/core";

export type JsonObject = Record<string, unknown>;

/**
 * jsonc keeps the user's comments and formatting; json is read strictly; toml keeps comments and
 * layout; text is a whole file goalpost owns (a skill, an extension), read as `{ text }`.
 */
export type ConfigFormat = "json" | "jsonc" | "toml" | "text";

export interface InstallContext {
  readonly scope: string;
  readonly projectDir: string;
  readonly env: Env;
  /** Absolute path of the adapter's bin. */
  readonly cliPath: string;
  /**
   * Strict mode (`install --strict`: true, `--no-strict`: false): the host's own sandbox around the
   * agent's commands, goalpost's files outside it. Absent: as it is now (a plain install keeps the mode).
   */
  readonly strict?: boolean | undefined;
  /** The command line the host runs for a hook event (with the start-up fast path when there is one). */
  hookCommand(event: string): string;
  /**
   * The command for goalpost's status line, running the user's own first when they have one
   * (installing/status-line-target.ts), marked when goalpost gave the user's line the host's redraw
   * timer (`refreshAdded`); absent where it is not offered (a shared scope, Windows,
   * `install --no-status-line`).
   */
  readonly statusLineCommand?: ((theirs: string | null, refreshAdded?: boolean) => string) | undefined;
  /** How the host starts goalpost's MCP server. */
  readonly mcpServer: { readonly command: string; readonly args: readonly string[] };
}

/** One configuration file and goalpost's part in it. */
export interface InstallTarget {
  readonly path: string;
  readonly format: ConfigFormat;
  /** What goalpost's part of this file is, for people: "hooks", "MCP server". */
  readonly label: string;
  /** A few words more for the install report: "for 10 events". */
  readonly detail?: string;
  /**
   * The install report's words for this file, from the file before and after (several parts in one
   * file say which were added and which taken out); `label` and `detail` otherwise.
   */
  describeInstall?(before: JsonObject, after: JsonObject): string;
  /** The file with goalpost's entries in it (replacing any earlier ones). */
  install(data: JsonObject): JsonObject;
  /** The file with goalpost's entries, and only those, taken out. */
  uninstall(data: JsonObject): JsonObject;
  /** Whether goalpost's entries are all there (doctor). */
  wired(data: JsonObject): boolean;
  /** Whether any entry of goalpost's is there (uninstall keeps shared files while one is). */
  present(data: JsonObject): boolean;
  /**
   * Whether this target's part of the file differs between two versions of it, for a part that is not
   * goalpost's own (present is false: strict mode's values in the user's settings): what install says
   * it changed.
   */
  changed?(before: JsonObject, after: JsonObject): boolean;
  /** What in the file would keep goalpost's entries from working, in words for doctor (Codex: hooks it would not trust). */
  problems?(data: JsonObject): string[];
  /**
   * goalpost's pieces in the file, by name ("Stop hook", "MCP server"): one that goes between the user's
   * prompts is told at the next (the kit's integrity watch). Default: the label, while present.
   */
  parts?(data: JsonObject): string[];
  /**
   * What else in the file can answer goalpost's events or end the turn before goalpost's answer counts
   * (another tool's Stop hook), in words: doctor lists it, and one added during the agent's turn is told.
   */
  rivals?(data: JsonObject): string[];
  /** goalpost's own record of what install changed (the user's values it replaced), not a part of goalpost: doctor lists none. */
  readonly record?: boolean;
  /** A whole file of goalpost's (an extension, a skill): any change to it during the agent's turn is told, as for its hook code. */
  readonly owned?: boolean;
  /**
   * The host rewrites this file on its own, between any two of goalpost's runs (Claude Code's
   * `~/.claude.json` at every start): install keeps no backup of it — one would be stale within a
   * session, and putting it back would take back the host's own state; uninstall takes goalpost's entries
   * out as from any file.
   */
  readonly rewrittenByHost?: boolean;
  /** Parts the user may leave out (the status line): what doctor says of each, never what makes goalpost unwired. */
  optionalParts?(data: JsonObject): readonly OptionalPart[];
}

/** A part of goalpost the user may leave out, as doctor tells it. */
export interface OptionalPart {
  readonly label: string;
  /** What is there, in words ("goalpost's line after yours"); null when goalpost's part is not. */
  readonly found: string | null;
  /** A setting of the user's in goalpost's place ("a status line of its own"): in a later scope, the host shows it instead. */
  readonly other: string | null;
  /** What to say when no scope has it: how to add it, and why it may be missing. */
  readonly absent: string;
}

export interface InstallSpec {
  /** Where goalpost can be installed, the host's precedence order: a later scope's setting wins over an earlier one's. */
  readonly scopes: readonly string[];
  readonly defaultScope: string;
  /**
   * Scopes whose files are committed and shared (a project's settings): their commands name the
   * adapter's bin on PATH — never this machine's paths — and say clearly on a machine without it;
   * backups go to the state root, not beside the files.
   */
  readonly sharedScopes?: readonly string[];
  /** Every hook event goalpost registers. */
  readonly hookEvents: readonly string[];
  /**
   * The events with nothing to do while no goal is open (tool calls, compaction, session end): their
   * commands answer without starting Node then. Never the prompt or session start (capture). The main
   * agent's stop is never made fast whatever this lists (the kit finds it among the samples:
   * installing/fast-events.ts): it is decided from the session's own file, not from the open marker.
   */
  readonly fastEvents?: readonly string[];
  /** Words in a payload that start Node on a fast event even with no goal open: the host's own goal tools (Codex: create_goal). */
  readonly fastPathWake?: readonly string[];
  /** Seconds the host waits for a hook. */
  readonly hookTimeout: number;
  /** The host runs hook commands with the user's login shell, which may be fish: the hook script runs under /bin/sh. */
  readonly loginShell?: boolean;
  /** The files a scope touches. */
  targets(context: InstallContext): InstallTarget[];
  /** What to tell the user after installing: how to start using goalpost in this host. */
  /**
   * Strict mode, where the host has a sandbox goalpost can turn on (`install --strict`): what stands in
   * its way on this machine (a missing bubblewrap), or null. Absent: the host has none to turn on.
   */
  readonly strict?: { readonly unavailable: () => string | null };
  readonly nextStep: string;
}
