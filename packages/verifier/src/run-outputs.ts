// What a run of the checks wrote in the project, told apart from what changed there from outside while it
// ran. A check may build into the tree (`make test` compiling its test programs into a folder git does
// not ignore): those files are its outputs — shown to the user, never deleted, and they never void its
// run. A file counts as the run's own when git does not track it and either it is new in this run or an
// earlier run of the goal's checks wrote it (a rebuild on the next run); any other change — a tracked
// file, a file the user or agent had — is a change from outside, and voids the run as before. Outside
// git, "tracked" is every file the project had before any run.
import { changedPaths, type TreeState } from "@goalpost/core/internal";

/** Outputs kept by name for later runs at most (a build that writes more is still told by count). */
export const OUTPUTS_KEPT = 1000;

interface TreeChanges {
  /** Written by the run: untracked, and new or written by an earlier run. Sorted. */
  readonly outputs: readonly string[];
  /** Changed from outside while it ran (or by a check, in a file that is the project's): void. Sorted. */
  readonly outside: readonly string[];
}

export function splitTreeChanges(before: TreeState, after: TreeState, earlierOutputs: ReadonlySet<string>): TreeChanges {
  const outputs: string[] = [];
  const outside: string[] = [];
  for (const path of changedPaths(before, after)) {
    // Untracked on both sides it exists on (a removed file is judged by what it was before).
    const untracked =
      (!before.files.has(path) || before.untracked.has(path)) && (!after.files.has(path) || after.untracked.has(path));
    const created = !before.files.has(path);
    if (untracked && (created || earlierOutputs.has(path))) outputs.push(path);
    else outside.push(path);
  }
  return { outputs, outside };
}
