// The walls a check runs inside. A check runs code the agent wrote, so verifying must never give that
// code more than the agent's own tools had: no network at all, writes only in the project and a
// temporary folder, goalpost's state and the host's configuration unreadable. Anthropic's sandbox
// runtime (the one Claude Code uses: bubblewrap on Linux, sandbox-exec on macOS) builds them; it is
// loaded only by the verifying process, never by a hook. Where it cannot run, the caller is told why,
// and no check runs unless the user allowed that.
import { existsSync } from "node:fs";
import { homedir } from "node:os";

export interface CheckSandbox {
  /** What contains the checks, for the verdict. */
  readonly name: string;
  /** The command line that runs `command` inside the walls, for `/bin/sh -c`. */
  wrap(command: string): Promise<string>;
  dispose(): Promise<void>;
}

export interface SandboxWalls {
  /** Where checks may write: the project, and the run's own temporary folder. */
  readonly writable: readonly string[];
  /** What checks may not read: goalpost's state roots, the host's configuration. */
  readonly unreadable: readonly string[];
}

/** Credentials a test run never needs and a check must not read. */
const SECRET_DIRS = ["~/.ssh", "~/.aws", "~/.gnupg", "~/.config/gh", "~/.docker", "~/.kube", "~/.netrc", "~/.npmrc", "~/.pypirc"];

export type SandboxOutcome = { readonly sandbox: CheckSandbox } | { readonly unavailable: string };

export async function openCheckSandbox(walls: SandboxWalls): Promise<SandboxOutcome> {
  let runtime: typeof import("@anthropic-ai/sandbox-runtime");
  try {
    runtime = await import("@anthropic-ai/sandbox-runtime");
  } catch (error) {
    return { unavailable: `the sandbox runtime is not installed beside goalpost (${(error as Error).message.split("\n")[0]})` };
  }
  const { SandboxManager } = runtime;
  if (!SandboxManager.isSupportedPlatform()) return { unavailable: `no sandbox is supported on ${process.platform}` };
  const missing = SandboxManager.checkDependencies();
  if (missing.errors.length > 0) return { unavailable: missing.errors.join("; ") };
  const home = homedir();
  const expand = (path: string) => (path.startsWith("~/") ? `${home}${path.slice(1)}` : path);
  // Only what exists: bubblewrap makes a mount point for a path that does not, as an empty file
  // left behind in the project (a host's project settings goalpost has not written, say).
  const unreadable = [...walls.unreadable, ...SECRET_DIRS.map(expand)].filter((path) => existsSync(path));
  try {
    await SandboxManager.initialize({
      network: { allowedDomains: [], deniedDomains: [] },
      filesystem: {
        denyRead: unreadable,
        allowWrite: [...walls.writable],
        denyWrite: unreadable,
      },
    });
  } catch (error) {
    return { unavailable: `the sandbox could not start (${(error as Error).message.split("\n")[0]})` };
  }
  const name = process.platform === "darwin" ? "sandbox-exec (sandbox runtime)" : "bubblewrap (sandbox runtime)";
  return {
    sandbox: {
      name,
      wrap: (command) => SandboxManager.wrapWithSandbox(command, "/bin/sh"),
      dispose: () => SandboxManager.reset(),
    },
  };
}

/** Runs checks as they are, for a user who allowed that where no sandbox can run. */
export const NO_SANDBOX: CheckSandbox = {
  name: "none (allowed by the user)",
  wrap: async (command) => command,
  dispose: async () => {},
};
