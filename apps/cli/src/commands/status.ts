// `goalpost status`: the open goals of this directory, whichever host and session left them, and the
// ones that closed lately (how each was proven or why it ended), so an ending is seen, not a blank.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { recentHookFaults } from "@goalpost/adapter-kit/faults";
import { collectNotifierFailure, KILL_SWITCH_FILE } from "@goalpost/core/internal";
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { closedRowText, goalRows, rowText } from "../goal-views.js";
import { hooksGone } from "../hooks-gone.js";
import { hostName, loadHosts, stateRoots } from "../hosts.js";

export const status: Command = {
  name: "status",
  summary: "open goals of this directory, across hosts and sessions",
  usage: "[--dir <dir>] [--root <state-dir>] [--json]",
  description: `Says first when goalpost is switched off, or its hooks are gone from a host's settings since your
last prompt (nothing then holds the agent). Shows the open goals left in this directory (or --dir) by any host's sessions: host, session,
objective, status, remaining work, blockers, drift since the last update, when it last changed,
whether its completion gate is satisfied, and where it came from when it was continued from another
session or host; the goals closed here in the last 12 hours, with how each was proven (goalpost's own
run of the checks) or why it ended; then what hooks met in the last day (a damaged or full state root, two copies of
goalpost answering one host, what was done to goalpost that it saw and could not prevent), which
\`goalpost doctor\` explains. \`goalpost list\` shows every directory.`,
  examples: ["goalpost status", "goalpost status --dir ~/src/importer", "goalpost status --json | jq '.goals[].objective'"],
  options: { dir: { type: "string" }, root: { type: "string" } },
  async run({ values, json, term, env }) {
    const hosts = await loadHosts();
    const dir = typeof values["dir"] === "string" ? values["dir"] : process.cwd();
    const roots = stateRoots(hosts, env, values["root"] as string | undefined);
    // Switched off (`goalpost disable`): its goals are kept but nothing holds the agent — said first.
    const off = values["root"]
      ? []
      : hosts
          .filter((host) => existsSync(join(host.stateRoot(env), KILL_SWITCH_FILE)))
          .map((host) => ({ host: host.id, displayName: host.displayName, file: join(host.stateRoot(env), KILL_SWITCH_FILE) }));
    const goals = goalRows(roots, { dir });
    // goalpost's hooks taken out of a host's settings since the last prompt, with a goal open here.
    const gone = goals.length === 0 ? [] : roots.flatMap((root) => hooksGone(root, hosts));
    const closed = goalRows(roots, { dir, recent: true });
    // Faults hooks met (the host shows their stderr to nobody): a goal may be enforced from a kept copy.
    const problems = roots.flatMap((root) => {
      collectNotifierFailure(root);
      const { faults, breaches, twoCopies, problems: failed } = recentHookFaults(root);
      return [
        ...failed.map((problem) => ({ root, at: problem.at, event: "notifications", message: problem.message })),
        ...faults.map((fault) => ({ root, at: fault.at, event: fault.event, message: fault.message })),
        ...breaches.map((breach) => ({ root, at: breach.at, event: "breach", message: breach.message })),
        ...(twoCopies
          ? [{ root, at: "", event: "", message: `two copies of goalpost answer one state root: ${twoCopies.join(" and ")}` }]
          : []),
      ];
    });
    // What prompts decided that loosened a goal: a script can run the prompt hook in the user's name.
    const decisions = roots.flatMap((root) => recentHookFaults(root).decisions.map(({ at, message }) => ({ root, at, message })));
    if (json) {
      term.json({ dir, off, gone, goals, closed, problems, decisions });
      return EXIT.ok;
    }
    const { color } = term;
    const name = (id: string) => hostName(hosts, id);
    if (off.length > 0)
      term.out(
        `${color.yellow(`goalpost is switched off for ${off.map((host) => host.displayName).join(", ")}`)}: goals are kept, nothing holds the agent to them. \`goalpost enable\` switches it back on.\n\n`,
      );
    for (const { file, since, switchedOff } of gone)
      term.out(
        switchedOff
          ? `${color.yellow(`goalpost's hooks are switched off in ${file}`)} (${switchedOff}) since ${since.slice(11, 16)} UTC, after your last prompt: nothing holds the agent to the goals below. If you did not switch them off, take that out of the file; \`goalpost doctor\` says more.\n\n`
          : `${color.yellow(`goalpost's hooks are gone from ${file}`)} since ${since.slice(11, 16)} UTC, after your last prompt: nothing holds the agent to the goals below. If you did not take them out, run \`goalpost install\`; \`goalpost doctor\` says more.\n\n`,
      );
    if (goals.length === 0)
      term.out(`No open goals in ${dir}.${closed.length > 0 ? "" : " `goalpost list` shows every directory."}\n`);
    else {
      term.out(`${color.bold(`${goals.length} open goal${goals.length === 1 ? "" : "s"}`)} in ${dir}\n\n`);
      term.out(`${goals.map((goal) => rowText(goal, color, name)).join("\n\n")}\n`);
    }
    if (closed.length > 0) {
      term.out(`\n${color.bold("Closed in the last 12 hours")}\n\n`);
      term.out(`${closed.map((goal) => closedRowText(goal, color, name)).join("\n\n")}\n`);
    }
    if (goals.length + closed.length > 0)
      term.out(color.dim(`\n\`goalpost show <id>\` for one in full, \`goalpost report <id>\` for its timeline.\n`));
    if (problems.length > 0) {
      term.out(
        `\n${color.bold(`${problems.length} problem${problems.length === 1 ? "" : "s"} hooks met in the last day`)} (\`goalpost doctor\` explains):\n`,
      );
      for (const problem of problems.slice(-5))
        term.out(`  ${problem.at ? `${problem.at} ${problem.event}: ` : ""}${problem.message}\n`);
    }
    if (decisions.length > 0) {
      term.out(
        `\n${color.bold("Taken as your word in the last day")} (a prompt that loosened a goal; one that was not you, something the agent ran sent):\n`,
      );
      for (const taken of decisions.slice(-5)) term.out(`  ${taken.at} ${taken.message}\n`);
    }
    return EXIT.ok;
  },
};
