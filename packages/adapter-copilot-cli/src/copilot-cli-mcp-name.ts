// goalpost's MCP server's name in Copilot's mcp-config.json: its tools reach hooks as
// goalpost-goalpost_status, and preMcpToolCall names it as serverName.
export const MCP_SERVER_NAME = "goalpost";
