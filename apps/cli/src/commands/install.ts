// `goalpost install|uninstall [host…]`: each host's own installer, for the hosts named or, with none
// named, the hosts found on this machine — after asking (or --yes). Flags go through to the adapter.
import type { AdapterDescriptor } from "@goalpost/adapter-kit";
import { ADMIN_OPTIONS } from "@goalpost/adapter-kit/command-line";
import { adapterJson, runAdapterBin } from "../adapter-bin.js";
import { type Command, type CommandInput, fail, refuse } from "../command.js";
import { canAsk, chooseSome, confirmEach } from "../confirm.js";
import { EXIT } from "../exit-codes.js";
import { loadHosts, selectHosts, unknownHostMessage } from "../hosts.js";
import { startProgress } from "../progress.js";

type Verb = "install" | "uninstall";

function passThrough(verb: Verb, values: CommandInput["values"]): string[] {
  // The adapter's own flags (the kit's table), as they were given.
  return Object.entries(ADMIN_OPTIONS[verb]).flatMap(([name, option]) => {
    const value = values[name];
    if (option.type === "string") return typeof value === "string" ? [`--${name}`, value] : [];
    return value === true ? [`--${name}`] : [];
  });
}

/**
 * Whether an uninstall has anything to take out of a host: its own dry run, read back. A host with
 * nothing of goalpost's is not offered (the question names only what doctor would find); with --purge
 * every host is, since its goal records may be all there is.
 */
async function hasGoalpost(host: AdapterDescriptor, values: CommandInput["values"], env: CommandInput["env"]): Promise<boolean> {
  if (values["purge"] === true) return true;
  const run = await runAdapterBin(host, ["uninstall", ...passThrough("uninstall", values), "--dry-run", "--json"], env);
  const report = adapterJson<{ changes?: unknown[] }>(run);
  // A dry run that could not say is no reason to hide the host.
  return report?.changes === undefined || report.changes.length > 0;
}

async function chooseHosts(verb: Verb, input: CommandInput, all: AdapterDescriptor[]): Promise<AdapterDescriptor[] | number> {
  const { positionals, values, term, env, json } = input;
  const selected = selectHosts(all, positionals);
  if ("unknown" in selected) {
    return refuse(json, unknownHostMessage(selected.unknown, all));
  }
  // Hosts named on the command line are the user's choice already.
  if (positionals.length > 0) return selected.hosts;
  // Every host's dry run at once: an uninstall waits for the slowest, not for their sum.
  const candidates = all.map((host) => ({ host, where: host.detect(env) }));
  const kept = await Promise.all(
    candidates.map(({ host, where }) => (verb === "install" ? where.present : hasGoalpost(host, values, env))),
  );
  const found = candidates.filter((_, index) => kept[index]);
  if (found.length === 0 && verb === "uninstall") {
    if (json) term.json({ command: verb, hosts: [] });
    else term.out("goalpost is not wired into any host here: nothing to uninstall.\n");
    return EXIT.ok;
  }
  if (found.length === 0) {
    return fail(
      term,
      json,
      `goalpost: none of ${all.map((host) => host.displayName).join(", ")} was found on this machine (their homes or programs); name a host to ${verb} anyway: goalpost ${verb} <${all.map((host) => host.id).join("|")}>`,
      EXIT.problem,
    );
  }
  if (values["yes"] || values["dry-run"]) return found.map(({ host }) => host);
  if (!canAsk()) {
    return fail(
      term,
      json,
      `goalpost ${verb}: found ${found.map(({ host, where }) => `${host.displayName}${where.where ? ` (${where.where})` : ""}`).join(", ")}.\nNot a terminal, so not asking: pass --yes to ${verb} ${verb === "install" ? "into" : "from"} all of them, or name the hosts.`,
      EXIT.usage,
    );
  }
  const question = verb === "install" ? "Install goalpost into" : "Remove goalpost from";
  if (found.length > 1)
    return chooseSome(
      `${question} (space to untick, enter to go on):`,
      found.map(({ host, where }) => ({ value: host, label: host.displayName, ...(where.where ? { hint: where.where } : {}) })),
    );
  const answers = await confirmEach(
    found.map(({ host, where }) => `${question} ${host.displayName}${where.where ? ` (${where.where})` : ""}?`),
  );
  return found.filter((_, index) => answers[index]).map(({ host }) => host);
}

function adminCommand(verb: Verb): Command {
  return {
    name: verb,
    summary:
      verb === "install"
        ? "wire goalpost into the hosts on this machine (asks first) or the ones named"
        : "take goalpost out of the hosts named, or of every host (asks first)",
    usage:
      verb === "install"
        ? "[host…] [--yes] [--scope <scope>] [--project <dir>] [--dry-run] [--no-status-line] [--strict|--no-strict] [--json]"
        : "[host…] [--yes] [--scope <scope>] [--project <dir>] [--dry-run] [--purge] [--json]",
    description:
      verb === "install"
        ? `With no host named, finds the hosts on this machine (their home directory or their program on
PATH) and asks before installing into each; --yes installs into all of them without asking (needed
when not on a terminal). Each host's own installer does the work: the same as \`goalpost-<host> install\`.
--dry-run shows every change as a diff and writes nothing. Where the host has a status line (Claude
Code, Copilot CLI), the open goal is added to it, after your own; --no-status-line leaves it out.
--strict turns on the host's own sandbox around the agent's commands, with goalpost's files outside
it (Claude Code: its Bash sandbox; needs bubblewrap and socat on Linux), so the agent cannot reach
goalpost at all; --no-strict puts your own settings back. By default goalpost tells you when the agent
works around it.`
        : `Takes out exactly what install added, with the user's own settings left as they were (your own
status line back as it was). With no host named, every host goalpost is wired into (asks first; --yes for
scripts). Your goal records are kept, and named; --purge removes them too. Your own settings (config.json in the state root) are always kept.`,
    examples:
      verb === "install"
        ? [
            "goalpost install",
            "goalpost install --yes",
            "goalpost install codex --dry-run",
            "goalpost install claude-code --scope project",
            "goalpost install claude-code --strict",
          ]
        : ["goalpost uninstall claude-code", "goalpost uninstall --yes", "goalpost uninstall codex --dry-run"],
    // The adapter's own flags, from the kit's table (passed through as they are), and --yes.
    options: { yes: { type: "boolean", short: "y", default: false }, ...ADMIN_OPTIONS[verb] },
    takesHosts: true,
    async run(input) {
      const { values, json, term, env } = input;
      const all = await loadHosts();
      const hosts = await chooseHosts(verb, input, all);
      if (typeof hosts === "number") return hosts;
      if (hosts.length === 0) {
        term.out(`Nothing to ${verb}.\n`);
        return EXIT.ok;
      }
      const args = [verb, ...passThrough(verb, values)];
      const results = [];
      let worst: number = EXIT.ok;
      for (const host of hosts) {
        if (!json) term.out(`${term.color.bold(`── ${host.displayName}`)}\n`);
        // The adapter's report is printed when it is done; until then, what it is doing.
        const progress = startProgress(`${verb === "install" ? "installing into" : "removing from"} ${host.displayName}…`, {
          json,
          env,
        });
        const run = await runAdapterBin(host, json ? [...args, "--json"] : args, env);
        progress.done();
        if (!json) {
          term.out(run.stdout);
          term.err(run.stderr);
        }
        if (run.exitCode !== 0) worst = Math.max(worst, run.exitCode === EXIT.usage ? EXIT.usage : EXIT.problem);
        if (json)
          results.push({ host: host.id, exitCode: run.exitCode, result: adapterJson(run), error: run.stderr.trim() || null });
        else if (run.exitCode !== 0) term.out(term.color.red(`${host.displayName}: ${verb} failed (exit ${run.exitCode})\n`));
        if (!json) term.out("\n");
      }
      if (json) term.json({ command: verb, hosts: results });
      else if (verb === "install" && worst === EXIT.ok && !values["dry-run"])
        term.out("Next: use your agent, then `goalpost status` and `goalpost report`.\n");
      return worst;
    },
  };
}

export const install = adminCommand("install");
export const uninstall = adminCommand("uninstall");
