// `goalpost-claude-code mcp`: the goal tools for Claude Code. A call is tied to its session through
// `_meta["claudecode/toolUseId"]`, which equals the tool_use_id goalpost's PreToolUse hook recorded
// for that call (HOSTS.md §1.7). CLAUDE_CODE_SESSION_ID is not used: it is frozen at spawn and goes
// stale after /clear.
import { createGoalStore } from "@goalpost/core";
import { resolveByToolUseId, serveGoalMcpOverStdio } from "@goalpost/mcp";
import { goalpostStateRoot } from "./claude-code-paths.js";

export async function serveClaudeCodeMcp(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const store = createGoalStore({ root: goalpostStateRoot(env) });
  await serveGoalMcpOverStdio({ store, resolveSession: resolveByToolUseId(store, ["claudecode/toolUseId"]) });
}
