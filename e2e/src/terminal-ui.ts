// A host's terminal UI in a pseudo-terminal (util-linux `script`), typed into as a person types, its
// screen read back as text: for what only the interactive program shows (a status line, a typed /goal).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";

export const canDriveTerminal = existsSync("/usr/bin/script");

export interface TerminalUi {
  readonly child: ChildProcess;
  /** Everything the program wrote, escapes left in. */
  raw(): string;
  /** What it wrote as words: escapes and cursor moves taken out, runs of blanks one space. */
  text(): string;
  /** Types `text` a character at a time, then Enter once any popup has caught up. */
  type(text: string): Promise<void>;
  /** Kills it and waits for it to be gone. */
  close(): Promise<void>;
}

/** Escapes out, runs of blanks one space: enough to find a line's words on a redrawn screen. */
export const visibleText = (raw: string) =>
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
  const child = spawn("/usr/bin/script", ["-qfec", command, "/dev/null"], { cwd: options.cwd, env: options.env });
  let screen = "";
  child.stdout!.on("data", (data) => {
    screen += String(data);
  });
  return {
    child,
    raw: () => screen,
    text: () => visibleText(screen),
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
      child.kill("SIGKILL");
      await exited;
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
