// `<bin> mcp`: the goal tools over stdio, with calls tied to their session the host's way: the
// adapter's resolver, or — for a host whose MCP calls say nothing of their chat (VS Code, profile
// `sessionArguments`) — the sessionId and cwd arguments the hooks told the model.
import type { Env } from "@goalpost/core";
import { createGoalStore } from "@goalpost/core";
import { resolveByArguments, serveGoalMcpOverStdio } from "@goalpost/mcp";
import type { HostAdapter } from "../contract/host-adapter.js";
import { detachedVerification } from "../hook/verification-process.js";

export async function serveHostMcp(
  adapter: HostAdapter,
  env: Env = process.env,
  /** The adapter's version, reported to the host in `initialize` (from its package.json). */
  version?: string,
): Promise<void> {
  const store = createGoalStore({ root: adapter.stateRoot(env) });
  const sessionArguments = adapter.profile.sessionArguments || !adapter.mcpSessionResolver;
  const resolveSession =
    adapter.mcpSessionResolver && !adapter.profile.sessionArguments
      ? await adapter.mcpSessionResolver(store)
      : resolveByArguments(store, adapter.id);
  await serveGoalMcpOverStdio({
    store,
    resolveSession,
    sessionArguments,
    startVerification: detachedVerification(adapter, env),
    ...(version ? { version } : {}),
  });
}
