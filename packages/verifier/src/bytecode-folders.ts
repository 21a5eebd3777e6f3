// Python's bytecode caches in the project. Python runs a `__pycache__/*.pyc` in place of its source when
// the source's modification time and size match the ones stamped in it — which anyone who can write the
// file can forge: the fix compiled, the bug put back with the same size and time, and the tests pass on
// the bug. In goalpost's walls each `__pycache__` folder of the project is an empty one of the run's own
// (Python compiles afresh there, as on a fresh clone, and it is thrown away); a virtual environment's are
// left as they are — its files are watched by change time (dependency-changes.ts). Found by a bounded walk.
import { type Dirent, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Folders never walked: version control, JavaScript's dependencies. */
const SKIPPED = new Set([".git", ".hg", ".svn", "node_modules"]);
/** Folders looked at, at most (a very large tree keeps what was found by then). */
const FOLDER_BUDGET = 20_000;
const DEPTH = 12;

export function bytecodeFolders(project: string): string[] {
  const found: string[] = [];
  let seen = 0;
  const visit = (dir: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || SKIPPED.has(entry.name) || ++seen > FOLDER_BUDGET) continue;
      const path = join(dir, entry.name);
      if (entry.name === "__pycache__") found.push(path);
      else if (depth < DEPTH && !existsSync(join(path, "pyvenv.cfg"))) visit(path, depth + 1);
    }
  };
  visit(project, 1);
  return found;
}
