// Which directory keys a session: the host's stable project root when it gives one, else the
// directory the session was first seen in, else the payload's own (which follows the agent's `cd`).
// The hook and the shell goal tools resolve it the same way.
import type { GoalStore } from "@goalpost/core";
import type { HostAdapter } from "./host-adapter.js";

export function resolveProjectDir(options: {
  readonly adapter: HostAdapter;
  readonly env: NodeJS.ProcessEnv;
  readonly store: GoalStore;
  readonly sessionId: string;
  readonly payloadCwd?: string | null | undefined;
}): string {
  const variable = options.adapter.projectDirVariable;
  const fromHost = variable ? options.env[variable]?.trim() : undefined;
  return fromHost || options.store.peek(options.sessionId)?.cwd || options.payloadCwd || process.cwd();
}
