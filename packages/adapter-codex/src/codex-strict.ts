// goalpost's strict mode on Codex (docs/hosts/codex.md §10): `sandbox_mode = "workspace-write"` in
// config.toml, so every command the agent runs is in Codex's own sandbox whatever mode the user had
// set (`danger-full-access` takes every wall away). Inside it goalpost's state, config.toml, hooks.json
// and the rollouts are read-only, and with the sandbox's network off (its default) the hook socket is
// out of reach (e2e CODEX-SANDBOX-WALLS). The kit keeps the user's own value and puts it back
// (installing/strict-mode.ts).
import { tmpdir } from "node:os";
import { isAbsolute, relative } from "node:path";
import {
  type DoctorCheck,
  hostSandboxUnavailable,
  type InstallContext,
  type InstallTarget,
  strictModeCheck,
  strictModeTargets,
} from "@goalpost/adapter-kit";
import type { Env } from "@goalpost/core";
import { codexHome, configFile, goalpostStateRoot } from "./codex-paths.js";

const STRICT = { sandbox_mode: "workspace-write" } as const;
const SANDBOX = "Codex's workspace-write sandbox";

const stateRoot = (env: Env) => goalpostStateRoot({ ...env, GOALPOST_HOME: "" });

export const strictTargets = (context: InstallContext): { record: InstallTarget; settings: InstallTarget | null } =>
  strictModeTargets(context, {
    path: configFile(context.env),
    format: "toml",
    values: STRICT,
    root: stateRoot(context.env),
    sandbox: SANDBOX,
  });

/** What stands in the sandbox's way here: bubblewrap missing on Linux, or a Codex home in the temporary folder (docs/hosts/codex.md §2). */
export function strictUnavailable(env: Env = process.env): string | null {
  const programs = hostSandboxUnavailable(SANDBOX, { bwrap: "bubblewrap" });
  if (programs) return programs;
  const inside = relative(tmpdir(), codexHome(env));
  if (!inside.startsWith("..") && !isAbsolute(inside))
    return `Codex refuses to set up its sandbox with its home (${codexHome(env)}) in the temporary folder`;
  return null;
}

export const strictDoctorChecks = (env: Env, adapter: { readonly bin: string; readonly id: string }): DoctorCheck[] => [
  strictModeCheck({
    adapter,
    env,
    root: stateRoot(env),
    files: [configFile(env)],
    sandbox: SANDBOX,
    unavailable: strictUnavailable(env),
  }),
];
