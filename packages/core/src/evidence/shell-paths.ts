// The files a shell command names, for the working context's recent files: `sed -i … src/a.ts`, `cat
// README.md`, `pytest tests/test_io.py`, `> out/report.txt`. A shell command has no path field, so its
// words are read as the shell splits them (shell-syntax.ts), the program's name left out, and a word
// counts only if it reads as a path and names a file that is there after the command ran — so a sed
// expression (`s/a/b/`), a branch (`origin/main`) or a package (`@scope/pkg`) is not taken for one.
import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { asPath } from "./path-arguments.js";
import { parseShell } from "./shell-syntax.js";

/** Words looked at per command: a long generated command costs a few file checks, not hundreds. */
const WORDS_CHECKED = 24;

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The files `command`, run in `cwd`, names, as absolute paths, in order, without repeats. */
export function shellPaths(command: string, cwd: string, exists: (path: string) => boolean = isFile): string[] {
  let words: string[];
  try {
    words = parseShell(command).segments.flatMap((segment) => [
      ...segment.words.slice(1),
      ...segment.redirects.map((redirect) => redirect.target),
    ]);
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const word of words
    .filter((candidate) => !candidate.startsWith("-") && !/[*?=$]/.test(candidate))
    .slice(0, WORDS_CHECKED)) {
    const path = asPath(word);
    if (path === null) continue;
    const absolute = isAbsolute(path) ? path : resolve(cwd, path);
    if (exists(absolute)) found.push(absolute);
  }
  return [...new Set(found)];
}
