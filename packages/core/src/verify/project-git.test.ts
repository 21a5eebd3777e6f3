// goalpost's own git on a project runs nothing the project's config names: each way a repository can
// make `git diff` or `git ls-files` run a program is planted, and the fingerprint taken; none may run.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkDefinition } from "./check-definition.js";
import { findRepository, git as projectGitCommand } from "./project-git.js";
import { git, temporaryDir, writeFiles } from "./test-projects.js";
import { treeState } from "./tree-fingerprint.js";

/** A committed repository whose config names `program` for `key`, with a change in the work tree. */
function plantedRepository(config: string, attributes = "* filter=evil diff=evil\n") {
  const cwd = temporaryDir();
  const marker = join(temporaryDir("goalpost-marker-"), "ran");
  writeFiles(cwd, { "a.txt": "a\n", ".gitattributes": attributes });
  git(cwd, "init", "-q");
  git(cwd, "add", "-A");
  git(cwd, "commit", "-qm", "one");
  // A program that leaves a mark and passes its input through (as a filter or a pager would).
  const program = join(temporaryDir("goalpost-program-"), "evil.sh");
  writeFileSync(program, `#!/bin/sh\necho ran >> ${marker}\ncat\n`, { mode: 0o755 });
  writeFileSync(join(cwd, ".git", "config"), `${config.replaceAll("PROGRAM", program)}\n`, { flag: "a" });
  writeFileSync(join(cwd, "a.txt"), "a\nchanged\n");
  writeFileSync(join(cwd, "new.txt"), "untracked\n");
  return { cwd, marker };
}

const PLANTED: Record<string, string> = {
  "a clean filter": '[filter "evil"]\n\tclean = PROGRAM',
  "a long-running filter process": '[filter "evil"]\n\tprocess = PROGRAM',
  "a required filter": '[filter "evil"]\n\tclean = PROGRAM\n\trequired = true',
  "a filter whose name has dots": '[filter "e.v.i.l"]\n\tclean = PROGRAM',
  "core.fsmonitor": "[core]\n\tfsmonitor = PROGRAM",
  "an external diff": "[diff]\n\texternal = PROGRAM",
  "a diff driver's command and textconv": '[diff "evil"]\n\tcommand = PROGRAM\n\ttextconv = PROGRAM',
  "a hooks folder (post-index-change)": "[core]\n\thooksPath = HOOKS",
  "a pager": "[core]\n\tpager = PROGRAM\n[pager]\n\tdiff = PROGRAM",
  "an included config file": "[include]\n\tpath = INCLUDED",
};

describe("goalpost's git on a project", () => {
  for (const [name, config] of Object.entries(PLANTED)) {
    it(`runs nothing a repository's config names: ${name}`, () => {
      const hooks = temporaryDir("goalpost-hooks-");
      const included = join(temporaryDir("goalpost-include-"), "config");
      const { cwd, marker } = plantedRepository(
        config.replaceAll("HOOKS", hooks).replaceAll("INCLUDED", included),
        name.includes("dots") ? "* filter=e.v.i.l\n" : undefined,
      );
      for (const hook of ["post-index-change", "pre-commit", "post-checkout"])
        writeFileSync(join(hooks, hook), `#!/bin/sh\necho ran >> ${marker}\n`, { mode: 0o755 });
      writeFileSync(
        included,
        `[core]\n\tfsmonitor = ${hooks}/post-index-change\n[filter "evil"]\n\tprocess = ${hooks}/post-index-change\n`,
      );
      const state = treeState(cwd);
      checkDefinition(cwd);
      expect([...state.files.keys()].sort()).toEqual(["a.txt", "new.txt"]);
      expect(existsSync(marker)).toBe(false);
    });
  }

  it("a plain git does run what such a config names (so the tests above can fail)", () => {
    for (const config of [PLANTED["a long-running filter process"]!, PLANTED["core.fsmonitor"]!]) {
      const { cwd, marker } = plantedRepository(config);
      try {
        git(cwd, "diff", "HEAD");
      } catch {
        // A filter process that speaks no protocol fails the diff, after it ran.
      }
      expect(existsSync(marker)).toBe(true);
    }
  });

  it("core.worktree cannot point the fingerprint at another tree", () => {
    const { cwd } = plantedRepository("");
    const elsewhere = temporaryDir();
    writeFiles(elsewhere, { "a.txt": "something else entirely\n" });
    const honest = treeState(cwd).fingerprint;
    writeFileSync(join(cwd, ".git", "config"), `[core]\n\tworktree = ${elsewhere}\n`, { flag: "a" });
    expect(treeState(cwd).fingerprint).toBe(honest);
  });

  it("GIT_DIR and GIT_WORK_TREE of the caller's are not followed", () => {
    const { cwd } = plantedRepository("");
    const other = plantedRepository("");
    writeFileSync(join(other.cwd, "a.txt"), "other\n");
    const honest = treeState(cwd).fingerprint;
    process.env["GIT_DIR"] = join(other.cwd, ".git");
    process.env["GIT_WORK_TREE"] = other.cwd;
    try {
      expect(treeState(cwd).fingerprint).toBe(honest);
    } finally {
      delete process.env["GIT_DIR"];
      delete process.env["GIT_WORK_TREE"];
    }
  });

  it("finds a worktree's repository from its .git file, and none outside a repository", () => {
    const { cwd } = plantedRepository("");
    const linked = join(temporaryDir(), "linked");
    git(cwd, "worktree", "add", "-q", linked);
    expect(findRepository(join(linked))?.workTree).toBe(linked);
    expect(findRepository(linked)?.gitDir).toMatch(/\.git\/worktrees\/linked$/);
    expect(projectGitCommand(linked, ["rev-parse", "--is-inside-work-tree"])?.toString().trim()).toBe("true");
    const bare = temporaryDir();
    mkdirSync(join(bare, "sub"));
    expect(findRepository(join(bare, "sub"))).toBeNull();
  });
});
