// @goalpost/mcp: the public surface.

// The descriptions live with the goal tools in core; every channel (MCP, a host extension) shows the same.
export { TOOL_DESCRIPTIONS } from "@goalpost/core/internal";
export type { GoalMcpServerOptions } from "./goal-mcp-server.js";
export { createGoalMcpServer, serveGoalMcpOverStdio } from "./goal-mcp-server.js";
export type { SessionResolution, SessionResolver, ToolCallContext, ToolSession } from "./session-resolvers.js";
export { firstResolved, resolveByArguments, resolveByMetaSession, resolveByToolUseId } from "./session-resolvers.js";
