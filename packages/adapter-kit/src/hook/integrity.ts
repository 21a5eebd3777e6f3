// What keeps goalpost working, as this host has it, read for core's turn watch (core's
// engine/turn-watch.ts judges it and keeps the marks): goalpost's installed files (the hook script, the
// Perl client, the loader, the bundle), the host's configuration files that hold its hooks (their
// entries, and what in them would switch goalpost off: the adapter's `problems`, e.g. Claude Code's
// `disableAllHooks` or a GOALPOST_ variable in its `env`), the state root's owner and mode, and the
// installed release. A configuration file caught mid-save by the user's editor is read again a moment
// later before it counts as unreadable, and one still unreadable at the stop is judged again at the next
// prompt (core tells of it only if it then says more than at the turn's start).
//
// Cheap on purpose: a stat per file at a prompt and at a stop; a configuration file is read only when
// its size or time changed.
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import {
  endTurnWatch,
  readTurnMarks,
  startTurnWatch,
  type TurnMarks,
  UNREADABLE_STATE,
  type WatchedNow,
} from "@goalpost/core/internal";
import { userCommand } from "../contract/descriptor.js";
import type { HostAdapter } from "../contract/host-adapter.js";
import type { ConfigFormat, InstallTarget, JsonObject } from "../contract/install-spec.js";
import { targetParts } from "../installing/same-file-targets.js";
import { loadBuiltin } from "./load-builtin.js";

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
  // jsonc-parser reads what it can of a broken file: a file cut off mid-save must count as unreadable
  // (and be read again), not as one without goalpost's entries.
  const errors: unknown[] = [];
  const data = jsonc.parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) throw new Error(`not valid JSONC (${errors.length} error${errors.length > 1 ? "s" : ""})`);
  return data;
}

/** A configuration file as the watch reads it: goalpost's part ("wired", or in words what is wrong with it, and what else can answer its events), and its pieces there. */
interface ConfigState {
  readonly state: string;
  readonly parts: readonly string[];
}

function configState(target: InstallTarget, near: string): ConfigState {
  // A file that does not parse may be caught mid-save by the user's editor: read again, a moment later,
  // and later still (0.1, 0.2, 0.4 s: a loaded machine can hold an editor's save that long). Only a file
  // that stays unreadable pays it all, and that one is told. An empty file is read again too: a save
  // through the shell (`cat new > settings.json`) empties the file before it writes.
  for (let wait = 100; ; wait *= 2) {
    const read = configStateNow(target, near);
    if ((!read.state.startsWith(UNREADABLE_STATE) && !emptyFile(target.path)) || wait > 400) return read;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
  }
}

function emptyFile(path: string): boolean {
  try {
    return statSync(path).size === 0;
  } catch {
    return false;
  }
}

function configStateNow(target: InstallTarget, near: string): ConfigState {
  try {
    const data = readConfigData(target.path, target.format, near);
    // Present, not wired: a hook cannot rebuild the exact commands install wrote (they name its copy).
    const part = target.present(data) ? null : `goalpost's ${target.label} are not in it`;
    const state = [part, ...(target.problems?.(data) ?? []), ...(target.rivals?.(data) ?? [])].filter(Boolean).join("; ");
    return { state: state || "wired", parts: targetParts(target, data) };
  } catch (error) {
    return { state: `${UNREADABLE_STATE} (${(error as Error).message.split("\n")[0]})`, parts: [] };
  }
}

interface WatchedInstall {
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
  // goalpost's whole files in the host's home (Copilot CLI's extension tells the user what hooks saw).
  const owned = install.targets.filter((target) => target.owned).map((target) => target.path);
  return { files: [...files, ...owned], targets: install.targets };
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

/**
 * An installed file's mark with its content's digest (`<size>:<mtime>#<sha-256>`): read only where the
 * stat moved since `before` (once per install, and when it changes), so a file written again with the
 * same bytes — npm reinstalling an unchanged package in an upgrade — is not a change.
 */
function contentMark(path: string, before: string | undefined): string {
  const stat = mark(path);
  if (stat === "missing") return stat;
  if (before?.split("#")[0] === stat && before.includes("#")) return before;
  try {
    // node:crypto loaded only here (it costs a hook milliseconds at start): once per install, and per change.
    const { createHash } = loadBuiltin<typeof import("node:crypto")>("node:crypto");
    return `${stat}#${createHash("sha256").update(readFileSync(path)).digest("hex").slice(0, 32)}`;
  } catch {
    return stat;
  }
}

function marksNow(
  install: WatchedInstall,
  files: readonly string[],
  targets: readonly InstallTarget[],
  before: TurnMarks | null,
) {
  const marks: Record<string, string> = { version: installedVersion(install.bundleFile) };
  for (const file of files) marks[file] = contentMark(file, before?.marks[file]);
  for (const target of targets) marks[target.path] ??= mark(target.path);
  try {
    const { mode, uid } = statSync(install.root);
    marks["state root"] = `${(mode & 0o7777).toString(8)}:${uid}`;
  } catch {
    marks["state root"] = "missing";
  }
  return marks;
}

/** What is there now; a configuration file's state is read again only where its mark moved since `before`. */
function watchedNow(install: WatchedInstall, before: TurnMarks | null): WatchedNow {
  const { files, targets } = watched(install);
  const marks = marksNow(install, files, targets, before);
  const states: Record<string, string> = {};
  const parts: Record<string, readonly string[]> = {};
  for (const target of targets) {
    const kept = before && before.marks[target.path] === marks[target.path] && before.states[target.path] !== undefined;
    const read = kept
      ? { state: before.states[target.path]!, parts: before.parts[target.path] ?? [] }
      : configState(target, install.bundleFile ?? join(process.cwd(), "index.js"));
    states[target.path] = read.state;
    // Two targets in one file (Claude Code's settings and its MCP map are not; Codex's are): pieces joined.
    parts[target.path] = kept ? read.parts : [...new Set([...(parts[target.path] ?? []), ...read.parts])];
  }
  return {
    marks,
    states,
    parts,
    files,
    configFiles: targets.map((target) => target.path),
    repair: `\`${userCommand(install.adapter, "install")}\``,
  };
}

/** At the user's prompt: core marks the turn's start. `goal`: the open goal's id, if any. */
export function markTurnStart(install: WatchedInstall, goal: string | null): void {
  try {
    const before = readTurnMarks(install.root);
    startTurnWatch(install.root, before, watchedNow(install, before), goal);
  } catch {}
}

/** At a stop: core compares with the turn's start and records what changed as breaches; their texts. */
export function checkTurn(install: WatchedInstall): string[] {
  try {
    const before = readTurnMarks(install.root);
    if (!before) return [];
    return endTurnWatch(install.root, before, watchedNow(install, before));
  } catch {
    return [];
  }
}

/**
 * What switched goalpost's hooks off since the user's last prompt, in words with the time it happened,
 * or null: a configuration file that was wired at that prompt and is not now (its hooks taken out,
 * `disableAllHooks`, a GOALPOST_ variable in its `env`). For what still runs when the hooks do not (the
 * status line): a stat per file, a file read only where its mark moved.
 */
export function switchedOffSince(install: WatchedInstall): string | null {
  const before = readTurnMarks(install.root);
  if (!before) return null;
  for (const target of install.targets) {
    if (before.states[target.path] !== "wired") continue;
    const now = mark(target.path);
    if (now === before.marks[target.path]?.split("#")[0]) continue;
    const { state, parts } = configState(target, install.bundleFile ?? join(process.cwd(), "index.js"));
    // Pieces of goalpost gone count too: a file holding its status line still reads as goalpost's.
    const lost = (before.parts[target.path] ?? []).filter((part) => !parts.includes(part));
    if (state === "wired" && lost.length === 0) continue;
    const since = now === "missing" ? "" : ` since ${new Date(Number(now.split(":")[1])).toTimeString().slice(0, 5)}`;
    const said = state === "wired" ? `goalpost's ${lost.join(", ")} ${lost.length > 1 ? "are" : "is"} no longer in it` : state;
    return `${said} (${target.path}${since})`;
  }
  return null;
}
