#!/usr/bin/env node
// goalpost-mcp: the goal tools as a stdio MCP server for any harness.
//   goalpost-mcp --root <state dir> --host <name> --session-from tool-use-id,meta,arguments
// Adapters ship their own `mcp` subcommand with the right strategy; this bin is for everyone else.
import { homedir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createGoalStore } from "@goalpost/core";
import { resolveStoreRoot } from "@goalpost/core/internal";
import { verifyInProcess } from "@goalpost/verifier";
import { serveGoalMcpOverStdio } from "./goal-mcp-server.js";
import {
  firstResolved,
  resolveByArguments,
  resolveByMetaSession,
  resolveByToolUseId,
  type SessionResolver,
} from "./session-resolvers.js";

const usage = "usage: goalpost-mcp [--root <dir>] [--host <name>] [--session-from tool-use-id,meta,arguments]";

try {
  const { values } = parseArgs({
    options: {
      root: { type: "string" },
      host: { type: "string", default: "mcp" },
      "session-from": { type: "string", default: "tool-use-id,meta" },
    },
  });
  const store = createGoalStore({ root: resolveStoreRoot(values.root ?? join(homedir(), ".goalpost")) });
  const host = values.host ?? "mcp";
  const strategies = (values["session-from"] ?? "").split(",").map((name) => name.trim());
  const resolvers: SessionResolver[] = strategies.map((strategy) => {
    if (strategy === "tool-use-id") return resolveByToolUseId(store);
    if (strategy === "meta") return resolveByMetaSession(store, host);
    if (strategy === "arguments") return resolveByArguments(store, host);
    throw new Error(`unknown --session-from strategy "${strategy}"`);
  });
  await serveGoalMcpOverStdio({
    store,
    resolveSession: firstResolved(...resolvers),
    sessionArguments: strategies.includes("arguments"),
    // A close's run of the checks goes on in this process, which lives as long as the harness's session.
    startVerification: verifyInProcess(store),
  });
} catch (error) {
  process.stderr.write(`goalpost-mcp: ${(error as Error).message}\n${usage}\n`);
  process.exit(2);
}
