// A copy of the built package's hook files (bundle, hook loader, Perl client, package.json) in a test
// folder, so that a test may change its bundle, with its hooks run as real child processes: the
// hook-loader and hook-server tests share it.
import { cpSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { testdir } from "@goalpost/adapter-kit/testing";

export const BIN = "goalpost-claude-code";
export const packageDir = fileURLToPath(new URL("../..", import.meta.url));

/** `stateIn`: the state root's folder below the test's own; `env`: more of the hooks' environment. */
export function packageCopy(options: { stateIn?: string; env?: Record<string, string> } = {}) {
  const root = testdir({ project: { "README.md": "# p\n" } });
  const dist = join(root, "pkg", "dist");
  for (const file of [`${BIN}-hook.cjs`, `${BIN}-snapshot.cjs`, `${BIN}-hook.pl`])
    cpSync(join(packageDir, "dist", file), join(dist, file));
  cpSync(join(packageDir, "package.json"), join(root, "pkg", "package.json"));
  const state = join(root, options.stateIn ?? "", "state");
  // The loader and the server find the state root as the adapter does: here, GOALPOST_HOME's.
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: root, GOALPOST_HOME: state, ...options.env };
  const project = join(root, "project");
  const payload = (event: string, extra: Record<string, unknown>) =>
    JSON.stringify({
      session_id: "s-1",
      transcript_path: join(root, "t.jsonl"),
      cwd: project,
      permission_mode: "default",
      hook_event_name: event,
      ...extra,
    });
  return {
    root,
    dist,
    state,
    snapshotDir: join(state, "snapshot"),
    bundle: join(dist, `${BIN}-snapshot.cjs`),
    loader: join(dist, `${BIN}-hook.cjs`),
    perlClient: join(dist, `${BIN}-hook.pl`),
    env,
    project,
    payload,
  };
}
