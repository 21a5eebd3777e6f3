// `goalpost report [<goal-or-session>]`: one goal's timeline and evidence as a self-contained HTML page.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { findOnPath } from "@goalpost/adapter-kit/descriptor";
import type { Env } from "@goalpost/core";
import { type Command, fail } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { findGoal, latestGoalIn } from "../goal-views.js";
import { hostName, loadHosts, stateRoots } from "../hosts.js";
import { renderReport } from "../report/render-report.js";
import { cliVersion } from "../version.js";

/**
 * The system's own opener, detached so the CLI exits while the browser runs; null when it opened, else
 * why it could not: no opener on PATH, or (Linux) no display or BROWSER for it to open one on.
 */
function openInBrowser(path: string, env: Env): string | null {
  const [program, ...args] =
    process.platform === "darwin"
      ? ["open", path]
      : process.platform === "win32"
        ? ["cmd", "/c", "start", "", path]
        : ["xdg-open", path];
  if (process.platform !== "win32" && !findOnPath(program!, env)) return `${program} is not on PATH`;
  if (process.platform === "linux" && !env["DISPLAY"] && !env["WAYLAND_DISPLAY"] && !env["BROWSER"])
    return "no display here (DISPLAY, WAYLAND_DISPLAY and BROWSER are unset)";
  const child = spawn(program!, args, { detached: true, stdio: "ignore" });
  child.on("error", () => process.stderr.write(`goalpost: could not open a browser (${program}); the report is at ${path}\n`));
  child.unref();
  return null;
}

export const report: Command = {
  name: "report",
  summary: "a goal's timeline and evidence as one self-contained HTML page",
  usage: "[<goal-or-session-id>] [--out <file.html>|-] [--open] [--root <state-dir>] [--json]",
  description: `Writes one HTML page (no network, no external assets) for a goal: captured, opened, each update,
the tool calls between updates with drift warnings and denials marked, receipts passing and failing
with their commands, compactions and restores, stops blocked, closes refused and accepted; beside it
the requirements with their coverage evidence, the completion gate and the goal hierarchy.
With no id: the latest goal of this directory (open ones first). Default file: reports/<goal-id>.html
in the host's goalpost state directory (private, like the goals); --out - writes the page to stdout.`,
  examples: [
    "goalpost report --open",
    "goalpost report goal_m3x9k2_a1b2c3 --out importer.html",
    "goalpost report <session-id> --out - > r.html",
  ],
  options: { out: { type: "string" }, open: { type: "boolean", default: false }, root: { type: "string" } },
  async run({ values, positionals, json, term, env }) {
    const hosts = await loadHosts();
    const roots = stateRoots(hosts, env, values["root"] as string | undefined);
    const found = positionals[0] ? findGoal(roots, positionals[0]) : latestGoalIn(roots, process.cwd());
    if (!found) {
      const message = positionals[0]
        ? `goalpost: no goal or session "${positionals[0]}" under ${roots.join(", ")}`
        : `goalpost: no goal recorded for ${process.cwd()}; name one (\`goalpost list --all\` shows them)`;
      return fail(term, json, message, EXIT.notFound);
    }
    const page = renderReport({
      goal: found.goal,
      session: found.located.session,
      hostName: hostName(hosts, found.located.session.host),
      generatedAt: new Date(),
      version: cliVersion(),
    });
    if (values["out"] === "-") {
      process.stdout.write(page);
      return EXIT.ok;
    }
    // By default beside the goals, as private as they are (a shared temp folder is not).
    const out = resolve(
      typeof values["out"] === "string" ? values["out"] : join(found.located.root, "reports", `${found.goal.id}.html`),
    );
    mkdirSync(dirname(out), { recursive: true, mode: 0o700 });
    writeFileSync(out, page, { mode: 0o600 });
    const unopened = values["open"] ? openInBrowser(out, env) : null;
    if (unopened) term.err(`goalpost: could not open a browser: ${unopened}. Open the report yourself: ${out}\n`);
    if (json)
      term.json({
        goalId: found.goal.id,
        path: out,
        bytes: Buffer.byteLength(page),
        ...(values["open"] ? { opened: !unopened } : {}),
      });
    else term.out(`${term.color.bold("report:")} ${out}\n`);
    return EXIT.ok;
  },
};
