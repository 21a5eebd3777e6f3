// Scope: a goal may declare path globs the work may touch and actions out of bounds ("!push",
// "!publish", "!deploy"). An edit outside the globs or a forbidden action is drift at once.
import type { ToolCallDescription } from "../evidence/classify-tool-call.js";
import type { GoalRecord } from "../record/goal-record.js";

const ACTIONS: Readonly<Record<string, RegExp>> = {
  push: /\bgit\s+push\b/,
  publish:
    /\b(?:npm|pnpm|yarn)\s+publish\b|\bcargo\s+publish\b|\btwine\s+upload\b|\bchangeset\s+publish\b|\bgh\s+release\s+create\b/,
  deploy: /\bdeploy\b|\bkubectl\s+apply\b|\bterraform\s+apply\b|\bvercel\b(?:\s+--prod)?|\bfly\s+deploy\b/,
  commit: /\bgit\s+commit\b/,
  install: /\b(?:npm|pnpm|yarn)\s+(?:install|add|i)\b|\bpip3?\s+install\b/,
};

/** A glob of `*`, `**` and `?` as a regular expression over a path. */
function globPattern(glob: string): RegExp {
  let source = "";
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === "*") {
      if (glob[index + 1] === "*") {
        source += ".*";
        index++;
        if (glob[index + 1] === "/") index++;
      } else source += "[^/]*";
    } else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

function relativeTo(cwd: string, path: string): string {
  const base = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return path.startsWith(base) ? path.slice(base.length) : path.replace(/^\.\//, "");
}

/** What breaks the goal's scope in this call, or null. */
export function scopeViolation(goal: GoalRecord, call: ToolCallDescription): string | null {
  if (goal.scope.length === 0) return null;
  const forbidden = goal.scope.filter((entry) => entry.startsWith("!")).map((entry) => entry.slice(1).trim().toLowerCase());
  if (call.command) {
    for (const action of forbidden) {
      const pattern = ACTIONS[action] ?? new RegExp(`\\b${action.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);
      if (pattern.test(call.command)) return `the action "${action}"`;
    }
  }
  const globs = goal.scope.filter((entry) => !entry.startsWith("!"));
  if (globs.length === 0 || !call.edits) return null;
  const patterns = globs.map(globPattern);
  const outside = call.paths.find((path) => !patterns.some((pattern) => pattern.test(relativeTo(goal.cwd, path))));
  return outside ? `editing ${outside}` : null;
}
