// `<bin> mcp`: the goal tools over stdio, with calls tied to their session the host's way: by the
// tool-use id the host puts in a call's `_meta` (the adapter's mcpCallIdKeys), or — for a host whose MCP
// calls say nothing of their chat (VS Code, profile `sessionArguments`) — the sessionId and cwd
// arguments the hooks told the model.
import type { Env } from "@goalpost/core";
import { createGoalStore } from "@goalpost/core";
import { resolveByArguments, resolveByToolUseId, serveGoalMcpOverStdio } from "@goalpost/mcp";
import type { HostAdapter } from "../contract/host-adapter.js";
import { detachedVerification } from "../hook/verification-process.js";

export async function serveHostMcp(
  adapter: HostAdapter,
  env: Env = process.env,
  /** The adapter's version, reported to the host in `initialize` (from its package.json). */
  version?: string,
): Promise<void> {
  const store = createGoalStore({ root: adapter.stateRoot(env) });
  const keys = adapter.profile.sessionArguments ? undefined : adapter.mcpCallIdKeys;
  const sessionArguments = keys === undefined;
  const resolveSession = keys ? resolveByToolUseId(store, keys) : resolveByArguments(store, adapter.id);
  await serveGoalMcpOverStdio({
    store,
    resolveSession,
    sessionArguments,
    startVerification: detachedVerification(adapter, env),
    ...(version ? { version } : {}),
  });
}
