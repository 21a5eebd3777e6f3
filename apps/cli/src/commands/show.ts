// `goalpost show [goal-or-session]`: one goal in full, as the agent sees it, with its gate and history;
// with no id, the latest goal of this directory, so the one that just closed is one command away.
import { type Command, fail } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { findGoal, latestGoalIn, showText } from "../goal-views.js";
import { loadHosts, stateRoots } from "../hosts.js";

export const show: Command = {
  name: "show",
  summary: "one goal in full: what the agent sees, its completion gate and history",
  usage: "[<goal-or-session-id>] [--dir <dir>] [--root <state-dir>] [--json]",
  description: `Shows one goal — by its id, or a session's latest goal by the session id, archived ones too;
with no id, the latest goal of this directory (or --dir), open ones first, else the one that closed last —
as the agent sees it, with what its completion gate still wants and its recent history. --json prints the
whole goal record.`,
  examples: [
    "goalpost show",
    "goalpost show goal_m3x9k2_a1b2c3",
    "goalpost show 2f1c…   (a session id)",
    "goalpost show <id> --json",
  ],
  options: { root: { type: "string" }, dir: { type: "string" } },
  async run({ values, positionals, json, term, env }) {
    const id = positionals[0];
    const roots = stateRoots(await loadHosts(), env, values["root"] as string | undefined);
    const dir = typeof values["dir"] === "string" ? values["dir"] : process.cwd();
    const found = id ? findGoal(roots, id) : latestGoalIn(roots, dir);
    if (!found) {
      const message = id
        ? `goalpost: no goal or session "${id}" under ${roots.join(", ")}`
        : `goalpost: no goal was ever set in ${dir} (\`goalpost list --all\` shows every goal)`;
      return fail(term, json, message, EXIT.notFound);
    }
    if (json) {
      const { root, session, archived } = found.located;
      term.json({ root, host: session.host, sessionId: session.sessionId, archived, goal: found.goal });
      return EXIT.ok;
    }
    term.out(`${showText(found)}\n`);
    return EXIT.ok;
  },
};
