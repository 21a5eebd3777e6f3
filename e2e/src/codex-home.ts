// A fake Codex home per scenario: CODEX_HOME and a project directory in a real temp tree, config.toml
// pointing the real `codex` at the mock model on 127.0.0.1, goalpost installed by its own `install`
// command (hook trust included: no bypass flag is ever passed), and `codex exec` run with a hard
// timeout (Codex retries forever when its model server is gone).
import { readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Tree, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import type { SessionFile } from "@goalpost/core/internal";
import { execa, type Result } from "execa";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export const CODEX_ADAPTER_BIN = join(packageDir("@goalpost/adapter-codex"), "dist", "goalpost-codex.js");
export const CODEX_BIN = join(packageDir("@openai/codex"), "bin", "codex.js");

export interface CodexHome {
  readonly root: string;
  readonly home: string;
  readonly project: string;
  readonly stateRoot: string;
  env(extra?: Record<string, string>): Record<string, string>;
}

/** config.toml for the mock: top-level keys before any table (RECIPE); extra top-level keys replace the defaults. */
function mockConfig(url: string, topLevel: Record<string, string | number>): string {
  const settings = {
    model: "mock-model",
    model_provider: "mock",
    approval_policy: "never",
    sandbox_mode: "danger-full-access",
    ...topLevel,
  };
  return `${[
    "# the e2e's mock model on 127.0.0.1",
    ...Object.entries(settings).map(([key, value]) => `${key} = ${JSON.stringify(value)}`),
    "",
    "[model_providers.mock]",
    'name = "Mock"',
    `base_url = "${url}"`,
    'wire_api = "responses"',
    'env_key = "MOCK_API_KEY"',
  ].join("\n")}\n`;
}

export function createCodexHome(options: {
  mockUrl: string;
  project?: Tree;
  config?: Record<string, string | number>;
  /**
   * The folder the home is made in. Codex's sandbox needs a CODEX_HOME outside the temporary folder
   * (it refuses to put its sandbox helper there, and commands then fail to start): /var/tmp for those.
   */
  parent?: string;
}): CodexHome {
  const root = testdir(
    { home: {}, project: options.project ?? { "README.md": "# demo project\n" } },
    "goalpost-test-",
    options.parent,
  );
  const home = join(root, "home");
  writeFileSync(join(home, "config.toml"), mockConfig(options.mockUrl, options.config ?? {}));
  return {
    root,
    home,
    project: join(root, "project"),
    stateRoot: join(home, "goalpost"),
    env: (extra = {}) => ({
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: root,
      CODEX_HOME: home,
      MOCK_API_KEY: "dummy",
      ...extra,
    }),
  };
}

/** Runs the adapter's own CLI in the fake home, as a user would. */
export function goalpostCodex(home: CodexHome, args: readonly string[]): Promise<Result> {
  return execa(process.execPath, [CODEX_ADAPTER_BIN, ...args], {
    cwd: home.project,
    env: home.env(),
    extendEnv: false,
    reject: false,
    timeout: 60_000,
  });
}

/** `codex exec <args>` in the project, stdin closed, bounded by a timeout. Never the hook-trust bypass flag. */
export function runCodex(home: CodexHome, args: readonly string[], options: { timeoutMs?: number } = {}): Promise<Result> {
  return execa(process.execPath, [CODEX_BIN, "exec", "--skip-git-repo-check", ...args], {
    cwd: home.project,
    env: home.env(),
    extendEnv: false,
    reject: false,
    stdin: "ignore",
    timeout: options.timeoutMs ?? 60_000,
  });
}

/** The one session goalpost has on file in this home (each scenario runs one Codex thread). */
export function onlyCodexSession(home: CodexHome): SessionFile {
  const sessions = createGoalStore({ root: home.stateRoot, warn: () => {} }).sessions();
  if (sessions.length !== 1) throw new Error(`expected one goalpost session, found ${sessions.length}`);
  return sessions[0]!;
}

/** The thread id of the one Codex thread in this home, from its rollout's file name (rollout-<time>-<id>.jsonl). */
export function codexThreadId(home: CodexHome): string {
  const rollouts = (readdirSync(join(home.home, "sessions"), { recursive: true }) as string[]).filter((file) =>
    file.endsWith(".jsonl"),
  );
  const ids = rollouts.map((file) => /([0-9a-f]{8}-[0-9a-f-]{27})\.jsonl$/.exec(file)?.[1]).filter(Boolean);
  if (ids.length !== 1) throw new Error(`expected one Codex rollout, found ${rollouts.join(", ") || "none"}`);
  return ids[0]!;
}
