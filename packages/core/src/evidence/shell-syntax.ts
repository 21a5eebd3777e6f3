// A shell command line as the shell would run it: the simple commands in it, the operators between
// them, their redirections, and whether anything in it is computed at run time ($VAR, $(…), `…`).
// Words come from shell-quote (quotes and escapes resolved as the shell does); before it, heredoc
// bodies are taken out (they are data, not commands), comments dropped and unquoted newlines made
// command separators, which shell-quote alone would read as spaces.
import { parse } from "shell-quote";

export interface ShellRedirect {
  readonly op: string;
  readonly target: string;
}

export interface ShellSegment {
  /** The command's words, assignments and wrappers (sudo, env, time, timeout N, …) left out. */
  readonly words: readonly string[];
  /** The words joined by single spaces. */
  readonly text: string;
  readonly redirects: readonly ShellRedirect[];
  /** The operator before this command (&&, ||, ;, |, &) or null at the start. */
  readonly before: string | null;
  /** The operator after it, or null at the end (a trailing `;` or `&` is kept). */
  readonly after: string | null;
  /** True when a word is computed at run time: a variable, a command substitution, backticks. */
  readonly dynamic: boolean;
  /** True when it came from inside `bash -c '…'`, `sh -c`, `eval`. */
  readonly nested: boolean;
}

interface ParsedShell {
  readonly segments: readonly ShellSegment[];
  /** Anything computed at run time, anywhere in the line. */
  readonly dynamic: boolean;
  /** Subshells or groups: ( … ), { …; }. */
  readonly grouped: boolean;
}

const CONTROL = new Set(["&&", "||", ";", ";;", "|", "|&", "&", "(", ")"]);
const REDIRECT = new Set([">", ">>", "<", ">&", "<&", ">|", "<<", "<<<", "&>", "&>>", "<>"]);
const WRAPPERS = new Set(["sudo", "time", "nice", "nohup", "command", "exec", "builtin", "stdbuf", "chronic"]);
const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const DYNAMIC_MARK = "\u0000var\u0000";

/**
 * Heredoc bodies out, comments out, unquoted newlines as `;` (a newline after an operator or a
 * line continuation joins lines as the shell does).
 */
function prepareShellText(command: string): string {
  let out = "";
  let quote: "'" | '"' | null = null;
  const pendingHeredocs: { delimiter: string; stripTabs: boolean }[] = [];
  for (let index = 0; index < command.length; index++) {
    const char = command[index]!;
    if (quote === "'") {
      out += char;
      if (char === "'") quote = null;
      continue;
    }
    if (char === "\\") {
      const next = command[index + 1];
      if (next === "\n") {
        index++;
        continue;
      }
      out += char + (next ?? "");
      index++;
      continue;
    }
    if (quote === '"') {
      out += char;
      if (char === '"') quote = null;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      out += char;
      continue;
    }
    if (char === "#" && (index === 0 || /[\s;&|()]/.test(command[index - 1]!))) {
      while (index + 1 < command.length && command[index + 1] !== "\n") index++;
      continue;
    }
    if (char === "<" && command[index + 1] === "<" && command[index + 2] !== "<") {
      const heredoc = /^<<(-?)\s*(['"]?)([A-Za-z0-9_.-]+)\2/.exec(command.slice(index));
      if (heredoc) {
        pendingHeredocs.push({ delimiter: heredoc[3]!, stripTabs: heredoc[1] === "-" });
        out += `<< ${heredoc[3]}`;
        index += heredoc[0].length - 1;
        continue;
      }
    }
    if (char === "\n") {
      // The bodies of heredocs opened on this line: skipped, up to each delimiter line.
      for (const { delimiter, stripTabs } of pendingHeredocs.splice(0)) {
        let end = command.indexOf("\n", index + 1);
        for (;;) {
          const line = command.slice(index + 1, end === -1 ? undefined : end);
          index = end === -1 ? command.length : end;
          if ((stripTabs ? line.replace(/^\t+/, "") : line) === delimiter || end === -1) break;
          end = command.indexOf("\n", index + 1);
        }
      }
      const previous = out.trimEnd().slice(-1);
      if (previous !== "" && !/[|&;(]/.test(previous)) out += " ; ";
      else out += " ";
      continue;
    }
    out += char;
  }
  if (quote !== null) throw new Error("unbalanced quote");
  return out;
}

type Token = string | { op: string } | { comment: string } | { op: "glob"; pattern: string };

function tokenize(text: string): { tokens: Token[]; dynamic: boolean } {
  let dynamic = false;
  const tokens = parse(text, () => {
    dynamic = true;
    return DYNAMIC_MARK;
  }) as Token[];
  return { tokens, dynamic };
}

/** Words after assignments and wrappers; `env A=1`, `timeout 5`, `xargs -0` are wrappers too. */
function commandWords(words: string[]): string[] {
  let rest = words;
  for (;;) {
    while (rest.length > 0 && ASSIGNMENT.test(rest[0]!)) rest = rest.slice(1);
    const first = rest[0];
    if (first === undefined) return rest;
    if (WRAPPERS.has(first)) rest = rest.slice(1);
    else if (first === "env") {
      rest = rest.slice(1);
      while (rest[0]?.startsWith("-")) rest = rest.slice(1);
    } else if (first === "timeout") {
      rest = rest.slice(1);
      while (rest[0]?.startsWith("-")) rest = rest.slice(1);
      rest = rest.slice(1);
    } else if (first === "xargs") {
      rest = rest.slice(1);
      while (rest[0]?.startsWith("-")) rest = rest.slice(1);
    } else return rest;
  }
}

function segmentsOf(command: string, nested: boolean, depth: number): ParsedShell {
  const { tokens } = tokenize(prepareShellText(command));
  const segments: ShellSegment[] = [];
  let grouped = false;
  let anyDynamic = false;
  let words: string[] = [];
  let redirects: ShellRedirect[] = [];
  let dynamic = false;
  let before: string | null = null;

  const flush = (after: string | null) => {
    const meaningful = commandWords(words);
    if (meaningful.length > 0 || redirects.length > 0) {
      const inner = innerCommand(meaningful);
      if (inner !== null && depth < 3) {
        // `bash -c '…'`, `eval '…'`: the commands inside are what runs.
        const parsed = segmentsOf(inner, true, depth + 1);
        grouped ||= parsed.grouped;
        anyDynamic ||= parsed.dynamic;
        parsed.segments.forEach((segment, index) => {
          segments.push({
            ...segment,
            before: index === 0 ? before : segment.before,
            after: index === parsed.segments.length - 1 ? after : segment.after,
          });
        });
      } else {
        const shown = meaningful.map((word) => word.split(DYNAMIC_MARK).join("$"));
        segments.push({ words: shown, text: shown.join(" "), redirects, before, after, dynamic, nested });
      }
    }
    words = [];
    redirects = [];
    dynamic = false;
    before = after;
  };

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (typeof token === "string") {
      if (token.includes(DYNAMIC_MARK) || token.includes("`")) {
        dynamic = true;
        anyDynamic = true;
      }
      words.push(token);
      continue;
    }
    if ("comment" in token) continue;
    if (token.op === "glob") {
      words.push((token as { pattern: string }).pattern);
      continue;
    }
    if (REDIRECT.has(token.op)) {
      // A file descriptor number just before the operator (2>&1) belongs to the redirection.
      if (/^\d+$/.test(words.at(-1) ?? "") && words.length > 1) words.pop();
      const target = tokens[index + 1];
      redirects.push({ op: token.op, target: typeof target === "string" ? target : "" });
      if (typeof target === "string") index++;
      continue;
    }
    if (CONTROL.has(token.op)) {
      if (token.op === "(" || token.op === ")") {
        grouped = true;
        // `$(` arrives as a variable followed by "(": computed at run time.
        if (words.at(-1) === DYNAMIC_MARK) anyDynamic = dynamic = true;
        continue;
      }
      flush(token.op);
      continue;
    }
    words.push(token.op);
  }
  flush(null);
  return { segments, dynamic: anyDynamic, grouped };
}

/** The command string a `bash -c`, `sh -c` or `eval` runs, or null. */
function innerCommand(words: readonly string[]): string | null {
  const [first, ...rest] = words;
  if (first === undefined) return null;
  const name = first.split("/").pop()!;
  if (name === "eval") return rest.join(" ");
  if (!SHELLS.has(name)) return null;
  const flag = rest.findIndex((word) => /^-[a-z]*c[a-z]*$/.test(word));
  return flag === -1 ? null : (rest[flag + 1] ?? null);
}

/** The last command parsed: one hook asks about the same command several times (bookkeeping, tampering, scope, receipt). */
let last: { readonly command: string; readonly parsed: ParsedShell } | undefined;

/** The simple commands of a command line, with their operators and redirections. Never throws. */
export function parseShell(command: string): ParsedShell {
  if (last?.command === command) return last.parsed;
  const parsed = parseFresh(command);
  last = { command, parsed };
  return parsed;
}

function parseFresh(command: string): ParsedShell {
  try {
    return segmentsOf(command, false, 0);
  } catch {
    // An unbalanced quote: one opaque, dynamic segment (never bookkeeping, never a receipt).
    return {
      segments: [{ words: [command], text: command, redirects: [], before: null, after: null, dynamic: true, nested: false }],
      dynamic: true,
      grouped: false,
    };
  }
}
