// What keeps goalpost working, watched across the agent's turn: its installed files (the hook script,
// the Perl client, the loader, the bundle), the host's configuration files that hold its hooks (their
// entries, and what in them would switch goalpost off: the adapter's `problems`, e.g. Claude Code's
// `disableAllHooks` or a GOALPOST_ variable in its `env`), the state root's owner and mode, and the
// kill switch. The marks are taken at the user's prompt, when the turn starts; a stop compares, and a
// change made in between — by the agent, or by something it ran — is recorded as a breach, told to
// the user at their next prompt and kept for doctor and status (breaches.ts). Changes between turns
// are the user's own: the next prompt takes them as they are.
//
// Not breaches: goalpost's own upgrade to a later release (its package's version moved on), and a
// configuration file caught mid-save by the user's editor (read again a moment later before telling).
//
// Cheap on purpose: a stat per file at a prompt and at a stop; a configuration file is read only when
// its size or time changed. One small file, written only when something changed.
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { recordNotice, writeFileAtomic } from "@goalpost/core";
import type { HostAdapter } from "../contract/host-adapter.js";
import type { ConfigFormat, InstallTarget, JsonObject } from "../contract/install-spec.js";

const INTEGRITY_FILE = "integrity.json";

interface Integrity {
  /** `<size>:<mtime>` of each watched file ("missing" when it is not there), the root's `<mode>:<uid>`. */
  readonly marks: Record<string, string>;
  /** Of each configuration file, what goalpost's part of it said when last read: "wired", or what is wrong. */
  readonly states: Record<string, string>;
  /** The turn's goal, while one was open at the prompt: a kill switch thrown since is a breach. */
  readonly goal: string | null;
}

function read(root: string): Integrity | null {
  try {
    const data = JSON.parse(readFileSync(join(root, INTEGRITY_FILE), "utf8")) as Partial<Integrity>;
    return { marks: data.marks ?? {}, states: data.states ?? {}, goal: data.goal ?? null };
  } catch {
    return null;
  }
}

function write(root: string, integrity: Integrity): void {
  try {
    writeFileAtomic(join(root, INTEGRITY_FILE), `${JSON.stringify(integrity)}\n`);
  } catch {}
}

function mark(path: string): string {
  try {
    const { size, mtimeMs } = statSync(path);
    return `${size}:${Math.round(mtimeMs)}`;
  } catch {
    return "missing";
  }
}

/**
 * A configuration file's data. JSON with Node's own parser; JSONC and TOML with the parsers install
 * uses, loaded from beside the hook bundle only now: they are kept off the hook's start-up path.
 */
function readConfigData(path: string, format: ConfigFormat, near: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return {};
  }
  if (text.trim() === "" || format === "text") return format === "text" ? { text } : {};
  if (format === "json") return JSON.parse(text) as JsonObject;
  try {
    return JSON.parse(text) as JsonObject; // most JSONC files are plain JSON
  } catch (error) {
    if (format !== "jsonc" && format !== "toml") throw error;
  }
  const load = createRequire(near);
  if (format === "toml") return (load("@decimalturn/toml-patch") as { parse(text: string): JsonObject }).parse(text);
  const jsonc = load("jsonc-parser") as { parse(text: string, errors: unknown[], options: object): JsonObject };
  return jsonc.parse(text, [], { allowTrailingComma: true, disallowComments: false });
}

/** goalpost's part of a configuration file: "wired", or in words what is wrong with it. */
function configState(target: InstallTarget, near: string): string {
  // A file that does not parse may be caught mid-save by the user's editor: read again, a moment later,
  // and later still (0.1, 0.2, 0.4 s: a loaded machine can hold an editor's save that long). Only a file
  // that stays unreadable pays it all, and that one is told.
  for (let wait = 100; ; wait *= 2) {
    const state = configStateNow(target, near);
    if (!state.startsWith(UNREADABLE) || wait > 400) return state;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
  }
}

const UNREADABLE = "it cannot be read";

function configStateNow(target: InstallTarget, near: string): string {
  try {
    const data = readConfigData(target.path, target.format, near);
    // Present, not wired: a hook cannot rebuild the exact commands install wrote (they name its copy).
    const part = target.present(data) ? null : `goalpost's ${target.label} are not in it`;
    return [part, ...(target.problems?.(data) ?? [])].filter(Boolean).join("; ") || "wired";
  } catch (error) {
    return `${UNREADABLE} (${(error as Error).message.split("\n")[0]})`;
  }
}

export interface WatchedInstall {
  readonly adapter: HostAdapter;
  readonly root: string;
  /** Every install scope's targets for the project (protected-files.ts): the configuration files watched. */
  readonly targets: readonly InstallTarget[];
  /** The hook bundle this hook runs: the installed files beside it are watched. */
  readonly bundleFile: string | undefined;
}

function watched(install: WatchedInstall): { files: string[]; targets: readonly InstallTarget[] } {
  const { adapter, bundleFile } = install;
  const files = bundleFile
    ? [bundleFile, ...["-hook.sh", "-hook.pl", "-hook.cjs"].map((end) => join(dirname(bundleFile), `${adapter.bin}${end}`))]
    : [];
  return { files, targets: install.targets };
}

/** The installed adapter's version, from the package.json beside its dist folder ("" where there is none). */
function installedVersion(bundleFile: string | undefined): string {
  if (!bundleFile) return "";
  try {
    return String(
      (JSON.parse(readFileSync(join(dirname(bundleFile), "..", "package.json"), "utf8")) as { version?: unknown }).version ?? "",
    );
  } catch {
    return "";
  }
}

/** Whether `now` is a later release than `before` (x.y.z, a pre-release counting before its release). */
export function laterRelease(before: string, now: string): boolean {
  const parts = (version: string) => {
    const [core = "", pre] = version.split("-", 2);
    return { numbers: core.split(".").map((part) => Number.parseInt(part, 10) || 0), pre: pre ?? null };
  };
  const a = parts(before);
  const b = parts(now);
  for (let index = 0; index < 3; index++) {
    const difference = (b.numbers[index] ?? 0) - (a.numbers[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return a.pre !== null && b.pre === null;
}

function marksNow(install: WatchedInstall, files: readonly string[], targets: readonly InstallTarget[]) {
  const marks: Record<string, string> = { version: installedVersion(install.bundleFile) };
  for (const file of files) marks[file] = mark(file);
  for (const target of targets) marks[target.path] = mark(target.path);
  try {
    const { mode, uid } = statSync(install.root);
    marks["state root"] = `${(mode & 0o7777).toString(8)}:${uid}`;
  } catch {
    marks["state root"] = "missing";
  }
  return marks;
}

/** The states of the configuration files whose marks moved (the others keep what was read before). */
function statesNow(
  install: WatchedInstall,
  targets: readonly InstallTarget[],
  before: Integrity | null,
  marks: Record<string, string>,
) {
  const states: Record<string, string> = {};
  for (const target of targets)
    states[target.path] =
      before && before.marks[target.path] === marks[target.path] && before.states[target.path] !== undefined
        ? before.states[target.path]!
        : configState(target, install.bundleFile ?? join(process.cwd(), "index.js"));
  return states;
}

const same = (a: Integrity | null, b: Integrity) => a !== null && JSON.stringify(a) === JSON.stringify(b);

/** At the user's prompt: the turn starts from what is there now. `goal`: the open goal's id, if any. */
export function markTurnStart(install: WatchedInstall, goal: string | null): void {
  try {
    const { files, targets } = watched(install);
    const before = read(install.root);
    const marks = marksNow(install, files, targets);
    const now: Integrity = { marks, states: statesNow(install, targets, before, marks), goal };
    if (!same(before, now)) write(install.root, now);
  } catch {}
}

/**
 * At a stop: what changed since the turn started, recorded as breaches (and the marks moved on, so
 * each is told once). Returns the breaches' texts.
 */
export function checkTurn(install: WatchedInstall): string[] {
  try {
    const before = read(install.root);
    if (!before) return [];
    const { files, targets } = watched(install);
    const marks = marksNow(install, files, targets);
    const states = statesNow(install, targets, before, marks);
    const during = "during the agent's turn";
    // goalpost upgraded to a later release (npm, a plugin update): its files changed as they should.
    const upgraded = !!before.marks["version"] && !!marks["version"] && laterRelease(before.marks["version"], marks["version"]);
    const breaches = [
      ...files
        .filter((file) => !upgraded && before.marks[file] !== undefined && before.marks[file] !== marks[file])
        .map(
          (file) =>
            `goalpost's installed file ${basename(file)} was ${marks[file] === "missing" ? "removed" : "changed"} ${during} (${file}).`,
        ),
      ...targets
        .filter((target) => before.states[target.path] !== undefined && states[target.path] !== before.states[target.path])
        .filter((target) => states[target.path] !== "wired")
        .map((target) => `${target.path} was changed ${during}: ${states[target.path]}.`),
      ...(before.marks["state root"] !== undefined && before.marks["state root"] !== marks["state root"]
        ? [
            `goalpost's state folder ${install.root} changed owner or mode ${during} (${before.marks["state root"]} → ${marks["state root"]}).`,
          ]
        : []),
    ];
    for (const message of breaches) recordNotice(install.root, { kind: "breach", message });
    const now: Integrity = { marks, states, goal: before.goal };
    if (!same(before, now)) write(install.root, now);
    return breaches;
  } catch {
    return [];
  }
}

/**
 * A hook that found goalpost switched off (GOALPOST_DISABLED, the `disabled` file): if a goal was open
 * at the user's last prompt, that is a breach until the user says otherwise — recorded once.
 */
export function noteSwitchedOff(root: string): void {
  const before = read(root);
  if (!before?.goal) return;
  recordNotice(root, {
    kind: "breach",
    message: `goalpost was switched off (GOALPOST_DISABLED, or the disabled file) after your last prompt, with goal ${before.goal} open; every hook is a no-op. If that was not you, run \`goalpost enable\`.`,
  });
  write(root, { ...before, goal: null });
}
