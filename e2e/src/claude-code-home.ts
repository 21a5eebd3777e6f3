// A fake Claude Code home per scenario: HOME, CLAUDE_CONFIG_DIR and a project directory in a real temp
// tree, goalpost installed into it by its own `install` command, and the real `claude` run against the
// mock model with a hard timeout. Only loopback addresses are ever configured.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Tree, testdir } from "@goalpost/adapter-kit/testing";
import { execa, type Result } from "execa";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export const ADAPTER_BIN = join(packageDir("@goalpost/adapter-claude-code"), "dist", "goalpost-claude-code.js");
/** The file npm links as the `goalpost-claude-code` command: the package.json's bin. */
export const ADAPTER_LINKED_BIN = join(
  packageDir("@goalpost/adapter-claude-code"),
  (require("@goalpost/adapter-claude-code/package.json") as { bin: Record<string, string> }).bin["goalpost-claude-code"]!,
);
export const CLAUDE_BIN = join(packageDir("@anthropic-ai/claude-code"), "bin", "claude.exe");
/** 2.1.197 is what a plain `npm install` of Claude Code resolves to on Node 20 (the last release declaring Node ≥ 18). */
export const CLAUDE_BIN_2_1_197 = join(packageDir("claude-code-2.1.197"), "bin", "claude.exe");

export interface ClaudeHome {
  readonly root: string;
  readonly home: string;
  readonly configDir: string;
  readonly project: string;
  readonly stateRoot: string;
  /** The environment a Claude Code process (and so its hooks) gets. */
  env(extra?: Record<string, string>): Record<string, string>;
}

export function createClaudeHome(options: { mockUrl?: string; project?: Tree; home?: Tree } = {}): ClaudeHome {
  const root = testdir({
    home: { ".claude": {}, ...(options.home ?? {}) },
    project: options.project ?? { "README.md": "# demo project\n" },
  });
  const home = join(root, "home");
  const configDir = join(home, ".claude");
  return {
    root,
    home,
    configDir,
    project: join(root, "project"),
    stateRoot: join(configDir, "goalpost"),
    env: (extra = {}) => ({
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      TERM: "xterm-256color",
      HOME: home,
      CLAUDE_CONFIG_DIR: configDir,
      ANTHROPIC_BASE_URL: options.mockUrl ?? "http://127.0.0.1:9",
      ANTHROPIC_API_KEY: "dummy",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      ENABLE_TOOL_SEARCH: "false",
      ...extra,
    }),
  };
}

/** Runs the adapter's own CLI in the fake home, as a user would. */
export function goalpostCli(home: ClaudeHome, args: readonly string[], extraEnv: Record<string, string> = {}): Promise<Result> {
  return execa(process.execPath, [ADAPTER_BIN, ...args], {
    cwd: home.project,
    env: home.env(extraEnv),
    extendEnv: false,
    reject: false,
    timeout: 30_000,
  });
}

interface ClaudeRun {
  readonly exitCode: number | undefined;
  readonly stdout: string;
  readonly stderr: string;
  readonly result: { session_id?: string; num_turns?: number; result?: string; is_error?: boolean } | null;
}

/** `claude -p <prompt>` in the fake home's project, bounded by a timeout. */
export async function runClaude(
  home: ClaudeHome,
  prompt: string,
  options: { args?: readonly string[]; env?: Record<string, string>; timeoutMs?: number; bin?: string } = {},
): Promise<ClaudeRun> {
  const run = await execa(options.bin ?? CLAUDE_BIN, ["-p", prompt, "--output-format", "json", ...(options.args ?? [])], {
    cwd: home.project,
    env: home.env(options.env),
    extendEnv: false,
    reject: false,
    input: "",
    timeout: options.timeoutMs ?? 90_000,
  });
  let result: ClaudeRun["result"] = null;
  try {
    result = JSON.parse(String(run.stdout));
  } catch {}
  return { exitCode: run.exitCode, stdout: String(run.stdout), stderr: String(run.stderr), result };
}
