// `goalpost status`: the open goals of this directory, whichever host and session left them.
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { goalRows, rowText } from "../goal-views.js";
import { hostName, loadHosts, stateRoots } from "../hosts.js";

export const status: Command = {
  name: "status",
  summary: "open goals of this directory, across hosts and sessions",
  usage: "[--dir <dir>] [--root <state-dir>] [--json]",
  description: `Shows the open goals left in this directory (or --dir) by any host's sessions: host, session,
objective, status, remaining work, blockers, drift since the last update, when it last changed,
whether its completion gate is satisfied, and where it came from when it was continued from another
session or host. \`goalpost list\` shows every directory.`,
  examples: ["goalpost status", "goalpost status --dir ~/src/importer", "goalpost status --json | jq '.goals[].objective'"],
  options: { dir: { type: "string" }, root: { type: "string" } },
  async run({ values, json, term, env }) {
    const hosts = await loadHosts();
    const dir = typeof values["dir"] === "string" ? values["dir"] : process.cwd();
    const goals = goalRows(stateRoots(hosts, env, values["root"] as string | undefined), { dir });
    if (json) {
      term.json({ dir, goals });
      return EXIT.ok;
    }
    const { color } = term;
    if (goals.length === 0) {
      term.out(`No open goals in ${dir}. \`goalpost list\` shows every directory.\n`);
      return EXIT.ok;
    }
    term.out(`${color.bold(`${goals.length} open goal${goals.length === 1 ? "" : "s"}`)} in ${dir}\n\n`);
    term.out(`${goals.map((goal) => rowText(goal, color, (id) => hostName(hosts, id))).join("\n\n")}\n`);
    term.out(color.dim(`\n\`goalpost show <id>\` for one in full, \`goalpost report <id>\` for its timeline.\n`));
    return EXIT.ok;
  },
};
