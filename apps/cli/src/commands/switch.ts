// `goalpost disable|enable [host…]`: the user's kill switch. A file named `disabled` in a host's state
// root makes every hook of that host a no-op (core's killSwitchEngaged); enable removes it. The agent
// cannot do this itself: the state root is a protected path, and these commands are denied to its shell.
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { KILL_SWITCH_FILE, writeFileAtomic } from "@goalpost/core/internal";
import { type Command, refuse } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { loadHosts, selectHosts, unknownHostMessage } from "../hosts.js";

function switchCommand(verb: "disable" | "enable"): Command {
  return {
    name: verb,
    summary: verb === "disable" ? "switch goalpost off, for every host or the ones named" : "switch goalpost back on",
    usage: "[host…] [--json]",
    description:
      verb === "disable"
        ? `Switches goalpost off without uninstalling it: every hook of the host answers "no decision" until
\`goalpost enable\`. Goals stay as they were. With no host named, every host. (GOALPOST_DISABLED=1 in
a host's environment does the same for one run.)`
        : "Switches goalpost back on for every host, or the ones named.",
    examples: verb === "disable" ? ["goalpost disable", "goalpost disable codex"] : ["goalpost enable", "goalpost enable codex"],
    takesHosts: true,
    async run({ positionals, json, term, env }) {
      const all = await loadHosts();
      const selected = selectHosts(all, positionals);
      if ("unknown" in selected) {
        return refuse(json, unknownHostMessage(selected.unknown, all));
      }
      const results = selected.hosts.map((host) => {
        const file = join(host.stateRoot(env), KILL_SWITCH_FILE);
        const wasOff = existsSync(file);
        if (verb === "disable" && !wasOff)
          writeFileAtomic(file, `switched off by \`goalpost disable\` at ${new Date().toISOString()}\n`);
        if (verb === "enable") rmSync(file, { force: true });
        return {
          host: host.id,
          displayName: host.displayName,
          file,
          enabled: verb === "enable",
          changed: wasOff === (verb === "enable"),
        };
      });
      const overridden = verb === "enable" && !["", "0", "false"].includes((env["GOALPOST_DISABLED"] ?? "").trim().toLowerCase());
      if (json) {
        term.json({ command: verb, hosts: results, ...(overridden ? { stillDisabledBy: "GOALPOST_DISABLED" } : {}) });
        return EXIT.ok;
      }
      for (const result of results)
        term.out(
          `${result.enabled ? term.color.green("on ") : term.color.yellow("off")} ${result.displayName}${result.changed ? "" : term.color.dim(" (already)")}  ${term.color.dim(result.file)}\n`,
        );
      if (overridden) term.out(term.color.yellow("GOALPOST_DISABLED is set in this environment: hooks run with it stay off.\n"));
      return EXIT.ok;
    },
  };
}

export const disable = switchCommand("disable");
export const enable = switchCommand("enable");
