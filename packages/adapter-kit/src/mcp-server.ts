// `<bin> mcp`: the goal tools over stdio, with calls tied to their session the host's way.
import { createGoalStore } from "@goalpost/core";
import { resolveByArguments, serveGoalMcpOverStdio } from "@goalpost/mcp";
import type { HostAdapter } from "./host-adapter.js";

export async function serveHostMcp(adapter: HostAdapter, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const store = createGoalStore({ root: adapter.stateRoot(env) });
  const resolveSession = adapter.mcpSessionResolver
    ? await adapter.mcpSessionResolver(store)
    : resolveByArguments(store, adapter.id);
  await serveGoalMcpOverStdio({ store, resolveSession });
}
