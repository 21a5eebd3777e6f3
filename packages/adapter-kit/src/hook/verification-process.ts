// goalpost's run of a goal's checks, as a process of the adapter's own bin (`<bin> verify …`), started
// detached so that neither a hook nor a goal tool waits for a test suite. Its environment is built from
// the host's (the user's), never the agent's: no NODE_OPTIONS or npm_config_* reach goalpost's own Node,
// and the checks get a clean environment of their own (see core's run-check.ts).
import { existsSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Env, StartVerification } from "@goalpost/core";
import { USER_VARIABLES } from "@goalpost/core/internal";
import type { HostAdapter } from "../contract/host-adapter.js";
import { loadBuiltin } from "./load-builtin.js";

/** What the verifying process keeps of the environment it is started from. */
const KEPT = [...USER_VARIABLES, "LC_CTYPE", "PATH", "TMPDIR", "SYSTEMROOT"];

export function verifierEnvironment(env: Env, options: { readonly agentsPath?: boolean } = {}): Record<string, string> {
  const kept: Record<string, string> = Object.fromEntries(
    KEPT.flatMap((name) => (env[name] ? [[name, env[name]] as const] : [])),
  );
  // A PATH the agent's shell set (a fake npm first) must not reach a goal that recorded none of the
  // host's: the system's folders and the folder of the Node that runs goalpost instead.
  if (options.agentsPath) kept["PATH"] = [dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(":");
  return kept;
}

/**
 * The adapter's bin (`<bin>.cjs`) beside the file this process runs: the hook loader, the hook
 * server and the bin itself all live in the adapter's dist folder.
 */
export function adapterBinPath(adapter: HostAdapter, entry: string | undefined = process.argv[1]): string | null {
  if (!entry) return null;
  let dir: string;
  try {
    dir = dirname(realpathSync(entry));
  } catch {
    return null;
  }
  const bin = join(dir, `${adapter.bin}.cjs`);
  return existsSync(bin) ? bin : null;
}

/** Starts `<bin> verify` (a run of the checks, `--start` or `--baseline`) detached for each request; says on stderr when it cannot. */
export function detachedVerification(
  adapter: HostAdapter,
  env: Env,
  options: { readonly agentsPath?: boolean } = {},
  bin = adapterBinPath(adapter),
): StartVerification {
  return (request) => {
    if (!bin) {
      process.stderr.write(`goalpost: cannot find ${adapter.bin} to run the checks of ${request.goalId}.\n`);
      return;
    }
    const { spawn } = loadBuiltin<typeof import("node:child_process")>("node:child_process");
    const args =
      request.task === "baseline"
        ? [bin, "verify", "--baseline", request.root, request.sessionId, request.goalId]
        : request.task === "start"
          ? [bin, "verify", "--start", request.root, request.sessionId, request.goalId, request.verificationId]
          : [bin, "verify", request.root, request.sessionId, request.goalId, request.verificationId];
    if (request.allowUnsandboxed) args.push("--unsandboxed");
    const child = spawn(process.execPath, args, {
      detached: true,
      stdio: "ignore",
      cwd: tmpdir(),
      env: verifierEnvironment(env, options),
    });
    child.on("error", (error) => process.stderr.write(`goalpost: could not start the checks' run: ${error.message}\n`));
    child.unref();
  };
}
