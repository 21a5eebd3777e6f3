// The command line a host runs for a hook.
//
// With a start-up snapshot, the shell falls back to running the hook plainly whenever the snapshot
// does not load (a Node upgrade, an older goalpost): slower, never broken. Plainly means the hook
// loader (`<bin>-hook.cjs`), which compiles the hook bundle from a V8 code cache kept in the state
// root (see hook-code-cache.ts).
//
// With the fast path (events that have nothing to do while no goal is open), the shell first looks
// at <state root>/open: if that folder exists and is empty, no goal is open anywhere, and the hook
// answers "no decision" without starting Node — unless the payload names a goal tool (goalpost_open
// over MCP must still be seen, to tie the call to its session; the shell goal tools need no hook
// while no goal is open) or one of the adapter's wake words (the host's own goal tools, mirrored). A missing folder, or any marker in it, starts Node as
// usual: a stale marker costs speed, never a decision. GOALPOST_HOME is honoured as the bin honours it.
//
// When the adapter's hook server is listening (its socket is there; see hook-server.ts), the hook
// goes to it before any of that: through the Perl client where `perl` is on PATH, else through the
// loader, which asks the server itself.
//
// Both forms use POSIX shell syntax, so Windows hooks start plainly (the hook loader, with its cache).

import { dirname, join } from "node:path";
import { hookServerSocketName } from "./hook-server-protocol.js";

const quote = (path: string) => (/[\s"'$`\\]/.test(path) ? `"${path.replace(/(["\\$`])/g, "\\$1")}"` : path);
/** A path inside a double-quoted shell word. */
export const inDoubleQuotes = (path: string) => path.replace(/(["\\$`])/g, "\\$1");

export interface HookCommandOptions {
  /** A start-up snapshot of the hook for this Node binary. */
  readonly snapshotBlob?: string | undefined;
  /**
   * The adapter's hook loader (`<bin>-hook.cjs`), run plainly when there is no snapshot or it does not
   * load: the hook path only, from a code cache (the bin's own `hook` runs it too, after an ESM start).
   */
  readonly hookEntry?: string | undefined;
  /** The state root, for the no-goal fast path; left out for events that always need Node. */
  readonly fastPathRoot?: string | undefined;
  /** More words that start Node even with no goal open (the host's own goal tools); plain letters, digits and _. */
  readonly wakeWords?: readonly string[] | undefined;
  /** The hook server's socket (hookServerSocketWord): while it is there, the hook asks the server. */
  readonly serverSocket?: string | undefined;
  /** The Perl hook client beside the bin (`<bin>-hook.pl`), which asks the server where Perl is installed. */
  readonly perlClient?: string | undefined;
}

/** The hook server's socket inside a double-quoted shell word, GOALPOST_HOME winning as in the bin; `root` is a shell word too. */
export const hookServerSocketWord = (root: string, bin: string) =>
  `\${GOALPOST_HOME:-${root}}/${SNAPSHOT_FOLDER}/${hookServerSocketName(bin)}`;

/** `*word*|…` patterns for a `case`: the goal tools' prefix and the adapter's wake words. */
function wakePatterns(wakeWords: readonly string[] = []): string {
  return ["goalpost_", ...wakeWords]
    .map((word) => {
      if (!/^\w+$/.test(word)) throw new Error(`wake word "${word}" may hold only letters, digits and _`);
      return `*${word}*`;
    })
    .join("|");
}

/** `run` behind the no-goal fast path; `root` is a shell word for the state root (GOALPOST_HOME wins). */
function withFastPath(run: string, root: string, wakeWords: readonly string[] | undefined): string {
  return [
    `h() { ${run}; }`,
    `d="\${GOALPOST_HOME:-${root}}/open"`,
    `if [ -d "$d" ]; then set -- "$d"/*; if [ ! -e "$1" ]; then p=$(cat); case "$p" in ${wakePatterns(wakeWords)}) printf '%s' "$p" | h;; esac; exit 0; fi; fi`,
    "h",
  ].join("; ");
}

/**
 * The hook server's forms before the others: while its socket is there, the Perl client asks it (and
 * runs the loader itself if anything goes wrong; a Perl that cannot start at all leaves stdin to the
 * loader after it) or, without Perl, the loader asks it.
 */
function withServer(
  socket: string,
  forms: { plain: string; snapshot: string | undefined; perlClient: string | undefined; hookEntry: string; event: string },
): string {
  const { plain, snapshot, perlClient, hookEntry, event } = forms;
  const perl = perlClient && `perl ${quote(perlClient)} hook ${event} "$s" ${quote(hookEntry)} || ${plain}`;
  const viaPerl = perl ? `if [ -S "$s" ] && command -v perl >/dev/null 2>&1; then ${perl}; ` : "";
  // Without a snapshot, the loader is the hook's way either way (and asks the server itself).
  const rest = snapshot
    ? `${perl ? "elif" : "if"} [ -S "$s" ]; then ${plain}; else ${snapshot}; fi`
    : perl
      ? `else ${plain}; fi`
      : "";
  return rest ? `s="${socket}"; ${viaPerl}${rest}` : plain;
}

/** The adapter's CommonJS hook bundle beside its bin: `<bin>-snapshot.cjs` (the snapshot is built from it). */
export const hookBundlePath = (bin: string, cliPath: string) => join(dirname(cliPath), `${bin}-snapshot.cjs`);

/** The bin beside the hook bundle (the inverse of hookBundlePath). */
export const binBesideBundle = (bin: string, bundle: string) => join(dirname(bundle), `${bin}.js`);

/** The adapter's hook loader beside its bin: `<bin>-hook.cjs`, which runs the hook bundle from a code cache. */
export const hookEntryPath = (bin: string, cliPath: string) => join(dirname(cliPath), `${bin}-hook.cjs`);

/** The Perl hook client beside the bin: `<bin>-hook.pl` (see hook-client.pl). */
export const hookPerlClientPath = (bin: string, cliPath: string) => join(dirname(cliPath), `${bin}-hook.pl`);

export function hookCommand(cliPath: string, event: string, options: HookCommandOptions = {}): string {
  const { snapshotBlob, fastPathRoot, hookEntry, serverSocket, perlClient } = options;
  const plain = `node ${quote(hookEntry ?? cliPath)} hook ${event}`;
  // NODE_OPTIONS is cleared for the snapshot: V8 flags in it (say --max-old-space-size) make a snapshot refuse to load.
  const snapshot =
    snapshotBlob && `NODE_OPTIONS= node --snapshot-blob ${quote(snapshotBlob)} ${quote(cliPath)} hook ${event} || ${plain}`;
  const run =
    serverSocket && hookEntry ? withServer(serverSocket, { plain, snapshot, perlClient, hookEntry, event }) : snapshot || plain;
  return fastPathRoot ? withFastPath(run, inDoubleQuotes(fastPathRoot), options.wakeWords) : run;
}

/** The state root's folder for start-up snapshots and the hook loader's code cache (removed by uninstall). */
export const SNAPSHOT_FOLDER = "snapshot";

/** The start-up snapshot a plugin builds on first use, in its state root (one name: a plugin's hook file is fixed). */
export const PLUGIN_SNAPSHOT_FILE = `${SNAPSHOT_FOLDER}/plugin-hook.blob`;

/**
 * The command in a plugin's fixed hook file, whose paths only the shell knows when it runs: `cli`,
 * `hookEntry`, `perlClient` and `root` are shell words inside double quotes, their `$` left live
 * ("${CLAUDE_PLUGIN_ROOT}/dist/x.js", "${CLAUDE_PLUGIN_ROOT}/dist/x-hook.cjs",
 * "${CLAUDE_CONFIG_DIR:-$HOME/.claude}/goalpost"). The same forms as an installed command: the no-goal
 * fast path for `fast` events, and the start-up snapshot when the plugin has built one for this Node
 * (see plugin-snapshot-check.ts), else the hook loader, which starts that build after its first answer.
 */
export function pluginHookCommand(
  event: string,
  paths: {
    readonly cli: string;
    readonly hookEntry: string;
    readonly perlClient: string;
    readonly root: string;
    readonly bin: string;
  },
  options: { readonly fast: boolean; readonly wakeWords?: readonly string[] },
): string {
  const plain = `node "${paths.hookEntry}" hook ${event}`;
  const socket = hookServerSocketWord(paths.root, paths.bin);
  const perl = `perl "${paths.perlClient}" hook ${event} "$s" "${paths.hookEntry}" || ${plain}`;
  const run = `s="${socket}"; b="\${GOALPOST_HOME:-${paths.root}}/${PLUGIN_SNAPSHOT_FILE}"; if [ -S "$s" ] && command -v perl >/dev/null 2>&1; then ${perl}; elif [ ! -S "$s" ] && [ -f "$b" ]; then NODE_OPTIONS= node --snapshot-blob "$b" "${paths.cli}" hook ${event} || ${plain}; else ${plain}; fi`;
  return options.fast ? withFastPath(run, paths.root, options.wakeWords) : run;
}

/** Whether hook commands on this platform may use the shell forms (snapshot, fast path). */
export const snapshotsSupported = (platform: string = process.platform) => platform !== "win32";

/**
 * The command wrapped in `/bin/sh -c '…'`, for hosts that run hooks with the user's login shell
 * (Codex runs `<passwd shell> -c <command>`): the POSIX forms above would not parse in fish. The
 * quoting is read the same by sh, bash, zsh and fish: single quotes, with each ' and \ outside them.
 */
export function inPosixShell(command: string): string {
  const quoted = command.replace(/'/g, `'"'"'`).replace(/\\/g, `'"\\\\"'`);
  return `/bin/sh -c '${quoted}'`;
}

/**
 * The command for a shared (committed) configuration: the bin by name, from PATH. On a machine
 * without the adapter the hook says so on stderr and answers nothing — the host goes on (the payload
 * is drained, so the host never writes into a closed pipe).
 */
export function sharedHookCommand(bin: string, packageName: string, event: string): string {
  if (!/^[\w.-]+$/.test(bin)) throw new Error(`bin "${bin}" may hold only letters, digits, ., _ and -`);
  return `command -v ${bin} >/dev/null 2>&1 || { cat >/dev/null; echo "goalpost: this project's settings run ${bin}, which is not installed here: npm install -g ${packageName}" >&2; exit 0; }; ${bin} hook ${event}`;
}
