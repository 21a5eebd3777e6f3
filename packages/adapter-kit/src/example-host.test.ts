// The kit end to end through a small example host (examples/example-host, as a third-party author
// would write it, built with adapterBuild like every adapter): its bin installs itself into a fake home, its installed hook
// commands run as the host runs them, doctor checks it, uninstall takes out exactly what was added.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "./testing/index.js";

const BIN = fileURLToPath(new URL("../examples/example-host/dist/goalpost-acme.cjs", import.meta.url));

afterEach(removeTestdirs);

const USER_SETTINGS = `{
  // Acme's own settings, with the user's comments
  "model": "fast",
  "hooks": {
    "stop": [{ "hooks": [{ "type": "command", "command": "notify-me" }] }]
  }
}
`;

const withoutComments = (text: string) => JSON.parse(text.replace(/^\s*\/\/.*$/gm, "")) as Record<string, unknown>;

function fakeHome() {
  const root = testdir({ acme: { "settings.jsonc": USER_SETTINGS }, project: { "README.md": "# p\n" } });
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: root, ACME_HOME: join(root, "acme") };
  const bin = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { env, cwd: join(root, "project"), encoding: "utf8", timeout: 30_000 });
  const settings = () => readFileSync(join(root, "acme", "settings.jsonc"), "utf8");
  return { root, env, bin, settings, project: join(root, "project") };
}

describe("an adapter built from the kit (the example host)", { timeout: 60_000 }, () => {
  it("installs with an exact dry run, keeps the user's comments, answers hooks as installed, and uninstalls exactly", () => {
    const home = fakeHome();
    const dryRun = home.bin("install", "--dry-run");
    expect(dryRun.status).toBe(0);
    expect(dryRun.stdout).toMatch(
      /^\+.*"h=\/\S+\/dist; set -- before_tool \S+\/acme\/goalpost fast; \. \\"\$h\/goalpost-acme-hook\.sh\\""/m,
    );
    expect(dryRun.stdout).toContain("(dry run: nothing was written)");
    // A line per file first, then the diff.
    expect(dryRun.stdout).toMatch(/^would update \S+: /);
    expect(home.settings()).toBe(USER_SETTINGS);

    const install = home.bin("install");
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).toContain("goalpost is on. In Acme, type goal: <what done means>.");
    // What the dry run showed is what install wrote.
    const added = dryRun.stdout
      .split("\n")
      .filter((line) => /^\+\s/.test(line))
      .map((line) => line.slice(1));
    for (const line of added) expect(home.settings()).toContain(line);
    expect(home.settings()).toContain("// Acme's own settings, with the user's comments");
    expect(home.bin("install").stdout).toContain("already installed");
    // Where goalpost cannot tell that it can sandbox a goal's checks (here: no temporary folder for its
    // probe), install says so, not just "on".
    home.bin("uninstall");
    const bare = spawnSync(process.execPath, [BIN, "install"], {
      env: { ...home.env, TMPDIR: join(home.root, "no-such-folder") },
      cwd: home.project,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(bare.stdout).toMatch(
      /^goalpost is on, but it could not tell whether it can sandbox a goal's checks here: the probe did not answer \(.*ENOENT/m,
    );
    expect(home.bin("install").stdout).toContain("already installed");
    expect(JSON.parse(home.bin("install", "--json").stdout)).toMatchObject({
      host: "acme",
      command: "install",
      dryRun: false,
      changes: [],
    });

    // The installed commands, run through the shell with the payload on stdin.
    const hooks = installedHookCommands(
      (JSON.parse(home.settings().replace(/^\s*\/\/.*$/gm, "")) as { hooks: unknown }).hooks,
      "goalpost-acme",
    );
    expect(Object.keys(hooks).sort()).toEqual(["after_tool", "before_tool", "session_start", "stop", "user_prompt"]);
    const send = (event: string, fields: Record<string, unknown> = {}) =>
      runInstalledHook(hooks[event]!, { event, session: "s1", dir: home.project, ...fields }, { env: home.env });
    const captured = send("user_prompt", { prompt: "/goal ship the parser" });
    expect(captured.status).toBe(0);
    expect(String(captured.output?.["context"])).toMatch(/<session_goal id="goal_\w+" status="draft"/);
    expect(send("stop").output).toEqual({ block: expect.stringMatching(/should not stop yet/) });
    for (let call = 0; call < 5; call++) send("before_tool", { tool: "cat", args: { path: `f${call}` } });
    expect(send("before_tool", { tool: "cat", args: { path: "f5" } }).output).toEqual({
      deny: expect.stringMatching(/drift guard/),
    });

    // A tool result from an edit tool whose arguments hold no path goalpost reads: doctor's debug line, once.
    for (let call = 0; call < 2; call++) send("after_tool", { tool: "write", args: { target: "x", text: "y" }, ok: true });

    const doctor = home.bin("doctor");
    expect(doctor.stdout).toMatch(/✓ hooks: all 5 events wired in user scope/);
    expect(doctor.stdout).toContain(
      "✓ tool arguments: write's arguments (target, text) hold no path goalpost reads: the files it changed are missing from the working context (first seen",
    );
    expect(doctor.stdout).toMatch(/✓ goal tools: the MCP server starts and offers goalpost_status/);
    expect(doctor.stdout).toMatch(/✓ hook run: a session_start hook ran and answered/);
    expect(doctor.stdout).toMatch(/✓ state: .* is writable/);
    // Whether a goal's checks can run in the sandbox here: where bubblewrap is, they can; where not,
    // doctor says what to install or how to allow runs without one.
    expect(doctor.stdout).toMatch(
      process.platform === "linux" && existsSync("/usr/bin/bwrap")
        ? /✓ check sandbox: goalpost runs a goal's checks in bubblewrap: no network/
        : /✗ check sandbox: goalpost cannot sandbox a goal's checks here \(.+\), so it runs none without your word/,
    );
    // The goal captured above is open: its hooks start Node; with no goal, they would not.
    expect(doctor.stdout).toMatch(/✓ fast path: 1 session\(s\) with a goal open: their hooks start Node/);

    const removal = JSON.parse(home.bin("uninstall", "--dry-run", "--json").stdout) as { changes: unknown[]; diff: string };
    expect(removal.changes).toEqual([
      { path: join(home.root, "acme", "settings.jsonc"), action: "updated", description: expect.any(String) },
    ]);
    expect(removal.diff).toMatch(/^-.*set -- before_tool .*goalpost-acme-hook\.sh/m);
    expect(home.bin("uninstall").status).toBe(0);
    // The user's keys, order and comments are back; jsonc-parser re-indents the lines it edited.
    expect(home.settings()).toContain("// Acme's own settings, with the user's comments");
    expect(withoutComments(home.settings())).toEqual(withoutComments(USER_SETTINGS));
    expect(home.bin("uninstall").stdout).toContain("not installed");
  });

  it("never breaks its host: bad JSON, a wrong payload, an unknown event and a closed stdout all answer no decision", () => {
    const home = fakeHome();
    const hook = (event: string, input: string) =>
      spawnSync(process.execPath, [BIN, "hook", event], { env: home.env, input, encoding: "utf8", timeout: 20_000 });
    for (const [event, input, message] of [
      ["stop", "{not json", /payload is not readable JSON/],
      // Over the 32 MiB a hook reads: drained, not kept, answered with no decision.
      ["stop", `{"event":"stop","pad":"${"x".repeat(33 * 1024 * 1024)}"}`, /the payload is over 32 MiB/],
      ["stop", JSON.stringify({ event: "stop" }), /unexpected stop payload/],
      ["no_such_event", "{}", /unknown Acme Agent hook event "no_such_event"/],
    ] as const) {
      const run = hook(event, input);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(message);
    }
    // doctor names the last fault (the hooks' stderr reaches nobody), as text and as data.
    const report = JSON.parse(home.bin("doctor", "--json").stdout) as {
      host: string;
      ok: boolean;
      checks: { ok: boolean; label: string; detail: string }[];
    };
    expect(report.host).toBe("acme");
    expect(report.ok).toBe(false);
    expect(report.checks.find((check) => check.label === "hook errors")).toEqual({
      ok: false,
      label: "hook errors",
      detail: expect.stringMatching(
        /^\d+ in the last day; the last at \S+ \(no_such_event\): goalpost: unknown Acme Agent hook event "no_such_event"/,
      ),
    });
    expect(home.bin("doctor").stdout).toMatch(/✗ hook errors: \d+ in the last day; the last at .* \(no_such_event\)/);
    // A host that closed its end before the answer: no EPIPE stack trace, exit 0.
    const closed = spawnSync("/bin/sh", ["-c", `"${process.execPath}" "${BIN}" hook user_prompt | true`], {
      env: home.env,
      input: JSON.stringify({ event: "user_prompt", session: "s2", dir: home.project, prompt: "/goal x".repeat(2000) }),
      encoding: "utf8",
    });
    expect(closed.stderr).not.toMatch(/EPIPE|Error/);
    // A payload read in many pieces (3 MB) arrives whole.
    const long = hook(
      "user_prompt",
      JSON.stringify({ event: "user_prompt", session: "s3", dir: home.project, prompt: `/goal ${"y".repeat(3_000_000)} end` }),
    );
    expect(long.status).toBe(0);
    expect(long.stderr).not.toMatch(/unexpected|not readable/);
  });

  it("says its version from its package.json, and shows help with examples", () => {
    const home = fakeHome();
    expect(home.bin("--version").stdout.trim()).toBe("0.0.0");
    const help = home.bin("--help").stdout;
    expect(help).toMatch(/^goalpost-acme 0\.0\.0 — keeps Acme Agent on the goal you set/);
    expect(help).toContain("goalpost-acme install --dry-run");
    expect(home.bin("frobnicate").status).toBe(2);
    // A typo is answered as the goalpost CLI answers one: what was likely meant, the usage line.
    const typo = home.bin("instal");
    expect(typo.status).toBe(2);
    expect(typo.stderr).toBe(
      'goalpost-acme: unknown command "instal" (did you mean "install"?)\nusage: goalpost-acme <command> [options]\n(goalpost-acme --help lists the commands)\n',
    );
  });

  it("says in doctor where the hook command is and what the fast path does, and how to get it back", () => {
    const home = fakeHome();
    const install = home.bin("install");
    expect(install.status, install.stderr).toBe(0);
    const doctor = home.bin("doctor").stdout;
    expect(doctor).toMatch(
      /✓ hook command: \/\S+\/goalpost-acme-hook\.sh \(the first hook Node runs makes a code cache for the rest\)/,
    );
    expect(doctor).toMatch(/✓ hook run: a session_start hook ran and answered/);
    expect(doctor).toMatch(/✓ fast path: no goal open: before_tool, after_tool answer without starting Node/);
    // Without the markers folder every hook starts Node: doctor says how to get the fast path back.
    rmSync(join(home.root, "acme", "goalpost", "open"), { recursive: true });
    expect(home.bin("doctor").stdout).toMatch(
      /✗ fast path: .*open is missing: every hook starts Node\. Run `goalpost-acme install` again\./,
    );
  });

  it("keeps a broken settings file untouched and says so", () => {
    const home = fakeHome();
    writeFileSync(join(home.root, "acme", "settings.jsonc"), "{ broken");
    const install = home.bin("install");
    expect(install.status).toBe(1);
    expect(install.stderr).toMatch(/is not valid JSONC .* goalpost left it untouched/);
    expect(readFileSync(join(home.root, "acme", "settings.jsonc"), "utf8")).toBe("{ broken");
  });
});
