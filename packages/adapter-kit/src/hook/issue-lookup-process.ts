// The title and milestone of the GitHub issue a session works on (core's github-issue-notice.ts), from the
// GitHub CLI where it is installed and signed in: asked by a process of the adapter's own bin
// (`<bin> issue-lookup …`), started detached in the project's folder so that no hook waits on the
// network, once per session and issue. It gets the host's environment (the user's PATH and gh's own
// sign-in), never the agent's.
import type { Env } from "@goalpost/core";
import type { LookUpIssue } from "@goalpost/core/internal";
import type { HostAdapter } from "../contract/host-adapter.js";
import { loadBuiltin } from "./load-builtin.js";
import { adapterBinPath, verifierEnvironment } from "./verification-process.js";

/** GitHub CLI's own settings and sign-in: kept for its run (verifierEnvironment keeps the user's variables). */
const GH_VARIABLES = ["GH_TOKEN", "GITHUB_TOKEN", "GH_HOST", "GH_CONFIG_DIR", "XDG_CONFIG_HOME"];

export function detachedIssueLookup(adapter: HostAdapter, env: Env, bin = adapterBinPath(adapter)): LookUpIssue {
  return (request) => {
    if (!bin) return;
    const { spawn } = loadBuiltin<typeof import("node:child_process")>("node:child_process");
    const args = [
      bin,
      "issue-lookup",
      request.root,
      request.sessionId,
      String(request.number),
      ...(request.repo ? [request.repo] : []),
    ];
    const variables = Object.fromEntries(GH_VARIABLES.flatMap((name) => (env[name] ? [[name, env[name]] as const] : [])));
    try {
      const child = spawn(process.execPath, args, {
        detached: true,
        stdio: "ignore",
        cwd: request.cwd,
        env: { ...verifierEnvironment(env), ...variables },
      });
      child.on("error", () => {});
      child.unref();
    } catch {}
  };
}
