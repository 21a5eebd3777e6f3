// goalpost's four goal tools over MCP. The tools are core's; this file only binds them to the MCP
// SDK, asks the adapter's resolver which session a call belongs to, and turns refusals into tool
// errors whose text the model can act on.
import { createGoalTools, GOAL_TOOL_SPECS, type GoalStore, type StartVerification, toolErrorText } from "@goalpost/core";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod/mini";
import type { SessionResolver } from "./session-resolvers.js";
import { guardedInput } from "./stdio-guard.js";

export interface GoalMcpServerOptions {
  readonly store: GoalStore;
  readonly resolveSession: SessionResolver;
  /** Add `sessionId` and `cwd` to every tool's input (hosts whose MCP calls carry no session, like VS Code). */
  readonly sessionArguments?: boolean;
  readonly name?: string;
  readonly version?: string;
  /** Starts goalpost's run of the checks when a close needs one (an adapter's detached process); in this process when left out. */
  readonly startVerification?: StartVerification;
}

/** This package's version, put in at build time from its package.json (tsup `define`). */
declare const __GOALPOST_MCP_VERSION__: string;
const MCP_PACKAGE_VERSION = typeof __GOALPOST_MCP_VERSION__ === "string" ? __GOALPOST_MCP_VERSION__ : "0.0.0-source";

const sessionArgumentShape = {
  sessionId: z.string().check(z.describe("The sessionId from the goalpost context of this chat.")),
  cwd: z.string().check(z.describe("The cwd from the goalpost context of this chat.")),
};

const asText = (text: string, isError = false): CallToolResult => ({
  content: [{ type: "text", text }],
  ...(isError ? { isError: true } : {}),
});

export function createGoalMcpServer(options: GoalMcpServerOptions): McpServer {
  const server = new McpServer({ name: options.name ?? "goalpost", version: options.version ?? MCP_PACKAGE_VERSION });
  const tools = createGoalTools(options.store, options.startVerification ? { startVerification: options.startVerification } : {});
  const withSession = <T extends z.ZodMiniObject>(schema: T) =>
    options.sessionArguments ? z.extend(schema, sessionArgumentShape) : schema;

  for (const spec of GOAL_TOOL_SPECS) {
    server.registerTool(
      spec.name,
      { description: spec.description, inputSchema: withSession(spec.input) },
      (args: Record<string, unknown>, extra) => {
        const resolution = options.resolveSession({ meta: extra._meta as Record<string, unknown> | undefined, args });
        if ("refusal" in resolution) return asText(`goalpost refused the call: ${resolution.refusal}`, true);
        const { sessionId: _sessionId, cwd: _cwd, ...rest } = args;
        try {
          return asText(spec.run(tools, resolution.session, options.sessionArguments ? rest : args).text);
        } catch (error) {
          return asText(toolErrorText(error), true);
        }
      },
    );
  }
  return server;
}

/** Serves the goal tools on stdin/stdout until the client disconnects. Nothing else may write to stdout. */
export async function serveGoalMcpOverStdio(options: GoalMcpServerOptions): Promise<McpServer> {
  const server = createGoalMcpServer(options);
  const input = guardedInput((message) => process.stdout.write(`${JSON.stringify(message)}\n`));
  process.stdin.pipe(input);
  // The server ends when the client closes stdin, as with the SDK's own transport.
  input.on("end", () => void server.close());
  await server.connect(new StdioServerTransport(input as unknown as typeof process.stdin, process.stdout));
  return server;
}
