// goalpost's own tools reach hooks under a different name on every host (mcp__goalpost__goalpost_status,
// mcp_goalpost_goalpost_status, goalpost-goalpost_status, plugin forms, or bare): whatever the prefix,
// the name ends in goalpost's own tool name. They never count as drift and never as evidence.

export const GOAL_TOOL_NAMES = ["goalpost_status", "goalpost_open", "goalpost_update", "goalpost_close"] as const;
export type GoalToolName = (typeof GOAL_TOOL_NAMES)[number];

const GOAL_TOOL = new RegExp(`(?:^|[_./(-])(${GOAL_TOOL_NAMES.join("|")})\\)?$`);

/** The goal tool a host tool name refers to, whatever prefix the host added; null for any other tool. */
export function goalToolName(toolName: string): GoalToolName | null {
  const match = GOAL_TOOL.exec(toolName.trim());
  return match ? (match[1] as GoalToolName) : null;
}

/** A shell command that runs the goalpost CLI (the agent's fallback for goal tools). */
export function isGoalpostCommand(command: string): boolean {
  return /(?:^|[\s;&|(/])(?:npx\s+(?:-y\s+)?)?goalpost(?:-[a-z-]+)?(?:\s|$)/.test(command);
}
