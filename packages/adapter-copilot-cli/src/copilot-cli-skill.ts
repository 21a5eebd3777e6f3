// The goal skill Copilot CLI lists to the model (`$COPILOT_HOME/skills/goal/SKILL.md`, docs/hosts/copilot-cli.md §8):
// the goal protocol in the model's words, loaded when it calls the `skill` tool.
import { TOOL_DESCRIPTIONS } from "@goalpost/core/internal";

/** Marks the file as goalpost's, so install and uninstall never touch a skill of the user's. */
export const SKILL_MARKER = "<!-- written by goalpost; `goalpost-copilot-cli uninstall` removes it -->";

/**
 * What the skill is for, as Copilot CLI lists it to the model. Written as a quoted YAML string: its
 * ": " would end a plain one, and Copilot CLI then fails to load the skill ("Failed to load 1 skill").
 */
const SKILL_DESCRIPTION =
  "How to work toward the session goal goalpost keeps (the <session_goal> block): inspect, open, update, close only with evidence.";

export function goalSkill(): string {
  return `---
name: goal
description: ${JSON.stringify(SKILL_DESCRIPTION)}
---
${SKILL_MARKER}

# Working toward the session goal

goalpost keeps this session's goal, shows it to you as a \`<session_goal>\` block, refuses to let the
session stop while it is open, and accepts it as complete only with evidence. The user set it; you may
not drop or reword it.

1. **Inspect first.** Read the code the goal concerns before changing anything.
2. **Open it** with \`goalpost_open\`: ${TOOL_DESCRIPTIONS.goalpost_open}
3. **Update after every meaningful step** with \`goalpost_update\`: ${TOOL_DESCRIPTIONS.goalpost_update}
4. **Verify for real.** Run the tests, build, typecheck or lint through the shell: the run Copilot
   reports (its exit code) is the receipt. A claim in words is not one.
5. **Close** with \`goalpost_close\`: ${TOOL_DESCRIPTIONS.goalpost_close}

When unsure what is left, call \`goalpost_status\`: ${TOOL_DESCRIPTIONS.goalpost_status}
`;
}
