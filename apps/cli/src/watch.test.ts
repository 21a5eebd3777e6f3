// `goalpost watch` as a child process beside a session: the installed Claude Code hooks (run as the
// host runs them) capture a goal and refuse a stop, and the view is printed again at each change,
// in words, until it is interrupted (exit 0). --json gives one line per change.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "@goalpost/adapter-kit/testing";
import picocolors from "picocolors";
import { afterEach, describe, expect, it } from "vitest";
import { fitScreen } from "./commands/watch.js";

const bin = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));
const require = createRequire(import.meta.url);
const claudeBin = join(dirname(require.resolve("@goalpost/adapter-claude-code/package.json")), "dist", "goalpost-claude-code.js");

let watcher: ChildProcess | undefined;
afterEach(async () => {
  if (watcher && watcher.exitCode === null && watcher.signalCode === null) {
    const exited = once(watcher, "exit");
    watcher.kill("SIGKILL");
    await exited;
  }
  watcher = undefined;
  removeTestdirs();
});

async function until(probe: () => boolean, what: string, output: () => string): Promise<void> {
  for (const end = Date.now() + 20_000; !probe(); await new Promise((resolve) => setTimeout(resolve, 100)))
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; watch printed:\n${output()}`);
}

function session() {
  const root = testdir({ home: { ".claude": {} }, project: { "README.md": "# p\n" } });
  const home = join(root, "home");
  const project = join(root, "project");
  const env = {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    NO_COLOR: "1",
  };
  const install = spawnSync(process.execPath, [claudeBin, "install"], { env, cwd: project, encoding: "utf8", timeout: 60_000 });
  expect(install.status, install.stderr).toBe(0);
  const settings = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8")) as { hooks: unknown };
  const hooks = installedHookCommands(settings.hooks, "goalpost-claude-code");
  const send = (event: string, fields: Record<string, unknown>) =>
    runInstalledHook(
      hooks[event]!,
      { session_id: "s1", cwd: project, hook_event_name: event, transcript_path: "", ...fields },
      {
        env: { ...env, CLAUDE_PROJECT_DIR: project },
        cwd: project,
      },
    );
  const watch = (...args: string[]) => {
    const child = spawn(process.execPath, [bin, "watch", ...args], { env, cwd: project, stdio: ["ignore", "pipe", "pipe"] });
    watcher = child;
    let output = "";
    child.stdout!.on("data", (data) => {
      output += String(data);
    });
    return { child, output: () => output };
  };
  return { send, watch };
}

describe("goalpost watch", { timeout: 60_000 }, () => {
  it("shows the goal as the hooks record it, again at each change, and quits cleanly when interrupted", async () => {
    const { send, watch } = session();
    const view = watch();
    await until(() => view.output().includes("No open goal in"), "the empty view", view.output);
    expect(send("UserPromptSubmit", { prompt: "/goal tidy the readme wording" }).status).toBe(0);
    await until(() => view.output().includes("tidy the readme wording"), "the captured goal", view.output);
    expect(view.output()).toMatch(/1 open goal in \S+project/);
    expect(view.output()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}Opened — captured as a draft/);
    expect(send("Stop", { stop_hook_active: false }).output).toMatchObject({ decision: "block" });
    await until(() => view.output().includes("Stop blocked"), "the refused stop", view.output);
    // Piped, nothing that only a terminal reads.
    expect(view.output()).not.toContain("\u001b[");
    const exited = once(view.child, "exit");
    view.child.kill("SIGINT");
    expect((await exited)[0]).toBe(0);
  });

  it.skipIf(!existsSync("/usr/bin/script"))("takes the terminal's screen and gives it back when q is pressed", async () => {
    // In a pseudo-terminal (util-linux script), as a person runs it beside their agent.
    const root = testdir({});
    const child = spawn(
      "/usr/bin/script",
      ["-qfec", `stty cols 120 rows 30; exec "${process.execPath}" "${bin}" watch --dir "${root}"`, "/dev/null"],
      {
        env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: root, TERM: "xterm-256color" },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    watcher = child;
    let output = "";
    child.stdout!.on("data", (data) => {
      output += String(data);
    });
    await until(
      () => output.includes("No open goal in"),
      "the view",
      () => output,
    );
    expect(output).toContain("\u001b[?1049h"); // the alternate screen
    const exited = once(child, "exit");
    child.stdin!.write("q");
    expect((await exited)[0]).toBe(0);
    expect(output).toContain("\u001b[?1049l"); // the user's screen back
    expect(output).toContain("\u001b[?25h"); // and their cursor
  });

  it("prints one line of JSON per change with --json", async () => {
    const { send, watch } = session();
    const view = watch("--json");
    await until(() => view.output().split("\n").length > 1, "the first line", view.output);
    expect(send("UserPromptSubmit", { prompt: "/goal tidy the readme wording" }).status).toBe(0);
    await until(() => view.output().includes("tidy the readme wording"), "the captured goal", view.output);
    const lines = view
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { at: string; goals: { objective: string }[] });
    expect(lines[0]!.goals).toEqual([]);
    expect(lines.at(-1)!.goals).toEqual([expect.objectContaining({ objective: "tidy the readme wording", status: "draft" })]);
  });
});

describe("the view in a terminal", () => {
  const plain = picocolors.createColors(false);
  const view = `${Array.from({ length: 12 }, (_, line) => `line ${line + 1}`).join("\n")}\n`;

  it("is cut to the window's height, the last row saying how much is left out", () => {
    expect(fitScreen(view, { rows: 5, columns: 80 }, plain)).toBe(
      "line 1\nline 2\nline 3\nline 4\n… 8 more lines (a larger window, or goalpost status)",
    );
  });

  it("counts the rows a long line wraps to, and not its colours' escapes", () => {
    const long = `${"x".repeat(150)}\n${picocolors.createColors(true).red("y".repeat(80))}\nz\n`;
    expect(fitScreen(long, { rows: 4, columns: 80 }, plain)).toBe(long);
    expect(fitScreen(long, { rows: 4, columns: 79 }, plain)).toBe(
      `${"x".repeat(150)}\n… 2 more lines (a larger window, or goalpost status)`,
    );
    expect(fitScreen(`a\nb\nc\n`, { rows: 2, columns: 80 }, plain)).toBe(
      "a\n… 2 more lines (a larger window, or goalpost status)",
    );
    expect(fitScreen(`a\nb\nc\nd\n`, { rows: 3, columns: 80 }, plain)).toBe(
      "a\nb\n… 2 more lines (a larger window, or goalpost status)",
    );
    expect(fitScreen(long, { rows: 3, columns: 80 }, plain)).toBe(
      `${"x".repeat(150)}\n… 2 more lines (a larger window, or goalpost status)`,
    );
  });

  it("says one line as one", () => {
    expect(fitScreen(`a\n${"x".repeat(150)}\n`, { rows: 2, columns: 80 }, plain)).toBe(
      "a\n… 1 more line (a larger window, or goalpost status)",
    );
  });

  it("is whole when it fits", () => {
    expect(fitScreen(view, { rows: 12, columns: 80 }, plain)).toBe(view);
    expect(fitScreen(view, { rows: 40, columns: 80 }, plain)).toBe(view);
  });
});
