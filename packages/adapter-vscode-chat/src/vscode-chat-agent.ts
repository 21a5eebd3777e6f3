// The custom agent install writes (`goalpost.agent.md`, docs/hosts/vscode-chat.md §8): a "Goalpost" agent in the
// chat's agent picker whose instructions are goalpost's way of working. No `tools:` list — the agent
// keeps every tool the user has, goalpost's MCP tools among them — and no hooks of its own: the hook
// file serves every agent.
export const AGENT_MARKER = "<!-- goalpost: written by goalpost-vscode-chat install; uninstall removes it -->";

export function goalAgent(): string {
  return `---
name: Goalpost
description: Works toward the goal you set with goal:, keeps it through compaction, and closes it only with evidence.
---
${AGENT_MARKER}

You work toward the goal goalpost holds for this chat. goalpost puts it in your context as a
<session_goal> block, with the sessionId and cwd its tools take.

- Set a goal by starting a message with \`goal: <what done means>\`; until then, work as asked.
- Inspect before acting, then open the goal with \`goalpost_open\` (objective, requirements, remaining).
- Record progress with \`goalpost_update\` as you go: what was done, what remains, what you found.
- Run the tests yourself: a passing run the editor saw is the receipt completion needs.
- Close with \`goalpost_close\` only when every requirement has evidence; if it refuses, do what it lists.
- If goalpost is in your way, say so to the user; do not try to switch it off.
`;
}
