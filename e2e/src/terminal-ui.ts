// A host's terminal UI in a pseudo-terminal (util-linux `script`), typed into as a person types, its
// screen read back as text: for what only the interactive program shows (a status line, a typed /goal).
// What it wrote is played into a headless xterm as well, so a line the program redraws in parts (only
// the characters that changed) reads as it shows, not as the pieces it was written in.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import xterm from "@xterm/headless";

export const canDriveTerminal = existsSync("/usr/bin/script");

interface TerminalUi {
  readonly child: ChildProcess;
  /** Everything the program wrote, escapes left in. */
  raw(): string;
  /** What it wrote as words (escapes and cursor moves out, runs of blanks one space), then the screen as drawn, scrollback included. */
  text(): string;
  /** Waits (60 s at most) until the screen shows `pattern`; on a timeout the error holds the screen's end. */
  shows(pattern: RegExp, what: string): Promise<void>;
  /** Types `text` a character at a time, then Enter once any popup has caught up. */
  type(text: string): Promise<void>;
  /** Kills it and waits for it to be gone. */
  close(): Promise<void>;
}

/** Escapes out, runs of blanks one space: enough to find a line's words on a redrawn screen. */
const visibleText = (raw: string) =>
  raw
    .replace(/\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)/g, "")
    .replace(/\u001b\[[0-9;?<>=]*[ -/]*[@-~]/g, " ")
    .replace(/\u001b./g, "")
    .replace(/[ \t]+/g, " ");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `program` in a `cols`×`rows` pseudo-terminal in `cwd`, with exactly `env`. */
export function startTerminalUi(
  program: string,
  options: { cwd: string; env: Record<string, string>; cols?: number; rows?: number },
): TerminalUi {
  const command = `stty cols ${options.cols ?? 160} rows ${options.rows ?? 40}; exec ${program}`;
  // Its own process group: closing it ends the program script runs too, not only script.
  const child = spawn("/usr/bin/script", ["-qfec", command, "/dev/null"], { cwd: options.cwd, env: options.env, detached: true });
  let screen = "";
  const drawn = new xterm.Terminal({
    cols: options.cols ?? 160,
    rows: options.rows ?? 40,
    scrollback: 5000,
    allowProposedApi: true,
  });
  child.stdout!.on("data", (data) => {
    screen += String(data);
    drawn.write(String(data));
  });
  const shown = () => {
    const lines: string[] = [];
    const buffer = drawn.buffer.active;
    for (let row = 0; row < buffer.length; row++) lines.push(buffer.getLine(row)?.translateToString(true) ?? "");
    return lines.join("\n").replace(/[ \t]+/g, " ");
  };
  const text = () => `${visibleText(screen)}\n${shown()}`;
  return {
    child,
    raw: () => screen,
    text,
    async shows(pattern, what) {
      await eventually(() => (pattern.test(text()) ? true : undefined), 60_000, what).catch((error: Error) => {
        throw new Error(`${error.message}; the screen:\n${text().slice(-3000)}`);
      });
    },
    async type(text) {
      for (const char of text) {
        child.stdin!.write(char);
        await pause(25);
      }
      await pause(400);
      child.stdin!.write("\r");
    },
    async close() {
      const exited = child.exitCode === null && child.signalCode === null ? once(child, "exit") : undefined;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      await exited;
      drawn.dispose();
      // What the program started on its own (a host's background helpers) goes too, before its home is removed.
      if (options.env["HOME"]) await killProcessesOf(options.env["HOME"]);
    },
  };
}

/** Polls `probe` until it gives a value, failing after `timeoutMs` with what it waited for. */
export async function eventually<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(250);
  }
}

/** Kills every process whose command line or environment names `marker` (a test's fake home), and waits until they are gone. */
export async function killProcessesOf(marker: string): Promise<void> {
  const killed: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const named = [`/proc/${pid}/cmdline`, `/proc/${pid}/environ`].some((file) => readFileSync(file, "utf8").includes(marker));
      if (named && Number(pid) !== process.pid) {
        process.kill(Number(pid), "SIGKILL");
        killed.push(pid);
      }
    } catch {
      // Gone already, or not ours to read.
    }
  }
  // A kill is delivered, not done: the caller removes the folder only once none of them can still write in it.
  const alive = (pid: string) => {
    try {
      return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
    } catch {
      return false;
    }
  };
  for (let waited = 0; killed.some(alive) && waited < 10_000; waited += 100) await pause(100);
}
