// What the agent may never do, whatever the drift count: run goalpost's hook entry (that is how a
// receipt or a user's `/goal clear` would be forged), install or uninstall goalpost, switch it off,
// write, move or delete anything in its state root (the kill switch is a file there) or in the project's
// `.goalpost/` folder (the user's goal file), or take goalpost's entries out of the host's configuration. The user is trusted and can do all of it.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { isMutatingSegment } from "../evidence/classify-command.js";
import { isInside, type ToolCallDescription } from "../evidence/classify-tool-call.js";
import { goalpostBinWords } from "../evidence/goal-tool-names.js";
import { parseShell } from "../evidence/shell-syntax.js";
import { collapseSlashes, followLinks, inputPaths, pathForms } from "./input-paths.js";

interface TamperGuardOptions {
  /** goalpost's state root. */
  readonly stateRoot: string;
  /** The host's configuration files that hold goalpost's entries (hooks, MCP server, …). */
  readonly protectedFiles: readonly string[];
  /** The host's own records that receipts are read from (Codex's session rollouts): never written by the agent. */
  readonly protectedDirs?: readonly string[];
  /** The session's project directory, for relative paths. */
  readonly cwd: string;
  /**
   * The tool is none the host's profile knows (another MCP server's, a plugin's): what it does with a
   * path is unknown, so any path it names in goalpost's state, the host's records or a file holding
   * goalpost's entries is refused.
   */
  readonly unknownTool?: boolean;
}

/** goalpost commands only its user runs. */
const USER_VERBS = new Set(["hook", "verify", "issue-lookup", "serve-hooks", "install", "uninstall", "disable", "enable"]);

export const TAMPER_ADVICE =
  "If goalpost is in the way, say so to the user: they can clear the goal (goal: clear), switch goalpost off (`goalpost disable`, or GOALPOST_DISABLED=1) or uninstall it themselves.";

/** The ways a command line can spell a path: as is, relative to the project, from ~ or $HOME. */
function spellings(path: string, cwd: string): string[] {
  const home = process.env["HOME"] || homedir();
  const forms = [path];
  if (home && path.startsWith(`${home}/`)) {
    const rest = path.slice(home.length + 1);
    forms.push(`~/${rest}`, `$HOME/${rest}`, `\${HOME}/${rest}`);
  }
  if (path.startsWith(`${cwd}/`)) forms.push(path.slice(cwd.length + 1));
  return forms;
}

/**
 * Every path a command line names, as the shell would resolve it: its words (quotes taken out by the
 * tokenizer: `goal''post` is `goalpost`), `--flag=value` values and redirection targets, with `~` and
 * `$HOME` for the home folder, relative to the folder a `cd` before it moved to. A variable other than
 * HOME, a path a program computes, a script's contents: not seen (core's threat model says so).
 */
function namedPaths(command: string, cwd: string): string[] {
  const home = process.env["HOME"] || homedir();
  const { segments } = parseShell(command);
  const paths: string[] = [];
  let folder = cwd;
  const resolveWord = (word: string) => resolve(folder, word.replace(/^(?:~|\$\{HOME\}|\$HOME|\$)(?=\/|$)/, home));
  for (const segment of segments) {
    const words = [...segment.words.slice(1), ...segment.redirects.map((redirect) => redirect.target)].map((word) =>
      /^--?[\w-]+=/.test(word) ? word.slice(word.indexOf("=") + 1) : word,
    );
    if (segment.words[0] === "cd") {
      folder = resolveWord(words[0] ?? home);
      continue;
    }
    for (const word of words) if (/[/~$]|^\.\.?$/.test(word) || !word.startsWith("-")) paths.push(resolveWord(word));
  }
  // A symlink in the project to goalpost's state is goalpost's state.
  return [...paths, ...paths.map(followLinks)];
}

const count = (text: string) => (text.match(/goalpost/gi) ?? []).length;

function stringsAt(input: unknown, keys: readonly string[]): string {
  if (typeof input !== "object" || input === null) return "";
  const record = input as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of keys) if (typeof record[key] === "string") parts.push(record[key] as string);
  for (const edit of Array.isArray(record["edits"]) ? (record["edits"] as unknown[]) : []) parts.push(stringsAt(edit, keys));
  return parts.join("\n");
}

/** Whether an edit of a configuration file takes goalpost's entries out of it. */
function removesGoalpostEntries(input: unknown, path: string): boolean {
  const removed = stringsAt(input, ["old_string", "oldString", "old_str"]);
  const added = stringsAt(input, ["new_string", "newString", "new_str", "content", "file_text", "text"]);
  const patch = stringsAt(input, ["input", "patch", "command"]);
  const patchRemoved = patch
    .split("\n")
    .filter((line) => line.startsWith("-"))
    .join("\n");
  const patchAdded = patch
    .split("\n")
    .filter((line) => line.startsWith("+"))
    .join("\n");
  if (count(removed) + count(patchRemoved) > count(added) + count(patchAdded) && count(removed) + count(patchRemoved) > 0)
    return true;
  // A whole-file write: goalpost's entries must still be in the new content.
  const content = stringsAt(input, ["content", "file_text"]);
  if (content !== "" && removed === "") return count(content) === 0 && fileMentionsGoalpost(path);
  return false;
}

function fileMentionsGoalpost(path: string): boolean {
  try {
    return count(readFileSync(path, "utf8")) > 0;
  } catch {
    return false;
  }
}

/** What in this call tampers with goalpost, in words for the denial, or null. */
export function tamperViolation(call: ToolCallDescription, input: unknown, options: TamperGuardOptions): string | null {
  const { stateRoot, protectedFiles, cwd } = options;
  // The project's goalpost folder holds the user's goal file (goal-file.ts): the user's words, never the agent's.
  const projectFolder = resolve(cwd, ".goalpost");
  const dirs = [stateRoot, ...(options.protectedDirs ?? []), projectFolder];
  // Each guarded place as written and with its links followed (a state root under a linked home is
  // both): found on disk only for a call that could touch one, and once per call.
  const known = new Map<string, string[]>();
  const formsOf = (path: string) => {
    const forms = known.get(path) ?? pathForms(path, cwd);
    known.set(path, forms);
    return forms;
  };
  const guardedFiles = () => protectedFiles.flatMap(formsOf);
  if (call.command !== undefined) {
    const { segments } = parseShell(call.command);
    for (const segment of segments) {
      const rest = goalpostBinWords(segment.words);
      // The words up to the verb: `goalpost-codex hook`, `node /opt/gp/goalpost-codex.js hook`.
      if (rest && USER_VERBS.has(rest[0] ?? ""))
        return `running \`${segment.words.slice(0, segment.words.length - rest.length + 1).join(" ")}\``;
    }
    if (segments.some(isMutatingSegment)) {
      const text = collapseSlashes(call.command);
      const named = namedPaths(call.command, cwd);
      const touched = [...dirs, ...protectedFiles].find(
        (path) =>
          spellings(path, cwd).some((form) => text.includes(form)) ||
          formsOf(path).some((form) => named.some((candidate) => isInside(form, candidate))),
      );
      if (touched) return `a command that changes files and names ${touched}`;
    }
    return null;
  }
  if (!call.edits) {
    if (!options.unknownTool) return null;
    const guardedDirs = dirs.flatMap(formsOf);
    const files = guardedFiles();
    const touched = inputPaths(input, cwd).find((path) => guardedDirs.some((dir) => isInside(dir, path)) || files.includes(path));
    return touched ? `a ${call.tool} call (a tool goalpost cannot read) naming ${touched}` : null;
  }
  for (const raw of call.paths) {
    const forms = pathForms(raw, cwd);
    const under = (dir: string) => formsOf(dir).some((root) => forms.some((path) => isInside(root, path)));
    if (under(stateRoot)) return `editing ${raw}, in goalpost's state`;
    if (under(projectFolder)) return `editing ${raw}, the user's goal file (only the user writes it)`;
    const record = dirs.slice(1, -1).find(under);
    if (record) return `editing ${raw}, in the host's own record (${record})`;
    const file = forms.find((path) => guardedFiles().includes(path));
    if (file && removesGoalpostEntries(input, file)) return `taking goalpost's entries out of ${raw}`;
  }
  return null;
}
