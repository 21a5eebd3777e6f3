// The install targets of one scope, as install writes them: each hook command the short script call
// (hook-command.ts), the adapter's fast events marked "fast". Install, uninstall, doctor and the
// hook's list of protected files all read a scope through this one call.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Env } from "@goalpost/core";
import type { HostAdapter } from "../contract/host-adapter.js";
import type { InstallTarget } from "../contract/install-spec.js";
import { fastEvents, fastPathWakeWords } from "./fast-events.js";
import {
  hookCommand,
  hookEntryPath,
  plainHookCommand,
  sharedHookCommand,
  shellHooksSupported,
  shellWord,
} from "./hook-command.js";
import { statusLineCommand } from "./status-line-command.js";

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
  options: {
    scope: string;
    projectDir: string;
    cliPath: string;
    env: Env;
    /** false: goalpost's status line is not offered (`install --no-status-line`), and install takes it out. */
    statusLine?: boolean;
    /** `install --strict` (true) or `--no-strict` (false); absent, the mode stays as it is. */
    strict?: boolean;
  },
): InstallTarget[] {
  const root = adapter.stateRoot({ ...options.env, GOALPOST_HOME: "" });
  if (isSharedScope(adapter, options.scope)) {
    // Read when a command is written, not when a hook only lists the protected files.
    let packageName: string | undefined;
    return adapter.install.targets({
      ...options,
      hookCommand: (event) => {
        packageName ??= packageNameOf(options.cliPath, adapter.bin);
        return sharedHookCommand(adapter.bin, packageName, event);
      },
      mcpServer: { command: adapter.bin, args: ["mcp"] },
    });
  }
  const dist = shellWord(dirname(options.cliPath));
  return adapter.install.targets({
    ...options,
    hookCommand: (event) =>
      shellHooksSupported()
        ? hookCommand(dist, adapter.bin, event, shellWord(root), {
            // Worked out when a command is written (once per adapter): a hook lists the targets' paths only.
            fast: fastEvents(adapter).includes(event),
            wakeWords: fastPathWakeWords(adapter, event),
            loginShell: adapter.install.loginShell,
          })
        : plainHookCommand(hookEntryPath(adapter.bin, options.cliPath), event),
    statusLineCommand:
      shellHooksSupported() && options.statusLine !== false
        ? (theirs, refreshAdded) => statusLineCommand(dist, adapter.bin, shellWord(root), theirs, refreshAdded)
        : undefined,
    mcpServer: { command: "node", args: [options.cliPath, "mcp"] },
  });
}
