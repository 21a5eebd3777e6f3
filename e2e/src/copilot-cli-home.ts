// A fake Copilot CLI home per scenario: HOME, COPILOT_HOME and a project in a real temp tree, goalpost
// installed by its own `install`, and the real `copilot -p` run in BYOK mode against the mock on
// 127.0.0.1 (COPILOT_OFFLINE=true: no other network), bounded by a timeout. The CLI unpacks ~235 MB
// into ~/.cache/copilot on first start: every home links one shared copy.
import { mkdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type Tree, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import type { SessionFile } from "@goalpost/core/internal";
import { execa, type Result } from "execa";

const require = createRequire(import.meta.url);
const packageDir = (name: string, from = require) => dirname(from.resolve(`${name}/package.json`));

export const COPILOT_ADAPTER_BIN = join(packageDir("@goalpost/adapter-copilot-cli"), "dist", "goalpost-copilot-cli.js");
const copilotDir = packageDir("@github/copilot");
/** The native binary, installed beside the launcher as its optional dependency (the launcher only finds and runs it). */
export const COPILOT_BIN = join(dirname(copilotDir), "copilot-linux-x64", "copilot");
const SHARED_CACHE = join(tmpdir(), "goalpost-e2e-copilot-cache");

export interface CopilotHome {
  readonly root: string;
  readonly home: string;
  readonly copilotHome: string;
  readonly project: string;
  readonly stateRoot: string;
  env(extra?: Record<string, string>): Record<string, string>;
}

export function createCopilotHome(options: { mockUrl: string; project?: Tree }): CopilotHome {
  const root = testdir({
    home: { ".copilot": {}, ".cache": {} },
    project: options.project ?? { "README.md": "# demo project\n" },
  });
  const home = join(root, "home");
  mkdirSync(SHARED_CACHE, { recursive: true });
  symlinkSync(SHARED_CACHE, join(home, ".cache", "copilot"));
  const copilotHome = join(home, ".copilot");
  return {
    root,
    home,
    copilotHome,
    project: join(root, "project"),
    stateRoot: join(copilotHome, "goalpost"),
    env: (extra = {}) => ({
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: home,
      TERM: "dumb",
      COPILOT_HOME: copilotHome,
      COPILOT_OFFLINE: "true",
      COPILOT_AUTO_UPDATE: "false",
      COPILOT_PROVIDER_BASE_URL: options.mockUrl,
      COPILOT_MODEL: "gpt-4.1",
      ...extra,
    }),
  };
}

export function goalpostCopilot(home: CopilotHome, args: readonly string[]): Promise<Result> {
  return execa(process.execPath, [COPILOT_ADAPTER_BIN, ...args], {
    cwd: home.project,
    env: home.env(),
    extendEnv: false,
    reject: false,
    timeout: 60_000,
  });
}

/** `copilot -p <prompt> --allow-all-tools` in the project, bounded by a timeout. */
export function runCopilot(home: CopilotHome, prompt: string, args: readonly string[] = [], timeoutMs = 90_000): Promise<Result> {
  return execa(COPILOT_BIN, ["-p", prompt, "--allow-all-tools", ...args], {
    cwd: home.project,
    env: home.env(),
    extendEnv: false,
    reject: false,
    stdin: "ignore",
    timeout: timeoutMs,
  });
}

export function copilotSession(home: CopilotHome, id: string): SessionFile {
  const state = createGoalStore({ root: home.stateRoot, warn: () => {} }).read(id);
  if (!state) throw new Error(`no goalpost state for session ${id}`);
  return state;
}
