// Every place a tool's input could point at, for the tamper guard: one reading for every tool, known or
// not, so that no spelling of goalpost's files gets through one tool that another refuses. A string is
// read as a path in each form a program could turn it into one — as written, from `~` or `$HOME`, a
// `file://` URL, percent-encoded, a folder in one key and a name in another, a JSON string, base64 — and
// each form is resolved against the call's folder and then again with its symlinks followed (a link in
// the project to goalpost's state is goalpost's state).
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Bounds: a tool's input can be large, and this runs before every call. */
const MAX_STRINGS = 400;
const MAX_DEPTH = 8;
const MAX_LENGTH = 4096;

/** `//` and `/./` read as `/`, as the kernel reads them: `~//.claude/./goalpost` is goalpost's folder. */
export const collapseSlashes = (text: string) => text.replace(/\/(?:\.\/)+/g, "/").replace(/\/{2,}/g, "/");

const homeFolder = () => process.env["HOME"] || homedir();

/** `~`, `$HOME` and `${HOME}` at the start of a path, as the shell expands them. */
function expandHome(text: string): string {
  return text.replace(/^(?:~|\$\{HOME\}|\$HOME)(?=\/|$)/, homeFolder());
}

/**
 * The path with its symlinks followed: the real path of its nearest existing folder, the rest appended
 * (a file about to be written does not exist yet). The path itself when nothing of it exists.
 */
export function followLinks(path: string): string {
  const rest: string[] = [];
  let head = path;
  for (let depth = 0; depth < 64; depth++) {
    try {
      return join(realpathSync.native(head), ...rest.reverse());
    } catch {
      const up = dirname(head);
      if (up === head) return path;
      rest.push(basename(head));
      head = up;
    }
  }
  return path;
}

/** The absolute path as written and with its links followed (one when they are the same). */
export function pathForms(path: string, cwd: string): string[] {
  const lexical = resolve(cwd, collapseSlashes(expandHome(path)));
  const real = followLinks(lexical);
  return real === lexical ? [lexical] : [lexical, real];
}

/** The texts one string could be read as, before it is judged a path: itself, its URL and percent forms. */
function decodings(text: string): string[] {
  const forms = [text];
  if (/^file:/i.test(text)) {
    try {
      forms.push(fileURLToPath(text));
    } catch {
      // Not a URL Node can read as a file (a host, a bad escape): its other forms still count.
    }
  }
  // What a program that only strips the scheme and the escapes reads: `file://~/x`, `file://../x`.
  const bare = text.replace(/^file:(?:\/\/(?:localhost(?=\/))?)?/i, "");
  if (bare !== text) forms.push(bare);
  if (/%[0-9a-f]{2}/i.test(bare)) {
    try {
      forms.push(decodeURIComponent(bare));
    } catch {
      // A lone `%`: not percent-encoded.
    }
  }
  return forms;
}

/** A string that names a place: absolute, from home, relative with a folder, and one line. */
const looksLikePath = (text: string) => /^(?:[/~]|\$\{?HOME\b|\.\.?\/)/.test(text) || (text.includes("/") && !/\s/.test(text));
/** A bare name another key's folder could hold, or a folder's: `config.json`, `by-session/x.json`, `.goalpost`. */
const looksLikeName = (text: string) => text.length <= 255 && /^[\w@.+-][\w@.+/-]*$/.test(text) && !text.startsWith("-");

/** The text base64 stands for, when it is base64 of readable text. */
function fromBase64(text: string): string | null {
  if (text.length < 12 || text.length % 4 === 1 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const decoded = Buffer.from(text, "base64").toString("utf8");
  // Readable text only: a hash or random token decodes to bytes that are not.
  return /^[\t\n\r\x20-\x7E\u00A0-\uFFFC]+$/.test(decoded) && !decoded.includes("\uFFFD") ? decoded : null;
}

/** The value inside a string that holds JSON, or undefined. */
function fromJson(text: string): unknown {
  if (!/^[[{"]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Every absolute path a tool's input could name, in every form above, each also with its links
 * followed. Multi-line strings (a file's content, a message) are not read as paths; what they hold as
 * JSON or base64 is.
 */
export function inputPaths(input: unknown, cwd: string): string[] {
  const found = new Set<string>();
  let strings = 0;
  const add = (text: string) => {
    for (const form of decodings(text)) if (looksLikePath(form)) for (const path of pathForms(form, cwd)) found.add(path);
  };
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || strings >= MAX_STRINGS) return;
    if (typeof value === "string") {
      strings++;
      const text = value.trim();
      if (text === "" || text.length > MAX_LENGTH) return;
      const json = fromJson(text);
      if (json !== undefined && typeof json !== "string") {
        walk(json, depth + 1);
        return;
      }
      const decoded = fromBase64(text);
      if (decoded !== null) walk(decoded, depth + 1);
      if (!text.includes("\n")) add(text);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const values = Object.values(value);
    for (const item of values) walk(item, depth + 1);
    // A folder in one key and a name in another (`{dir, name}`): the file they make together.
    const texts = values.filter((item): item is string => typeof item === "string").map((item) => item.trim());
    const folders = texts.flatMap(decodings).filter((text) => looksLikePath(text) || looksLikeName(text));
    const names = texts.filter(looksLikeName);
    for (const folder of folders.slice(0, 12))
      for (const name of names.slice(0, 12)) if (name !== folder) add(join(expandHome(folder), name));
  };
  walk(input, 0);
  return [...found];
}
