// A newcomer's walk, scripted: a fresh clone of this repository, a fresh home whose user already has
// files of their own (a Claude Code status line, settings, a CLAUDE.md, a shell profile), and an npm
// prefix with no bin folder yet. From the README's first command (`npm run setup`) to `goalpost
// uninstall` and the `rm` it says, with the real Claude Code terminal UI in tmux against the scripted
// model on 127.0.0.1 — and at the end every file the user owns is as it was; what stays is named.
//
// Not part of `npm test` (setup takes minutes from empty caches): `pnpm --filter @goalpost/e2e walk`.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { CLAUDE_BIN } from "../src/claude-code-home.js";
import { scriptedResponder, startMockAnthropic } from "../src/mock-anthropic.js";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "goalpost-walk-"));
const home = join(root, "home");
const prefix = join(root, "prefix");
const clone = join(root, "goalpost");
const project = join(root, "project");
const session = `walk-${process.pid}`;
afterAll(() => {
  spawnSync("tmux", ["kill-session", "-t", session]);
  if (!process.env["GOALPOST_WALK_KEEP"]) rmSync(root, { recursive: true, force: true });
});

/** What the user owns before goalpost arrives. */
const USER_FILES: Record<string, string> = {
  ".claude/settings.json": `${JSON.stringify(
    {
      statusLine: { type: "command", command: "printf 'me@laptop %s' \"$(date +%H:%M:%S)\"" },
      permissions: { allow: ["Bash(npm test)"] },
    },
    null,
    2,
  )}\n`,
  ".claude/CLAUDE.md": "# My preferences\n\nKeep answers short.\n",
  ".bashrc": "export EDITOR=vim\nalias ll='ls -l'\n",
  ".gitconfig": "[user]\n\tname = A User\n\temail = user@example.com\n",
};

/** npm's and pnpm's caches and store, which setup fills: the tools', not the user's, and not goalpost's. */
const toolCache = (path: string) => /^(\.npm|\.cache|\.local\/share\/pnpm)\//.test(path);

/** Every file under the home but the tools' caches, with its bytes' hash (links are not followed: pnpm's store links in circles). */
function snapshot(folder = home, files = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const name = `${relative(home, path)}${entry.isDirectory() ? "/" : ""}`;
    if (toolCache(name)) continue;
    if (entry.isDirectory()) snapshot(path, files);
    else if (entry.isFile()) files.set(name, createHash("sha256").update(readFileSync(path)).digest("hex"));
  }
  return files;
}

const pathWithout = (process.env["PATH"] ?? "/usr/bin:/bin")
  .split(":")
  .filter((folder) => !folder.includes("node_modules") && !existsSync(join(folder, "goalpost")))
  .join(":");
/** The machine's network settings (its certificates, a proxy): the machine's, not the home's. */
const network = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      /^(NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|(HTTPS?|NO|ALL)_PROXY|npm_config_(registry|cafile|proxy|https_proxy))$/i.test(
        entry[0],
      ) && entry[1] !== undefined,
  ),
);
const env = {
  ...network,
  HOME: home,
  PATH: `${join(prefix, "bin")}:${pathWithout}`,
  npm_config_prefix: prefix,
  TERM: "xterm-256color",
  LANG: "C.UTF-8",
};

function sh(command: string, cwd = clone): string {
  const run = spawnSync("bash", ["-c", command], { cwd, env, encoding: "utf8", timeout: 15 * 60_000 });
  if (run.status !== 0) throw new Error(`${command}: exit ${run.status}\n${run.stdout}\n${run.stderr}`);
  return `${run.stdout}${run.stderr}`;
}

const pane = () => execFileSync("tmux", ["capture-pane", "-p", "-t", session], { encoding: "utf8" });
async function shows(pattern: RegExp, what: string, timeoutMs = 60_000): Promise<string> {
  for (const end = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const text = pane();
    if (pattern.test(text)) return text;
    if (Date.now() > end) throw new Error(`the terminal never showed ${what}; it shows:\n${text}`);
  }
}
async function type(text: string): Promise<void> {
  execFileSync("tmux", ["send-keys", "-t", session, "-l", text]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  execFileSync("tmux", ["send-keys", "-t", session, "Enter"]);
}

it(
  "goes from the README's first command to an uninstall that leaves the user's files as they were",
  async () => {
    for (const [path, text] of Object.entries(USER_FILES)) {
      mkdirSync(dirname(join(home, path)), { recursive: true });
      writeFileSync(join(home, path), text);
    }
    mkdirSync(prefix);
    mkdirSync(project);
    writeFileSync(join(project, "README.md"), "# notes\n\nThe wording needs a tidy.\n");
    const before = snapshot();

    // The clone, and the README's commands as a newcomer types them.
    execFileSync("git", ["clone", "-q", repo, clone]);
    const setup = sh("npm run setup");
    expect(setup).toMatch(/goalpost/);
    expect(existsSync(join(prefix, "bin", "goalpost"))).toBe(true);
    expect(sh("command -v goalpost", project).trim()).toBe(join(prefix, "bin", "goalpost"));
    const install = sh("goalpost install --yes", project);
    expect(install).toMatch(/Claude Code/);
    expect(sh("goalpost doctor", project)).toMatch(/✓ Claude Code: working/);

    // Claude Code, as the user runs it, against the scripted model.
    const mock = await startMockAnthropic(scriptedResponder({ main: [{ text: "I will tidy the wording." }] }));
    // A user who has been through onboarding and trusts the project (Claude Code's own file, in their home).
    const claudeJson = join(home, ".claude.json");
    const onboarded = JSON.parse(readFileSync(claudeJson, "utf8"));
    writeFileSync(
      claudeJson,
      JSON.stringify({
        ...onboarded,
        hasCompletedOnboarding: true,
        customApiKeyResponses: { approved: ["dummy"], rejected: [] },
        projects: { [project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
      }),
    );
    const claudeEnv = { ...env, ANTHROPIC_BASE_URL: mock.url, ANTHROPIC_API_KEY: "dummy", DISABLE_AUTOUPDATER: "1" };
    execFileSync("tmux", [
      "new-session",
      "-d",
      "-s",
      session,
      "-x",
      "160",
      "-y",
      "40",
      "-c",
      project,
      `env ${Object.entries(claudeEnv)
        .map(([name, value]) => `${name}='${value}'`)
        .join(" ")} "${CLAUDE_BIN}"`,
    ]);
    try {
      await shows(/me@laptop \d\d:\d\d:\d\d/, "the user's own status line");
      await type("goal: tidy the readme wording");
      await shows(/goalpost ◎ tidy the readme wording/, "goalpost's segment beside the user's line");
      await shows(/needs your input/, "the goal waiting for the user after the talking model stopped three times", 90_000);
      await type("goal: clear");
      await shows(/cleared|cancel/i, "the goal cleared");
      execFileSync("tmux", ["send-keys", "-t", session, "C-c"]);
      execFileSync("tmux", ["send-keys", "-t", session, "C-c"]);
    } finally {
      spawnSync("tmux", ["kill-session", "-t", session]);
      await mock.close();
    }
    // The user's own goalpost settings, written as the guide says.
    writeFileSync(join(home, ".claude", "goalpost", "config.json"), '{ "stopBlockLimit": 5 }\n');

    // Taking it away, as the README says.
    const uninstall = sh("goalpost uninstall --yes", project);
    expect(uninstall).toMatch(/kept .*config\.json/);
    sh(`rm "$(npm prefix -g)/bin/goalpost"`, project);

    // Every file the user owned is as it was; what stays is goalpost's records, which uninstall named,
    // and the user's own goalpost settings; Claude Code's own files are Claude Code's.
    const after = snapshot();
    for (const [path, hash] of before) expect(after.get(path), path).toBe(hash);
    const added = [...after.keys()].filter((path) => !before.has(path));
    // goalpost's: the records and their entry in the machine's registry, both named by uninstall.
    const ours = (path: string) => path.startsWith(".claude/goalpost/") || path.startsWith(".local/state/goalpost/roots/");
    expect(uninstall).toMatch(
      /kept your goal records in .*\.claude\/goalpost .* and their entry in .*\.local\/state\/goalpost\/roots/,
    );
    // Claude Code's and pnpm's own: the session's transcript, history, backups, its URL handler.
    const theirs = (path: string) =>
      path === ".claude.json" ||
      /^\.claude\/(projects|todos|shell-snapshots|statsig|session-env|sessions|plans|debug|tasks|backups|telemetry|plugins)\//.test(
        path,
      ) ||
      /^(\.claude\/history\.jsonl|\.config\/mimeapps\.list|\.local\/share\/applications\/claude-code-url-handler\.desktop|\.local\/state\/pnpm\/pnpm-state\.json)$/.test(
        path,
      );
    expect(added.filter((path) => !ours(path) && !theirs(path))).toEqual([]);
    expect(statSync(join(home, ".claude", "settings.json")).isFile()).toBe(true);
    expect(readFileSync(join(home, ".claude", "settings.json"), "utf8")).toBe(USER_FILES[".claude/settings.json"]);
    expect(existsSync(join(prefix, "bin", "goalpost"))).toBe(false);
  },
  30 * 60_000,
);
