// `goalpost demo`: the scripted session, for each host whose adapter is here, each through a fake
// home with the adapter's own installer and its installed hook commands; then the report of each
// demo's goal, written next to the transcript.
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";

export const demo: Command = {
  name: "demo",
  summary: "a scripted session in each host, through a fake home (no network, no model), and its report",
  usage: "[host…] [--all] [--keep] [--out <dir>]",
  description: `Installs goalpost into a temporary fake home of each host with the adapter's own installer and
plays a scripted session through the installed hook commands, with payloads the real host sent: the
goal captured and injected, drift warned then denied, compaction and restore, a stop blocked, a close
refused, the work and its receipt, a close with evidence. Then writes each goal's report (--out, or the
a new folder in the system's temporary directory). The first host's session is told in full and the
others in a line each; --all (or naming hosts) tells each in full. --keep keeps the fake homes.`,
  examples: ["goalpost demo", "goalpost demo --all", "goalpost demo codex", "goalpost demo --out ./demo-reports"],
  options: { keep: { type: "boolean", default: false }, all: { type: "boolean", default: false }, out: { type: "string" } },
  async run({ values, positionals, term, json }) {
    const { runDemos } = await import("../demo/run-demos.js");
    const runs = await runDemos({
      hosts: positionals,
      keep: values["keep"] === true,
      all: values["all"] === true,
      out: values["out"] as string | undefined,
      quiet: json,
      term,
    });
    if (runs === null) return EXIT.usage;
    if (json) term.json({ hosts: runs });
    return runs.every((run) => run.failures.length === 0) ? EXIT.ok : EXIT.problem;
  },
};
