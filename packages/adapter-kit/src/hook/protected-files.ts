// The host's configuration files that hold goalpost's entries, for every scope: the engine denies
// the agent any edit that takes goalpost out of them (the user can, with `uninstall`).
import type { Env } from "@goalpost/core";
import type { HostAdapter } from "../contract/host-adapter.js";
import { installTargets } from "../installing/scope-targets.js";

export function protectedFiles(adapter: HostAdapter, projectDir: string, env: Env): string[] {
  const paths = adapter.install.scopes.flatMap((scope) =>
    installTargets(adapter, { scope, projectDir, env, cliPath: "" }).map((target) => target.path),
  );
  return [...new Set(paths)];
}
