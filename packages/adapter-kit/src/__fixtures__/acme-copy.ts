// A copy of the example host's built hook files (the script, the loader, the bundle it runs, the Perl
// client, package.json) in a test folder, so that a test may change its bundle, with its hooks run
// as real child processes: the hook loader's and the hook server's tests share it.
import { cpSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { testdir } from "../testing/index.js";

export const BIN = "goalpost-acme";
/** The example host's package, built by the workspace's build (turbo) before the tests run. */
export const packageDir = fileURLToPath(new URL("../../examples/example-host", import.meta.url));

/** `stateIn`: the state root's folder below the test's own; `env`: more of the hooks' environment. */
export function packageCopy(options: { stateIn?: string; env?: Record<string, string> } = {}) {
  const root = testdir({ project: { "README.md": "# p\n" } });
  const dist = join(root, "pkg", "dist");
  for (const file of [`${BIN}-hook.sh`, `${BIN}-hook.cjs`, `${BIN}-hook-bundle.cjs`, `${BIN}-hook.pl`])
    cpSync(join(packageDir, "dist", file), join(dist, file));
  cpSync(join(packageDir, "package.json"), join(root, "pkg", "package.json"));
  const state = join(root, options.stateIn ?? "", "state");
  // The loader and the server find the state root as the adapter does: here, GOALPOST_HOME's.
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: root, GOALPOST_HOME: state, ...options.env };
  const project = join(root, "project");
  const payload = (event: string, extra: Record<string, unknown>) => JSON.stringify({ event, session: "s-1", dir: project, ...extra });
  return {
    root,
    dist,
    state,
    fastPathDir: join(state, "fast-path"),
    bundle: join(dist, `${BIN}-hook-bundle.cjs`),
    loader: join(dist, `${BIN}-hook.cjs`),
    script: join(dist, `${BIN}-hook.sh`),
    perlClient: join(dist, `${BIN}-hook.pl`),
    env,
    project,
    payload,
  };
}
