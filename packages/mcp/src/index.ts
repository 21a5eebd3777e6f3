// @goalpost/mcp: the public surface.

export type { GoalMcpServerOptions } from "./goal-mcp-server.js";
export { createGoalMcpServer, serveGoalMcpOverStdio } from "./goal-mcp-server.js";
export type { SessionResolution, SessionResolver, ToolCallContext, ToolSession } from "./session-resolvers.js";
export { firstResolved, resolveByArguments, resolveByMetaSession, resolveByToolUseId } from "./session-resolvers.js";
export { TOOL_DESCRIPTIONS } from "./tool-descriptions.js";
