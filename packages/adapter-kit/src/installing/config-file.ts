// Reading and rewriting a host's configuration file so that only goalpost's part changes: the
// user's other keys, their order, formatting and comments stay as they were. JSON edits are computed
// as the paths whose values differ and applied to the original text with jsonc-parser; TOML (Codex's
// config.toml) is patched by @decimalturn/toml-patch, which keeps comments and layout. A file
// goalpost never needed to touch is never reformatted.
import { existsSync, readFileSync } from "node:fs";
import { parse as parseToml, patch as patchToml, stringify as stringifyToml } from "@decimalturn/toml-patch";
import { GoalpostError } from "@goalpost/core";
import {
  applyEdits,
  type FormattingOptions,
  findNodeAtLocation,
  format,
  modify,
  type ParseError,
  parse,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";
import type { ConfigFormat, JsonObject } from "../contract/install-spec.js";

export class ConfigFileError extends GoalpostError {
  readonly path: string;
  constructor(path: string, problem: string) {
    super("invalid_input", `${path} ${problem}. goalpost left it untouched; fix or move it, then run the command again.`);
    this.name = "ConfigFileError";
    this.path = path;
  }
}

export interface ConfigFile {
  readonly path: string;
  /** The file's text, or null when it does not exist. */
  readonly text: string | null;
  readonly data: JsonObject;
  readonly format: ConfigFormat;
}

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

function parseText(path: string, text: string, format: ConfigFormat): unknown {
  if (format === "text") return { text };
  if (format === "toml") {
    try {
      return parseToml(text);
    } catch (error) {
      throw new ConfigFileError(path, `is not valid TOML (${(error as Error).message.split("\n")[0]})`);
    }
  }
  if (format === "json") {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new ConfigFileError(path, `is not valid JSON (${(error as Error).message})`);
    }
  }
  const errors: ParseError[] = [];
  const data = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first)
    throw new ConfigFileError(path, `is not valid JSONC (${printParseErrorCode(first.error)} at offset ${first.offset})`);
  return data;
}

/** Reads a configuration file; a missing or blank file reads as `{}`; anything but an object throws. */
export function readConfigFile(path: string, format: ConfigFormat): ConfigFile {
  if (!existsSync(path)) return { path, text: null, data: {}, format };
  const text = readFileSync(path, "utf8");
  if (text.trim() === "") return { path, text, data: {}, format };
  const data = parseText(path, text, format);
  if (!isObject(data)) throw new ConfigFileError(path, "does not hold a JSON object");
  return { path, text, data, format };
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => deepEqual(item, b[index]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
}

interface PathChange {
  readonly path: (string | number)[];
  readonly value: unknown;
  /** Insert at the index rather than replace what is there. */
  readonly insert?: boolean;
}

/** The paths whose values differ, descending into objects and arrays present on both sides. */
function changedPaths(before: JsonObject, after: JsonObject, prefix: (string | number)[] = []): PathChange[] {
  const changes: PathChange[] = [];
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key)) changes.push({ path: [...prefix, key], value: undefined });
  }
  for (const [key, value] of Object.entries(after)) changes.push(...valueChanges(before[key], value, [...prefix, key]));
  return changes;
}

function valueChanges(old: unknown, value: unknown, path: (string | number)[]): PathChange[] {
  if (deepEqual(old, value)) return [];
  if (isObject(old) && isObject(value)) return changedPaths(old, value, path);
  if (Array.isArray(old) && Array.isArray(value)) {
    const edits = arrayChanges(old, value, path);
    if (edits) return edits;
  }
  return [{ path, value }];
}

/**
 * Element-wise edits where the new array is the old one with items changed in place or appended, so
 * the user's own items keep their text; null (replace the array) for anything else. Removing an
 * element is a replacement: jsonc-parser mis-cuts the last element of a one-line array.
 */
function arrayChanges(old: unknown[], value: unknown[], path: (string | number)[]): PathChange[] | null {
  if (old.length === value.length) return old.flatMap((item, index) => valueChanges(item, value[index], [...path, index]));
  if (value.length > old.length && old.every((item, index) => deepEqual(item, value[index])))
    return value.slice(old.length).map((item, offset) => ({ path: [...path, old.length + offset], value: item, insert: true }));
  return null;
}

function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? "  ";
  return {
    insertSpaces: !indent.startsWith("\t"),
    tabSize: indent.startsWith("\t") ? 1 : indent.length,
    eol: text.includes("\r\n") ? "\r\n" : "\n",
  };
}

/** New tables as `[a.b.c]` sections, as hosts document them (Codex: `[mcp_servers.goalpost]`), not inline. */
const TOML_FORMAT = { inlineTableStart: 3 };

/**
 * TOML: patched in place, then read back. A patch that does not read back as intended is refused
 * (never a fresh file: that would drop the user's comments), and the file is left as it was.
 */
function rewriteTomlText(file: ConfigFile, after: JsonObject): string {
  if (file.text === null || file.text.trim() === "") return stringifyToml(after, TOML_FORMAT);
  let text: string;
  try {
    text = patchToml(file.text, after, TOML_FORMAT);
    if (deepEqual(parseToml(text), after)) return text;
  } catch {}
  throw new ConfigFileError(file.path, "could not be changed while keeping its layout");
}

/** The file's new text with `after` in it, or null when nothing changes. */
/**
 * The indentation of the last property of the object `path` is added to, when that property starts a
 * line of its own; null otherwise (a one-line object is left to jsonc-parser's formatting).
 */
function previousProperty(text: string, path: readonly (string | number)[]): string | null {
  const tree = parseTree(text);
  const parent = tree ? findNodeAtLocation(tree, path.slice(0, -1) as (string | number)[]) : undefined;
  const last = parent?.type === "object" ? parent.children?.at(-1) : undefined;
  if (!last) return null;
  const lineStart = text.lastIndexOf("\n", last.offset - 1) + 1;
  const before = text.slice(lineStart, last.offset);
  return /^[ \t]*$/.test(before) ? before : null;
}

/**
 * One change, touching only its own text. jsonc-parser formats the whole range of an edit, and the
 * range of a property added after another starts at that other property: the user's own entry would
 * be re-indented. So a removal goes unformatted (it only cuts), and an added property is written
 * unformatted on a line of its own, at its previous sibling's indentation, and only it is formatted.
 */
function applyChange(text: string, change: PathChange, formattingOptions: FormattingOptions): string {
  if (change.value === undefined) return applyEdits(text, modify(text, change.path, undefined, {}));
  const plain = change.insert ? [] : modify(text, change.path, change.value, {});
  const edit = plain[0];
  const sibling = edit && edit.length === 0 && edit.content.startsWith(",") ? previousProperty(text, change.path) : null;
  if (plain.length === 1 && edit && sibling !== null) {
    const indent = sibling;
    const eol = formattingOptions.eol ?? "\n";
    const content = `,${eol}${indent}${edit.content.slice(1)}`;
    const inserted = applyEdits(text, [{ ...edit, content }]);
    const start = edit.offset + 1 + eol.length + indent.length;
    return applyEdits(
      inserted,
      format(inserted, { offset: start, length: content.length - 1 - eol.length - indent.length }, formattingOptions),
    );
  }
  const options = { formattingOptions, ...(change.insert ? { isArrayInsertion: true } : {}) };
  return applyEdits(text, modify(text, change.path, change.value, options));
}

export function rewriteConfigText(file: ConfigFile, after: JsonObject): string | null {
  if (deepEqual(file.data, after)) return null;
  if (file.format === "text") return typeof after["text"] === "string" ? after["text"] : "";
  if (file.format === "toml") return rewriteTomlText(file, after);
  if (file.text === null || file.text.trim() === "") return `${JSON.stringify(after, null, 2)}\n`;
  const formattingOptions = formattingOf(file.text);
  let text = file.text;
  for (const change of changedPaths(file.data, after)) text = applyChange(text, change, formattingOptions);
  // Never write a file that does not read back as intended: then the whole file is written afresh.
  const errors: ParseError[] = [];
  const check = parse(text, errors, { allowTrailingComma: true });
  return errors.length === 0 && deepEqual(check, after) ? text : `${JSON.stringify(after, null, 2)}\n`;
}
