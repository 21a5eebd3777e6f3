// Which directory keys a session: the host's stable project root when it gives one, else the
// directory the session was first seen in, else the payload's own (which follows the agent's `cd`),
// else the process's — unless the adapter says its host may run hooks in a directory that is no
// project (VS Code with no folder open runs them in the user's home): then null, and goalpost keys no
// goal by a guess. The hook and the shell goal tools resolve it the same way.
import type { Env, GoalStore } from "@goalpost/core";
import type { HostAdapter } from "../contract/host-adapter.js";

export function resolveProjectDir(options: {
  readonly adapter: HostAdapter;
  readonly env: Env;
  readonly store: GoalStore;
  readonly sessionId: string;
  readonly payloadCwd?: string | null | undefined;
}): string | null {
  const variable = options.adapter.projectDirVariable;
  const fromHost = variable ? options.env[variable]?.trim() : undefined;
  const known = fromHost || options.store.peek(options.sessionId)?.cwd || options.payloadCwd;
  return known || (options.adapter.requiresProjectDir ? null : process.cwd());
}
