#!/usr/bin/env node
// goalpost: the human's command line. demo | status | show | install | uninstall | doctor.
import { parseArgs } from "node:util";
import { execa } from "execa";
import { loadHosts } from "./hosts.js";

const USAGE = `goalpost — keeps AI coding agents on the goal you set

usage:
  goalpost demo [--keep]                      a scripted Claude Code session through a fake home
  goalpost status [--root <dir>] [--json]     open goals of every host, their gate and drift
  goalpost show <goal-or-session-id> [--root <dir>]   (archived goals too)
  goalpost prune [--days <n>] [--root <dir>]  archive sessions whose goals closed over n days ago (default: config, 30)
  goalpost install <host> [adapter flags]     (also: uninstall, doctor)

Each host keeps goalpost's state in its own home (GOALPOST_HOME overrides them all).
`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "demo": {
      const { values } = parseArgs({ args: [...rest], options: { keep: { type: "boolean", default: false } } });
      const { runDemo } = await import("./demo.js");
      await runDemo({ keep: values.keep });
      return 0;
    }
    case "status":
    case "show": {
      const { values, positionals } = parseArgs({
        args: [...rest],
        options: { root: { type: "string" }, json: { type: "boolean", default: false } },
        allowPositionals: true,
      });
      // Every host's state root, once each (GOALPOST_HOME makes them one).
      const roots = values.root ? [values.root] : [...new Set((await loadHosts()).map((host) => host.stateRoot()))];
      const { showText, statusData, statusText } = await import("./status.js");
      if (command === "status" && values.json) {
        process.stdout.write(`${JSON.stringify({ goals: roots.flatMap(statusData) }, null, 2)}\n`);
        return 0;
      }
      if (command === "status") {
        process.stdout.write(`${roots.map(statusText).join("\n\n")}\n`);
        return 0;
      }
      const text = positionals[0] ? roots.map((root) => showText(root, positionals[0]!)).find(Boolean) : null;
      if (!text) {
        process.stderr.write(
          positionals[0]
            ? `goalpost: no goal or session "${positionals[0]}" under ${roots.join(", ")}\n`
            : "usage: goalpost show <goal-or-session-id>\n",
        );
        return 1;
      }
      process.stdout.write(`${text}\n`);
      return 0;
    }
    case "prune": {
      const { values } = parseArgs({ args: [...rest], options: { root: { type: "string" }, days: { type: "string" } } });
      const days = values.days === undefined ? undefined : Number(values.days);
      if (days !== undefined && (!Number.isInteger(days) || days < 1)) {
        process.stderr.write("goalpost prune: --days takes a whole number of days, at least 1\n");
        return 2;
      }
      const roots = values.root ? [values.root] : [...new Set((await loadHosts()).map((host) => host.stateRoot()))];
      const { archiveClosedSessions, createGoalStore, loadEngineConfig } = await import("@goalpost/core");
      for (const root of roots) {
        const store = createGoalStore({ root, warn: (message) => process.stderr.write(`${message}\n`) });
        const { archived, kept } = archiveClosedSessions(store, days ?? loadEngineConfig(root).retentionDays);
        process.stdout.write(`${root}: archived ${archived.length} session(s), kept ${kept}\n`);
      }
      return 0;
    }
    case "install":
    case "uninstall":
    case "doctor": {
      const hosts = await loadHosts();
      const named = rest[0] && !rest[0].startsWith("-") ? rest[0] : undefined;
      // With one adapter there is nothing to choose; with several the user names the host.
      const host = named ? hosts.find((candidate) => candidate.id === named) : hosts.length === 1 ? hosts[0] : undefined;
      if (!host) {
        process.stderr.write(
          `goalpost: ${named ? `no adapter for host "${named}"` : "name the host"} (available: ${hosts.map((candidate) => candidate.id).join(", ")})\n`,
        );
        return 2;
      }
      const flags = named ? rest.slice(1) : rest;
      const result = await execa(process.execPath, [host.binPath, command, ...flags], { stdio: "inherit", reject: false });
      return result.exitCode ?? 1;
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`goalpost: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`goalpost: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
