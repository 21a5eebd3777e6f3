// The install targets of one scope, as install writes them: hook commands with the start-up
// snapshot when given and the no-goal fast path for the adapter's fast events, run through /bin/sh
// where the host would use the user's login shell. Install, uninstall,
// doctor and the hook's list of protected files all read a scope through this one call.
import { hookCommand, inPosixShell, snapshotsSupported } from "./hook-command.js";
import type { HostAdapter } from "./host-adapter.js";
import type { InstallTarget } from "./install-target.js";

export function installTargets(
  adapter: HostAdapter,
  options: { scope: string; projectDir: string; cliPath: string; env: NodeJS.ProcessEnv; snapshotBlob?: string },
): InstallTarget[] {
  const fast = new Set(snapshotsSupported() ? (adapter.install.fastEvents ?? []) : []);
  const root = adapter.stateRoot({ ...options.env, GOALPOST_HOME: "" });
  const shell = snapshotsSupported() && adapter.install.loginShell ? inPosixShell : (command: string) => command;
  return adapter.install.targets({
    ...options,
    hookCommand: (event) =>
      shell(
        hookCommand(options.cliPath, event, {
          snapshotBlob: options.snapshotBlob,
          fastPathRoot: fast.has(event) ? root : undefined,
          wakeWords: adapter.install.fastPathWake,
        }),
      ),
    mcpServer: { command: "node", args: [options.cliPath, "mcp"] },
  });
}
