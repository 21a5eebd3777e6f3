// A shell command's files, from a real folder: what names a file that is there counts, nothing else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { shellPaths } from "./shell-paths.js";

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "goalpost-shell-paths-"));
  made.push(root);
  mkdirSync(join(root, "src"));
  mkdirSync(join(root, "tests"));
  for (const file of ["README.md", "src/a.ts", "tests/test_io.py"]) writeFileSync(join(root, file), "x\n");
  return root;
}

describe("the files a shell command names", () => {
  it("takes the words and redirections that name files there, as absolute paths, the program left out", () => {
    const root = project();
    expect(shellPaths("sed -i 's/foo/bar/g' src/a.ts && cat README.md > out.txt", root)).toEqual([
      join(root, "src/a.ts"),
      join(root, "README.md"),
    ]);
    expect(shellPaths(`pytest ${join(root, "tests/test_io.py")} -k io`, root)).toEqual([join(root, "tests/test_io.py")]);
  });

  it("leaves out what only looks like a path: an expression, a branch, a folder, a flag, a glob, a variable", () => {
    const root = project();
    expect(shellPaths("git diff origin/main -- src; ls src/*.ts; cat $FILE; grep -r --include=*.ts x src/", root)).toEqual([]);
    expect(shellPaths("npm install @scope/pkg", root)).toEqual([]);
  });

  it("reads a command the shell could not split as naming nothing", () => {
    expect(shellPaths("echo 'unterminated", project())).toEqual([]);
  });
});
