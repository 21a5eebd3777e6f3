// goalpost's status line in a host's settings, through the example host built like every adapter:
// install keeps the user's own status line inside goalpost's, the installed command runs as the host
// runs it (sh -c, the status JSON on stdin), and uninstall puts the user's command back as it was.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { removeTestdirs, runInstalledHook, testdir } from "../testing/index.js";
import { shellWord } from "./hook-command.js";
import { refreshAdded, statusLineCommand, userStatusLine } from "./status-line-command.js";

const BIN = fileURLToPath(new URL("../../examples/example-host/dist/goalpost-acme.cjs", import.meta.url));

afterEach(removeTestdirs);

function fakeHome(settings: string) {
  const root = testdir({ acme: { "settings.jsonc": settings }, project: { "README.md": "# p\n" } });
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: root, ACME_HOME: join(root, "acme") };
  const bin = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { env, cwd: join(root, "project"), encoding: "utf8", timeout: 30_000 });
  const file = join(root, "acme", "settings.jsonc");
  type Settings = { statusLine?: { command: string }; hooks?: Record<string, { hooks: { command: string }[] }[]> };
  const read = () => JSON.parse(readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "")) as Settings & Record<string, unknown>;
  /** The status line as Acme runs it: its command through sh -c, the status JSON on stdin. */
  const statusLine = (session: string) => {
    const run = spawnSync("/bin/sh", ["-c", read().statusLine?.command ?? ""], {
      input: JSON.stringify({ session, model: "fast" }),
      env,
      cwd: join(root, "project"),
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout;
  };
  return { root, env, bin, file, read, statusLine, project: join(root, "project") };
}

const THEIRS = `{
  // the user's own status line, reading the same JSON
  "statusLine": { "type": "command", "command": "printf 'model %s' \\"$(sed 's/.*model.:.\\\\([a-z]*\\\\).*/\\\\1/')\\"", "padding": 2 }
}
`;

describe("goalpost's status line", { timeout: 60_000 }, () => {
  it("shows the goal after the user's own line, nothing of goalpost's without one, and gives theirs back on uninstall", () => {
    const home = fakeHome(THEIRS);
    expect(home.bin("install").status).toBe(0);
    expect(home.read()["statusLine"]).toMatchObject({ type: "command", padding: 2 });
    expect(home.bin("doctor").stdout).toMatch(
      /^✓ status line: goalpost's goal line after yours \(printf 'model %s' .*…\) in user scope$/m,
    );
    // Theirs alone while the session has no goal.
    expect(home.statusLine("s1")).toBe("model fast\n");

    const prompt = join(home.root, "prompt.json");
    writeFileSync(
      prompt,
      JSON.stringify({ event: "user_prompt", session: "s1", dir: home.project, prompt: "/goal ship the parser" }),
    );
    const hooks = home.read().hooks ?? {};
    expect(
      runInstalledHook(hooks["user_prompt"]![0]!.hooks[0]!.command, readFileSync(prompt, "utf8"), {
        env: home.env,
        cwd: home.project,
      }).status,
    ).toBe(0);
    expect(home.statusLine("s1")).toBe("model fast\ngoalpost ◎ ship the parser · draft · no checks set\n");
    // Another session of the same host has no goal: theirs alone.
    expect(home.statusLine("s2")).toBe("model fast\n");
    // The goal cleared: with no goal open anywhere, the line still shows how it ended, for a while.
    writeFileSync(prompt, JSON.stringify({ event: "user_prompt", session: "s1", dir: home.project, prompt: "goal: clear" }));
    runInstalledHook(hooks["user_prompt"]![0]!.hooks[0]!.command, readFileSync(prompt, "utf8"), {
      env: home.env,
      cwd: home.project,
    });
    expect(readdirSync(join(home.root, "acme", "goalpost", "open"))).toEqual([]);
    expect(home.statusLine("s1")).toBe("model fast\ngoalpost ✗ ship the parser · cancelled\n");
    expect(home.statusLine("s2")).toBe("model fast\n");
    // Sixteen minutes on, the user's line alone again, and the marker of that close is gone.
    const marker = join(home.root, "acme", "goalpost", "closed", "s1");
    const past = new Date(Date.now() - 16 * 60_000);
    utimesSync(marker, past, past);
    expect(home.statusLine("s1")).toBe("model fast\n");
    expect(existsSync(marker)).toBe(false);

    // Installing again keeps theirs once, not nested.
    expect(home.bin("install").stdout).toContain("already installed");
    expect(home.bin("uninstall").status).toBe(0);
    expect(readFileSync(home.file, "utf8")).toBe(THEIRS);
  });

  it("is one of goalpost's own when the user had none, goes whole on uninstall, and stays out with --no-status-line", () => {
    const home = fakeHome("{}\n");
    expect(home.bin("install").stdout).toMatch(/: hooks .*, and the status line$/m);
    expect(home.read()["statusLine"]).toEqual({
      type: "command",
      command: expect.stringMatching(/goalpost-acme-status-line\.sh/),
    });
    expect(home.statusLine("s1")).toBe("");
    expect(home.bin("doctor").stdout).toMatch(/^✓ status line: goalpost's goal line in user scope$/m);
    // Asked to leave it out: install takes goalpost's out again; the hooks stay, and doctor says how to add it.
    const without = home.bin("install", "--no-status-line");
    expect(without.status).toBe(0);
    // The report says what was done: the line taken out, not "and the status line".
    expect(without.stdout).toMatch(/: hooks .*, goalpost's status line taken out$/m);
    expect(without.stdout).not.toContain("and the status line");
    expect(home.read()["statusLine"]).toBeUndefined();
    expect(home.read()["hooks"]).toBeDefined();
    const doctor = home.bin("doctor");
    expect(doctor.stdout).toMatch(/^✓ status line: goalpost's goal line is not set \(`goalpost-acme install` adds it/m);
    expect(doctor.stdout).toMatch(/^✓ hooks: all \d+ events wired in user scope$/m);
    expect(home.bin("install").status).toBe(0);
    expect(home.bin("uninstall").status).toBe(0);
    expect(readFileSync(home.file, "utf8")).toBe("{}\n");
  });

  it("reads back exactly the command it wrapped, whatever its quotes, and only that", () => {
    const dist = shellWord("/opt/my tools/dist");
    const root = shellWord("/home/me/.acme/goalpost");
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.boolean(), (theirs, timer) => {
        const command = statusLineCommand(dist, "goalpost-acme", root, theirs, timer);
        expect(userStatusLine(command, "goalpost-acme")).toBe(theirs);
        expect(refreshAdded(command, "goalpost-acme")).toBe(timer);
      }),
    );
    expect(userStatusLine(statusLineCommand(dist, "goalpost-acme", root, null), "goalpost-acme")).toBeNull();
    for (const other of [
      "~/.claude/statusline.sh",
      "/bin/sh /opt/x/other-status-line.sh /r",
      42,
      null,
      "/bin/sh /d/goalpost-acme-status-line.sh /r 'a' 'b'",
    ])
      expect(userStatusLine(other, "goalpost-acme")).toBeUndefined();
  });
});
