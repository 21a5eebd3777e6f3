// `goalpost list`: every session's goals, grouped by directory; open ones, or all with --all.
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { type GoalRow, goalRows, rowText } from "../goal-views.js";
import { hostName, loadHosts, stateRoots } from "../hosts.js";

export const list: Command = {
  name: "list",
  summary: "goals of every directory and session (--all: closed and archived too)",
  usage: "[--all] [--root <state-dir>] [--json]",
  description: `Lists the open goals of every session of every host, grouped by directory. With --all, closed
goals and archived sessions too.`,
  examples: ["goalpost list", "goalpost list --all", "goalpost list --json"],
  options: { all: { type: "boolean", default: false }, root: { type: "string" } },
  async run({ values, json, term, env }) {
    const hosts = await loadHosts();
    const goals = goalRows(stateRoots(hosts, env, values["root"] as string | undefined), { closed: values["all"] === true });
    if (json) {
      term.json({ goals });
      return EXIT.ok;
    }
    const { color } = term;
    if (goals.length === 0) {
      term.out(values["all"] ? "No goals recorded.\n" : "No open goals. `goalpost list --all` shows closed ones too.\n");
      return EXIT.ok;
    }
    const byDir = new Map<string, GoalRow[]>();
    for (const goal of goals) byDir.set(goal.cwd, [...(byDir.get(goal.cwd) ?? []), goal]);
    const sections = [...byDir].map(
      ([dir, rows]) =>
        `${color.bold(color.cyan(dir))}\n${rows.map((goal) => rowText(goal, color, (id) => hostName(hosts, id))).join("\n\n")}`,
    );
    term.out(`${sections.join("\n\n")}\n`);
    return EXIT.ok;
  },
};
