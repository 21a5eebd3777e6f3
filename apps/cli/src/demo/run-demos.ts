// `goalpost demo`: the scripted session in each host that has a demo script, one after another,
// each in its own temporary fake home; then each demo goal's report, written next to the transcript.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findGoal } from "../goal-views.js";
import { loadHosts, selectHosts, unknownHostMessage } from "../hosts.js";
import { startProgress } from "../progress.js";
import { renderReport } from "../report/render-report.js";
import type { Terminal } from "../terminal.js";
import { cliVersion } from "../version.js";
import { claudeCodeDemoHost } from "./claude-code-demo-host.js";
import { codexDemoHost } from "./codex-demo-host.js";
import { copilotCliDemoHost } from "./copilot-cli-demo-host.js";
import type { DemoHost } from "./demo-host.js";
import { playSession } from "./scripted-session.js";
import { vscodeChatDemoHost } from "./vscode-chat-demo-host.js";

const DEMO_HOSTS: readonly DemoHost[] = [claudeCodeDemoHost, codexDemoHost, copilotCliDemoHost, vscodeChatDemoHost];

interface DemoRun {
  readonly host: string;
  readonly report: string;
  readonly failures: readonly string[];
}

export async function runDemos(options: {
  readonly hosts: readonly string[];
  readonly keep: boolean;
  readonly out?: string | undefined;
  /** Every host's story in full; otherwise the first in full and the others a line each. */
  readonly all?: boolean;
  /** Nothing told as it goes: the caller prints the runs (--json). */
  readonly quiet?: boolean;
  readonly term: Terminal;
}): Promise<DemoRun[] | null> {
  const { term } = options;
  const loud = options.quiet ? () => {} : (line: string) => term.out(`${line}\n`);
  let say = loud;
  const all = await loadHosts();
  const selected = selectHosts(all, options.hosts);
  if ("unknown" in selected) {
    term.err(unknownHostMessage(selected.unknown, all));
    return null;
  }
  // A fresh folder of its own unless told: a fixed name in a shared temp folder could be someone's link.
  const outDir = options.out ? resolve(options.out) : mkdtempSync(join(tmpdir(), "goalpost-demo-reports-"));
  mkdirSync(outDir, { recursive: true });
  const runs: DemoRun[] = [];
  // The same story in every host: told once in full, then a line per host (--all, or hosts named: each in full).
  const full = options.all === true || options.hosts.length > 0;
  for (const [index, descriptor] of selected.hosts.entries()) {
    const host = DEMO_HOSTS.find((candidate) => candidate.id === descriptor.id);
    if (!host) {
      loud(term.color.dim(`(no demo script for ${descriptor.displayName} yet)`));
      continue;
    }
    say = full || index === 0 ? loud : () => {};
    if (!full && index === 1)
      loud(term.color.bold("\nThe same session in the other hosts (`goalpost demo --all` tells each in full):"));
    const root = mkdtempSync(join(tmpdir(), `goalpost-demo-${host.id}-`));
    say(
      term.color.bold(
        `\n━━ goalpost demo — a scripted ${descriptor.displayName} session through a fake home (no network, no model)`,
      ),
    );
    say(term.color.dim(`fake home: ${join(root, "home")}\nproject:   ${join(root, "project")}\n`));
    // A host told in a line is quiet for seconds while its session plays: what it is doing, meanwhile.
    const progress =
      say === loud || options.quiet
        ? null
        : startProgress(`the same session in ${descriptor.displayName}…`, { json: false, env: process.env });
    try {
      const outcome = await playSession({ descriptor, host, root, say, color: term.color });
      progress?.done();
      const found = findGoal([outcome.stateRoot], outcome.sessionId);
      const report = join(outDir, `${host.id}.html`);
      if (found)
        writeFileSync(
          report,
          renderReport({
            goal: found.goal,
            session: found.located.session,
            hostName: descriptor.displayName,
            generatedAt: new Date(),
            version: cliVersion(),
          }),
        );
      say(term.color.bold("\nState"));
      say(`   goal file: ${join(outcome.stateRoot, "by-session", `${outcome.sessionId}.json`)}`);
      say(`   report:    ${found ? report : "(no goal recorded)"}`);
      if (!options.keep) say(term.color.dim("   (the fake home is removed; `goalpost demo --keep` keeps it)"));
      const run = { host: host.id, report, failures: found ? outcome.failures : [...outcome.failures, "a goal recorded"] };
      runs.push(run);
      if (say !== loud)
        loud(
          run.failures.length === 0
            ? `   ${descriptor.displayName}: every step as scripted — report: ${report}`
            : term.color.red(`   ${descriptor.displayName}: not as scripted (${run.failures.join("; ")})`),
        );
    } finally {
      progress?.done();
      if (!options.keep) rmSync(root, { recursive: true, force: true });
    }
  }
  const failed = runs.filter((run) => run.failures.length > 0);
  loud(
    failed.length === 0
      ? term.color.green(`\nThe demo went as scripted in ${runs.map((run) => run.host).join(", ")}. Reports: ${outDir}`)
      : term.color.red(
          `\nThe demo did not go as scripted in ${failed.map((run) => `${run.host} (${run.failures.join("; ")})`).join(", ")}`,
        ),
  );
  return runs;
}
