// @goalpost/adapter-kit/testing: what an adapter's tests need — recorded fixtures by host and name,
// session sequences, temporary directory trees, installed hook commands run as the host runs them, and
// a command's tab completion asked of real shells.
export type { Fixtures } from "./fixtures.js";
export { hostFixtures } from "./fixtures.js";
export type { HookBenchHost } from "./hook-bench.js";
export { benchProject, runHookBench } from "./hook-bench.js";
export {
  hookBundleForeignCode,
  hookBundleProblems,
  hookCostlyBuiltins,
  hookLoaderProblems,
  hookNonAscii,
  hookStartupImports,
  hookStartupSource,
} from "./hook-bundle.js";
export type { HookRun } from "./installed-hook.js";
export { installedHookCommands, runInstalledHook } from "./installed-hook.js";
export { bashCompletes, runInShell, shellInstalled } from "./shell-completion.js";
export type { Tree } from "./testdir.js";
export { removeTestdirs, testdir, writeTree } from "./testdir.js";
