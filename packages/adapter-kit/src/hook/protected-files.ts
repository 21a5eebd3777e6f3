// The host's configuration files that hold goalpost's entries, for every scope: the engine denies
// the agent any edit that takes goalpost out of them (the user can, with `uninstall`), and the
// integrity watch (integrity.ts) reads what they say at a prompt and a stop.
import type { Env } from "@goalpost/core";
import type { HostAdapter } from "../contract/host-adapter.js";
import type { InstallTarget } from "../contract/install-spec.js";
import { installTargets } from "../installing/scope-targets.js";

/** Every scope's install targets for a project (their paths and what goalpost's part of them is). */
export const installScopeTargets = (adapter: HostAdapter, projectDir: string, env: Env): InstallTarget[] =>
  adapter.install.scopes.flatMap((scope) => installTargets(adapter, { scope, projectDir, env, cliPath: "" }));

/** Their files, each once. */
export const targetFiles = (targets: readonly InstallTarget[]): string[] => [...new Set(targets.map((target) => target.path))];

export const protectedFiles = (adapter: HostAdapter, projectDir: string, env: Env): string[] =>
  targetFiles(installScopeTargets(adapter, projectDir, env));
