// `goalpost doctor`: one verdict per host — not here, here but not installed, working, or what is
// wrong and what to do — from each adapter's own `doctor --json`; --verbose shows every check.
import type { AdapterDescriptor } from "@goalpost/adapter-kit";
import { adapterJson, runAdapterBin } from "../adapter-bin.js";
import { type Command, refuse } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { loadHosts, selectHosts, unknownHostMessage } from "../hosts.js";
import { startProgress } from "../progress.js";
import type { Colors } from "../terminal.js";

interface Check {
  readonly ok: boolean;
  readonly label: string;
  readonly detail: string;
}

type Verdict = "absent" | "not-installed" | "working" | "problem";

interface HostDoctor {
  readonly host: string;
  readonly displayName: string;
  readonly present: boolean;
  readonly where: string | null;
  readonly verdict: Verdict;
  readonly summary: string;
  readonly checks: readonly Check[];
}

/** Installed means the hooks are wired in some scope; then every failing check is a problem. */
function verdictOf(host: AdapterDescriptor, present: boolean, checks: readonly Check[]): { verdict: Verdict; summary: string } {
  const hooks = checks.find((check) => check.label === "hooks");
  const failing = checks.filter((check) => !check.ok);
  const disabled = checks.find((check) => check.label === "enforcement" && check.detail.startsWith("DISABLED"));
  const installed = hooks !== undefined && (hooks.ok || !hooks.detail.startsWith("not installed"));
  if (!installed)
    return present
      ? {
          verdict: "not-installed",
          // The adapter's own words when install could not write there: not the step that would fail.
          summary: hooks?.detail.includes("install cannot write")
            ? `found, goalpost ${hooks.detail}`
            : `found, goalpost not installed: run \`goalpost install ${host.id}\``,
        }
      : { verdict: "absent", summary: "not on this machine" };
  if (failing.length > 0)
    return { verdict: "problem", summary: failing.map((check) => `${check.label}: ${check.detail}`).join("\n    ") };
  return {
    verdict: "working",
    summary: disabled ? `installed, switched off (\`goalpost enable ${host.id}\` turns it back on)` : `working — ${hooks.detail}`,
  };
}

const MARK: Record<Verdict, (color: Colors) => string> = {
  absent: (color) => color.dim("–"),
  "not-installed": (color) => color.yellow("○"),
  working: (color) => color.green("✓"),
  problem: (color) => color.red("✗"),
};

export const doctor: Command = {
  name: "doctor",
  summary: "per host: installed, wired, trusted, MCP, fast path, state, last hook error",
  usage: "[host…] [--project <dir>] [--verbose] [--json]",
  description: `Checks each host (or the ones named) with its adapter's own doctor: hooks wired (and, for
Codex, trusted), goal tools registered and answering, the hook command, the fast path and the hook server, the
state directory writable and private, the Node version, the last hook error. One verdict line per
host and what to do; --verbose lists every check. Exits 1 when an installed host has a problem.`,
  examples: ["goalpost doctor", "goalpost doctor codex --verbose", "goalpost doctor --json"],
  options: { project: { type: "string" }, verbose: { type: "boolean", short: "v", default: false } },
  takesHosts: true,
  async run({ values, positionals, json, term, env }) {
    const all = await loadHosts();
    const selected = selectHosts(all, positionals);
    if ("unknown" in selected) {
      return refuse(json, unknownHostMessage(selected.unknown, all));
    }
    const project = typeof values["project"] === "string" ? ["--project", values["project"]] : [];
    // Each doctor starts an MCP server and runs a hook: in parallel, they take as long as the slowest.
    // Each host's doctor runs its probes (a sandbox, the hook server): seconds, so the wait is shown.
    const waiting = new Set(selected.hosts.map((host) => host.displayName));
    const progress = startProgress(`checking ${[...waiting].join(", ")}…`, { json, env });
    const reports: HostDoctor[] = await Promise.all(
      selected.hosts.map(async (host) => {
        const { present, where } = host.detect(env);
        const run = await runAdapterBin(host, ["doctor", "--json", ...project], env);
        waiting.delete(host.displayName);
        progress.say(`checking ${[...waiting].join(", ")}…`);
        const checks = adapterJson<{ checks: Check[] }>(run)?.checks ?? [
          { ok: false, label: "doctor", detail: `${host.bin} doctor did not answer: ${run.stderr.trim().split("\n")[0] ?? ""}` },
        ];
        return { host: host.id, displayName: host.displayName, present, where, ...verdictOf(host, present, checks), checks };
      }),
    );
    progress.done();
    const failed = reports.some((report) => report.verdict === "problem");
    if (json) {
      term.json({ ok: !failed, hosts: reports });
      return failed ? EXIT.problem : EXIT.ok;
    }
    const { color } = term;
    for (const report of reports) {
      term.out(`${MARK[report.verdict](color)} ${color.bold(report.displayName)}: ${report.summary}\n`);
      if (values["verbose"] && report.verdict !== "absent")
        for (const check of report.checks)
          term.out(`    ${check.ok ? color.green("✓") : color.red("✗")} ${check.label}: ${color.dim(check.detail)}\n`);
    }
    // Not installed anywhere: install is the next step, where it could write.
    const installable = reports.some((report) => report.verdict === "not-installed" && !report.summary.includes("cannot write"));
    if (installable && reports.every((report) => report.verdict === "absent" || report.verdict === "not-installed"))
      term.out("\ngoalpost is not installed in any host: `goalpost install`.\n");
    return failed ? EXIT.problem : EXIT.ok;
  },
};
