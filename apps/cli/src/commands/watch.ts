// `goalpost watch`: the open goals of this directory and their timelines, live, in a terminal beside
// the agent. Redrawn when a hook writes a session (each store's by-session folder is watched, and
// looked at twice a second for one that appears later or a change a watch missed). In a terminal it
// takes the whole screen and gives it back on q or Ctrl-C; piped, it prints the view again at each
// change (--json: one line of JSON each) until it is interrupted. Goals closed lately stay in view.
import { type FSWatcher, readdirSync, statSync, watch as watchFolder } from "node:fs";
import { join } from "node:path";
import wrapAnsi from "wrap-ansi";
import type { Command } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { closedRowText, type FoundGoal, foundGoals, goalRow, historyLine, rowText } from "../goal-views.js";
import { hostName, loadHosts, stateRoots } from "../hosts.js";
import { localTime, timeZoneName } from "../local-time.js";
import type { Colors } from "../terminal.js";

/** History lines shown per goal: the screen is shared with the rows above them. */
const TIMELINE_LINES = 8;
const POLL_MS = 500;

/** Rows a line takes in a terminal `columns` wide, once it wraps (escapes take none). */
const rowsOf = (line: string, columns: number) =>
  Math.max(1, Math.ceil(line.replace(/\u001b\[[0-9;]*m/g, "").length / Math.max(1, columns)));

/**
 * The view cut to a terminal `rows` high and `columns` wide: taller, and the screen would scroll the
 * top away at every redraw. The last row says how much is left out.
 */
export function fitScreen(view: string, screen: { rows: number; columns: number }, color: Colors): string {
  const lines = view.replace(/\n$/, "").split("\n");
  const { rows, columns } = screen;
  if (rows < 2 || lines.reduce((sum, line) => sum + rowsOf(line, columns), 0) <= rows) return view;
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const needs = rowsOf(line, columns);
    if (used + needs > rows - 1) break; // the last row is the note's
    kept.push(line);
    used += needs;
  }
  const left = lines.length - kept.length;
  return `${kept.join("\n")}\n${color.dim(`… ${left} more line${left === 1 ? "" : "s"} (a larger window, or goalpost status)`)}`;
}

/** What the session files are now: names, sizes and times — cheap to take, changes when a hook writes. */
function storeSignature(roots: readonly string[]): string {
  const parts: string[] = [];
  for (const root of roots) {
    const folder = join(root, "by-session");
    let names: string[] = [];
    try {
      names = readdirSync(folder);
    } catch {}
    for (const name of names.sort()) {
      try {
        const stat = statSync(join(folder, name));
        parts.push(`${name}:${stat.size}:${stat.mtimeMs}`);
      } catch {}
    }
  }
  return parts.join("|");
}

function viewText(
  goals: readonly FoundGoal[],
  closed: readonly FoundGoal[],
  dir: string,
  color: Colors,
  name: (id: string) => string,
): string {
  // What closed here lately stays in view: a goal's ending is the news the user waits for.
  const ended =
    closed.length > 0
      ? `\n\n${color.bold("Closed in the last 12 hours")}\n\n${closed
          .slice(0, 3)
          .map(({ located, goal }) => closedRowText(goalRow(located, goal), color, name))
          .join("\n\n")}\n`
      : "\n";
  if (goals.length === 0)
    return `No open goal in ${dir}${closed.length > 0 ? "" : " yet. In your agent: goal: <what done means>"}.\n${color.dim("Waiting… (q or Ctrl-C quits)")}${ended}`;
  const blocks = goals.map(({ located, goal }) => {
    const timeline = goal.history.slice(-TIMELINE_LINES).map((event) => `    ${historyLine(event)}`);
    return [rowText(goalRow(located, goal), color, name), ...(timeline.length > 0 ? ["", ...timeline] : [])].join("\n");
  });
  return `${color.bold(`${goals.length} open goal${goals.length === 1 ? "" : "s"}`)} in ${dir} ${color.dim(`· ${localTime(new Date().toISOString())} · times in ${timeZoneName()} · q quits`)}\n\n${blocks.join("\n\n")}${ended}`;
}

export const watch: Command = {
  name: "watch",
  summary: "the open goals here and their timelines, live, beside the agent",
  usage: "[--dir <dir>] [--root <state-dir>] [--json]",
  description: `Shows the open goals of this directory (or --dir) as \`goalpost status\` does, with each one's
latest history, and redraws when a host's hooks change them. In a terminal it takes the screen and gives
it back when you press q or Ctrl-C. Piped, it prints the view again at each change; --json prints one
line of JSON per change ({"at", "goals"}).`,
  examples: ["goalpost watch", "goalpost watch --dir ~/src/importer", "goalpost watch --json | jq -c '.goals[].status'"],
  options: { dir: { type: "string" }, root: { type: "string" } },
  async run({ values, json, term, env }) {
    const hosts = await loadHosts();
    const dir = typeof values["dir"] === "string" ? values["dir"] : process.cwd();
    const roots = stateRoots(hosts, env, values["root"] as string | undefined);
    const screen = process.stdout.isTTY === true && !json;
    let last: string | null = null;
    const draw = () => {
      const signature = storeSignature(roots);
      if (signature === last) return;
      last = signature;
      const found = foundGoals(roots, { dir });
      const closed = foundGoals(roots, { dir, recent: true });
      const name = (id: string) => hostName(hosts, id);
      const rows = (goals: readonly FoundGoal[]) => goals.map(({ located, goal }) => goalRow(located, goal));
      if (json) term.out(`${JSON.stringify({ at: new Date().toISOString(), goals: rows(found), closed: rows(closed) })}\n`);
      else if (screen) {
        const columns = process.stdout.columns ?? 80;
        // Wrapped at words to the pane's width, so a narrow pane never breaks a word in two.
        const view = wrapAnsi(viewText(found, closed, dir, term.color, name), columns, { hard: true, trim: false });
        term.out(`\u001b[H\u001b[2J${fitScreen(view, { rows: process.stdout.rows ?? 24, columns }, term.color)}`);
      } else term.out(`${viewText(found, closed, dir, term.color, name)}\n`);
    };
    if (screen) term.out("\u001b[?1049h\u001b[?25l"); // the alternate screen, cursor hidden
    const watchers: FSWatcher[] = [];
    for (const root of roots)
      try {
        watchers.push(watchFolder(join(root, "by-session"), () => draw()));
      } catch {} // not there yet: the poll sees it appear
    const poll = setInterval(draw, POLL_MS);
    // A resized window is drawn again at its new height.
    const redraw = () => {
      last = null;
      draw();
    };
    if (screen) process.stdout.on("resize", redraw);
    draw();
    return new Promise<number>((done) => {
      const quit = () => {
        clearInterval(poll);
        process.stdout.off("resize", redraw);
        for (const watcher of watchers) watcher.close();
        if (screen) {
          process.stdin.setRawMode?.(false);
          term.out("\u001b[?25h\u001b[?1049l"); // the screen as it was, cursor back
        }
        process.stdin.pause();
        done(EXIT.ok);
      };
      process.once("SIGINT", quit);
      process.once("SIGTERM", quit);
      process.once("SIGHUP", quit);
      if (screen && process.stdin.isTTY) {
        process.stdin.setRawMode(true);
        process.stdin.on("data", (key: Buffer) => {
          const pressed = key.toString("utf8");
          if (pressed === "q" || pressed === "Q" || pressed === "\u0003" || pressed === "\u0004") quit();
        });
      }
    });
  },
};
