// The files a tool call names, whatever the tool, for the working context's recent files: the path
// fields goalpost knows (toolInputPaths: file_path, path, an apply_patch body…), and any argument whose
// name says it holds a path or a file — MCP servers name theirs as they like (`repo_path`, `paths`,
// `source`, `uri`) — one level into lists of objects too (VS Code's multi_replace_string_in_file). Only
// a value that reads as a path counts, so a `profile: "default"` is not a file.
import { toolInputPaths } from "./classify-tool-call.js";

/** An argument's name that says it holds a path: its letters, lower-cased, end with one of these. */
const PATH_NAME = /(?:path|paths|file|files|filename|filenames|dir|directory|folder|uri|source|destination)$/;
const CONTROL = /[\u0000-\u001F\u007F]/;
/** A bare file name with an extension: `README.md`, `index.test.ts`. */
const FILE_NAME = /^[\w@.-]+\.[A-Za-z0-9]{1,10}$/;

const isPathName = (key: string) => PATH_NAME.test(key.replace(/[^A-Za-z]/g, "").toLowerCase());

/** The value as a path, or null when it does not read as one (a URL, a sentence, a number). */
export function asPath(value: unknown): string | null {
  if (typeof value !== "string") return null;
  let text = value.trim();
  if (text.startsWith("file://")) {
    try {
      text = decodeURIComponent(text.slice("file://".length));
    } catch {
      return null;
    }
  }
  if (text === "" || text.length > 300 || CONTROL.test(text) || /^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return null;
  return text.includes("/") || text.includes("\\") || FILE_NAME.test(text) ? text : null;
}

/** The paths under path-named keys of one object (a value, or a list of them). */
function namedPaths(record: Record<string, unknown>, into: string[]): void {
  for (const [key, value] of Object.entries(record)) {
    if (!isPathName(key)) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const path = asPath(item);
      if (path !== null) into.push(path);
    }
  }
}

/** Every file a tool's input names, in the order given, without repeats. */
export function pathArguments(input: unknown): string[] {
  const paths = toolInputPaths(input);
  if (typeof input !== "object" || input === null || Array.isArray(input)) return paths;
  const record = input as Record<string, unknown>;
  namedPaths(record, paths);
  for (const value of Object.values(record)) {
    if (!Array.isArray(value)) continue;
    for (const item of value.slice(0, 50))
      if (typeof item === "object" && item !== null && !Array.isArray(item)) namedPaths(item as Record<string, unknown>, paths);
  }
  return [...new Set(paths)];
}

/**
 * The argument names of a call to a tool that works on files when none of them holds a path goalpost
 * reads (`paths`: what pathArguments found in it): the host renamed its field (schema drift), and the
 * call's files are missing from the working context. Null when a path was found or the input has no fields.
 */
export function unreadPathFields(input: unknown, paths: readonly string[]): string[] | null {
  if (paths.length > 0 || typeof input !== "object" || input === null || Array.isArray(input)) return null;
  const keys = Object.keys(input);
  return keys.length === 0 ? null : keys.slice(0, 12);
}
