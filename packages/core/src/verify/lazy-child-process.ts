// node:child_process for git and the checks, loaded on first use: core is on every hook's path, and a
// hook that runs no git should not pay for loading it.
import { createRequire } from "node:module";

type ChildProcess = typeof import("node:child_process");
let loaded: ChildProcess | undefined;

export function childProcess(): ChildProcess {
  loaded ??=
    (process.getBuiltinModule?.("node:child_process") as ChildProcess | undefined) ??
    (createRequire(`${process.cwd()}/`)("node:child_process") as ChildProcess);
  return loaded;
}
