// The command line a host runs for a hook: short enough to read in the host's settings.
//
//   h=<dist>; set -- <Event> <state root> [fast [wake words…]]; . "$h/<bin>-hook.sh"
//
// The script beside the bin (hook.sh, built by adapterBuild) holds the whole fast path: the no-goal
// gate for the adapter's fast events, the hook server through the Perl client while it is alive, the
// hook loader otherwise. The host's own shell reads it (`.`), so no second shell starts: measured,
// `/bin/sh <script> …` cost ~1.3 ms more a hook (~0.05× a Node start). It ships with the package, so
// an upgrade changes it and the command stays. A host that runs hooks with the user's login shell,
// which may be fish (Codex), gets `/bin/sh <dist>/<bin>-hook.sh <Event> …` instead: words every shell
// reads alike, and that host paid for a /bin/sh before too. Windows has no /bin/sh: there the command
// runs the loader itself.

import { dirname, join } from "node:path";

/**
 * The kit's own event for the host's status line (hook/status-line.ts): its command is a hook command
 * like the others, its answer a line of text, not JSON. The loader and the runner both need the name.
 */
export const STATUS_LINE_EVENT = "StatusLine";

/** The state root's folder for the fast path's files: the loader's code cache, the hook server's socket and pid. */
export const FAST_PATH_FOLDER = "fast-path";

/** Where earlier builds of goalpost kept the same files, and V8 start-up snapshots: cleared by install and uninstall. */
export const LEGACY_FAST_PATH_FOLDER = "snapshot";

/**
 * A word every shell reads as `text`: bare when it is plain, else in single quotes with each ' and \
 * outside them (fish reads \ inside single quotes; "\\" is one backslash to sh and fish alike).
 */
export function shellWord(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'"'"'`).replace(/\\/g, `'"\\\\"'`)}'`;
}

/** The adapter's CommonJS hook bundle beside its bin: `<bin>-hook-bundle.cjs`, the hook path only. */
export const hookBundlePath = (bin: string, cliPath: string) => join(dirname(cliPath), `${bin}-hook-bundle.cjs`);

/** The adapter's hook loader beside its bin: `<bin>-hook.cjs`, which runs the hook bundle from a code cache. */
export const hookEntryPath = (bin: string, cliPath: string) => join(dirname(cliPath), `${bin}-hook.cjs`);

/** The hook script beside the bin: `<bin>-hook.sh` (see hook.sh). */
export const hookScriptPath = (bin: string, cliPath: string) => join(dirname(cliPath), `${bin}-hook.sh`);

interface HookCommandOptions {
  /** The event has nothing to do while no goal is open: the script answers it without Node then. */
  readonly fast?: boolean;
  /** Words that still wake a fast event with no goal open (the host's own goal tools); plain letters, digits and _. */
  readonly wakeWords?: readonly string[] | undefined;
  /** The host runs hooks with the user's login shell, which may be fish: the script runs under /bin/sh. */
  readonly loginShell?: boolean | undefined;
}

/**
 * The installed command. `dist` and `root` are shell words: `shellWord(path)` for an install's
 * paths, or words the shell expands for a plugin's fixed hook file (`"${CLAUDE_PLUGIN_ROOT}/dist"`,
 * `"${CLAUDE_CONFIG_DIR:-$HOME/.claude}/goalpost"`).
 */
export function hookCommand(dist: string, bin: string, event: string, root: string, options: HookCommandOptions = {}): string {
  if (!/^\w+$/.test(event)) throw new Error(`hook event "${event}" may hold only letters, digits and _`);
  const wake = options.fast ? (options.wakeWords ?? []) : [];
  for (const word of wake) if (!/^\w+$/.test(word)) throw new Error(`wake word "${word}" may hold only letters, digits and _`);
  const args = [event, root, ...(options.fast ? ["fast", ...wake] : [])].join(" ");
  return options.loginShell ? `/bin/sh ${dist}/${bin}-hook.sh ${args}` : `h=${dist}; set -- ${args}; . "$h/${bin}-hook.sh"`;
}

/** The command on Windows, where there is no /bin/sh: the hook loader, with its code cache. */
export const plainHookCommand = (hookEntry: string, event: string) => `node "${hookEntry}" hook ${event}`;

/** Whether hook commands on this platform are the shell script's (the fast path and the hook server). */
export const shellHooksSupported = (platform: string = process.platform) => platform !== "win32";

/**
 * The command for a shared (committed) configuration: the bin by name, from PATH. On a machine
 * without the adapter the hook says so on stderr and answers nothing — the host goes on (the payload
 * is drained, so the host never writes into a closed pipe).
 */
export function sharedHookCommand(bin: string, packageName: string, event: string): string {
  if (!/^[\w.-]+$/.test(bin)) throw new Error(`bin "${bin}" may hold only letters, digits, ., _ and -`);
  return `command -v ${bin} >/dev/null 2>&1 || { cat >/dev/null; echo "goalpost: this project's settings run ${bin}, which is not installed here: npm install -g ${packageName}" >&2; exit 0; }; ${bin} hook ${event}`;
}
