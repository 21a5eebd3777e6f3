// The install targets of one scope, as install writes them: hook commands with the start-up
// snapshot when given and the no-goal fast path for the adapter's fast events, run through /bin/sh
// where the host would use the user's login shell. Install, uninstall,
// doctor and the hook's list of protected files all read a scope through this one call.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Env } from "@goalpost/core";
import {
  hookCommand,
  hookEntryPath,
  hookPerlClientPath,
  hookServerSocketWord,
  inDoubleQuotes,
  inPosixShell,
  sharedHookCommand,
  snapshotsSupported,
} from "./hook-command.js";
import type { HostAdapter } from "./host-adapter.js";
import type { InstallTarget } from "./install-target.js";

/** The adapter's npm package name, from the package.json beside its dist/ folder. */
function packageNameOf(cliPath: string, bin: string): string {
  try {
    return (JSON.parse(readFileSync(join(dirname(cliPath), "..", "package.json"), "utf8")) as { name: string }).name;
  } catch {
    return bin;
  }
}

/** Whether a scope's files are committed and shared (see InstallSpec.sharedScopes). */
export const isSharedScope = (adapter: HostAdapter, scope: string) => adapter.install.sharedScopes?.includes(scope) === true;

export function installTargets(
  adapter: HostAdapter,
  options: { scope: string; projectDir: string; cliPath: string; env: Env; snapshotBlob?: string },
): InstallTarget[] {
  const fast = new Set(snapshotsSupported() ? (adapter.install.fastEvents ?? []) : []);
  const root = adapter.stateRoot({ ...options.env, GOALPOST_HOME: "" });
  const shell = snapshotsSupported() && adapter.install.loginShell ? inPosixShell : (command: string) => command;
  if (isSharedScope(adapter, options.scope)) {
    // Read when a command is written, not when a hook only lists the protected files.
    let packageName: string | undefined;
    return adapter.install.targets({
      ...options,
      hookCommand: (event) => {
        packageName ??= packageNameOf(options.cliPath, adapter.bin);
        return shell(sharedHookCommand(adapter.bin, packageName, event));
      },
      mcpServer: { command: adapter.bin, args: ["mcp"] },
    });
  }
  // Looked up when a command is written (install, doctor), not when a hook lists protected files.
  const hookEntry = () => {
    const entry = hookEntryPath(adapter.bin, options.cliPath);
    return existsSync(entry) ? entry : undefined;
  };
  const perlClient = () => {
    const client = hookPerlClientPath(adapter.bin, options.cliPath);
    return existsSync(client) ? client : undefined;
  };
  return adapter.install.targets({
    ...options,
    hookCommand: (event) =>
      shell(
        hookCommand(options.cliPath, event, {
          snapshotBlob: options.snapshotBlob,
          hookEntry: hookEntry(),
          fastPathRoot: fast.has(event) ? root : undefined,
          wakeWords: adapter.install.fastPathWake,
          // The server's forms are shell syntax too: not on Windows.
          serverSocket: snapshotsSupported() ? hookServerSocketWord(inDoubleQuotes(root), adapter.bin) : undefined,
          perlClient: perlClient(),
        }),
      ),
    mcpServer: { command: "node", args: [options.cliPath, "mcp"] },
  });
}
