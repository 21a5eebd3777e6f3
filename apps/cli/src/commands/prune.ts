// `goalpost prune`: archive sessions whose goals all closed long ago (show and report still find them),
// and clear what goalpost keeps for them beside: the tests of their runs, the hooks' once-per-hook claims,
// and the fingerprints of secrets of sessions quiet as long.
import { pruneHookClaims } from "@goalpost/adapter-kit/faults";
import { createGoalStore, loadEngineConfig } from "@goalpost/core";
import { archiveClosedSessions, removeRunReports, removeSecretPrints } from "@goalpost/core/internal";
import { type Command, fail } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { loadHosts, stateRoots } from "../hosts.js";

export const prune: Command = {
  name: "prune",
  summary: "archive sessions whose goals closed over n days ago",
  usage: "[--days <n>] [--root <state-dir>] [--json]",
  description: `Moves sessions whose goals all closed more than n days ago (default: the state root's
retentionDays, 30) into the archive. \`show\` and \`report\` still find them. The tests of their
goals' runs, the hooks' once-per-hook claims past their ten minutes, and the fingerprints of secrets
goalpost redacted in sessions quiet for n days are removed.`,
  examples: ["goalpost prune", "goalpost prune --days 7"],
  options: { days: { type: "string" }, root: { type: "string" } },
  async run({ values, json, term, env }) {
    const days = values["days"] === undefined ? undefined : Number(values["days"]);
    if (days !== undefined && (!Number.isInteger(days) || days < 1)) {
      return fail(term, json, "goalpost prune: --days takes a whole number of days, at least 1", EXIT.usage);
    }
    const results = stateRoots(await loadHosts(), env, values["root"] as string | undefined).map((root) => {
      const store = createGoalStore({ root, warn: (message) => term.err(`${message}\n`) });
      const retention = days ?? loadEngineConfig(root).retentionDays;
      const { archived, kept } = archiveClosedSessions(store, retention);
      const live = new Set(store.sessions().flatMap((session) => session.goals.map((goal) => goal.id)));
      const runReports = removeRunReports(store, live);
      const hookClaims = pruneHookClaims(root);
      const secretPrints = removeSecretPrints(root, retention);
      return { root, archived, kept, runReports, hookClaims, secretPrints };
    });
    if (json) term.json({ roots: results });
    else
      for (const { root, archived, kept, runReports, hookClaims, secretPrints } of results)
        term.out(
          `${root}: archived ${archived.length} session(s), kept ${kept}; cleared ${runReports} run record(s), ${hookClaims} hook claim(s) and ${secretPrints} session(s)' secret fingerprints\n`,
        );
    return EXIT.ok;
  },
};
