// The built `goalpost` CLI as a child process, against a fake home holding three hosts and sessions
// in two directories: what people see (colour only on a terminal), what scripts get (--json, exit
// codes), install into every detected host, doctor, the kill switch, help.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import { closeGoal, continueGoal, createGoal, letGoalGo, retireGoal } from "@goalpost/core/internal";
import { afterEach, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));
const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
afterEach(removeTestdirs);

function fakeMachine() {
  const root = testdir({ home: { ".claude": {}, ".codex": {}, ".copilot": {} }, "project-a": {}, "project-b": {} });
  const home = join(root, "home");
  const env: Record<string, string> = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home, NO_COLOR: "" };
  const run = (args: string[], options: { cwd?: string; extra?: Record<string, string> } = {}) =>
    spawnSync(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? join(root, "project-a"),
      env: { ...env, ...options.extra },
      encoding: "utf8",
      timeout: 90_000,
    });
  const stateRoot = (host: string) =>
    join(home, { "claude-code": ".claude", codex: ".codex", "copilot-cli": ".copilot" }[host]!, "goalpost");
  /** A goal left by a host's session in a directory (the session ended), through core's own store. */
  const leaveGoal = (host: string, sessionId: string, dir: string, objective: string, closed = false) => {
    const identity = { sessionId, host, cwd: join(root, dir) };
    const goal = createGoal({ ...identity, objective, source: "api", remaining: ["the rest"] });
    createGoalStore({ root: stateRoot(host) }).update(identity, (state) => {
      state.goals.push(closed ? closeGoal(goal, { status: "cancelled" }) : goal);
      state.endedAt = new Date().toISOString();
    });
    return goal.id;
  };
  return { root, home, env, run, leaveGoal, stateRoot };
}

describe("goalpost uninstall with no host named", { timeout: 120_000 }, () => {
  it("offers only the hosts goalpost is wired into, as doctor finds them", () => {
    const machine = fakeMachine();
    expect(machine.run(["install", "codex", "--yes"]).status).toBe(0);
    const doctor = JSON.parse(machine.run(["doctor", "--json"]).stdout).hosts as { host: string; verdict: string }[];
    const wired = doctor.filter((host) => host.verdict !== "not-installed" && host.verdict !== "absent").map((host) => host.host);
    expect(wired).toEqual(["codex"]);
    const out = machine.run(["uninstall", "--yes", "--json"]);
    expect(out.status, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout).hosts.map((host: { host: string }) => host.host)).toEqual(wired);
    expect(JSON.parse(machine.run(["uninstall", "--yes", "--json"]).stdout)).toEqual({ command: "uninstall", hosts: [] });
  });
});

describe("--json on every command", { timeout: 180_000 }, () => {
  it("answers each command of the help's list with JSON on stdout, and nothing else there", () => {
    const machine = fakeMachine();
    const listed = [...machine.run(["--help"]).stdout.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((match) => match[1]!);
    expect(listed).toEqual(expect.arrayContaining(["status", "watch", "install", "uninstall", "demo", "completion"]));
    // Each with what it needs to finish on its own: a host, a shell, a dry run.
    const args: Record<string, string[]> = {
      install: ["codex", "--dry-run"],
      uninstall: ["codex", "--dry-run"],
      demo: ["claude-code"],
      completion: ["fish"],
    };
    for (const command of listed) {
      const run = machine.run([command, ...(args[command] ?? []), "--json"]);
      // watch prints a line of JSON per change; without a terminal it prints one and ends.
      const first = command === "watch" ? run.stdout.split("\n")[0]! : run.stdout;
      expect(() => JSON.parse(first), `${command}: ${run.stdout.slice(0, 200)}`).not.toThrow();
    }
  });
});

describe("goalpost completion", () => {
  it("prints the script, or with --json the script in an object", () => {
    const machine = fakeMachine();
    const plain = machine.run(["completion", "bash"]).stdout;
    expect(plain).toContain("complete ");
    expect(JSON.parse(machine.run(["completion", "bash", "--json"]).stdout)).toEqual({ shell: "bash", script: plain });
  });
});

describe("goalpost status, list and show across hosts", { timeout: 120_000 }, () => {
  it("shows this directory's open goals from every host, every directory with list, and one goal with show", () => {
    const machine = fakeMachine();
    const claude = machine.leaveGoal("claude-code", "cc-1", "project-a", "stream the importer");
    const codex = machine.leaveGoal("codex", "cx-1", "project-a", "fix the flaky test");
    const other = machine.leaveGoal("copilot-cli", "cp-1", "project-b", "write the docs");
    const closed = machine.leaveGoal("codex", "cx-2", "project-a", "an old goal", true);
    // Claude Code's goal: goalpost's run of its check passed on changed tests, so it waits for the user.
    createGoalStore({ root: machine.stateRoot("claude-code") }).update(
      { sessionId: "cc-1", host: "claude-code", cwd: join(machine.root, "project-a") },
      (state) => {
        state.goals[0] = {
          ...state.goals[0]!,
          checks: [{ command: "npm test", kind: "test", source: "project" }],
          awaitingUser: {
            reason: "checks-changed",
            summary: "The checks passed, but a.test.js changed.",
            at: new Date().toISOString(),
          },
        };
      },
    );

    const status = machine.run(["status"]);
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/^2 open goals in .*project-a/);
    expect(status.stdout).toContain(`${claude}  active  Claude Code · session cc-1`);
    expect(status.stdout).toContain(`${codex}  active  Codex · session cx-1`);
    expect(status.stdout).toMatch(/1 step left · open \d+ s · updated \d+ s ago · \d+ conditions to meet before it can close/);
    expect(status.stdout).not.toContain("write the docs");
    expect(status.stdout).toContain("  checks: npm test\n  ! waits for you: The checks passed, but a.test.js changed.");
    expect(status.stdout).toContain("  checks: none");
    // Not a terminal: no escape codes, whatever the goal says.
    expect(status.stdout).not.toContain("\u001b[");
    const json = JSON.parse(machine.run(["status", "--json"]).stdout);
    expect(json.goals.map((goal: { goalId: string }) => goal.goalId).sort()).toEqual([claude, codex].sort());
    expect(json.goals[0]).toEqual(
      expect.objectContaining({ host: expect.any(String), sessionId: expect.any(String), remaining: 1, drift: 0, open: true }),
    );
    expect(JSON.parse(machine.run(["status", "--json"], { cwd: join(machine.root, "project-b") }).stdout).goals).toEqual([
      expect.objectContaining({ goalId: other, host: "copilot-cli", objective: "write the docs" }),
    ]);

    const list = machine.run(["list"]).stdout;
    expect(list).toContain(join(machine.root, "project-a"));
    expect(list).toContain(join(machine.root, "project-b"));
    expect(list).not.toContain(closed);
    expect(machine.run(["list", "--all"]).stdout).toContain(`${closed}  cancelled`);

    const show = machine.run(["show", codex]);
    expect(show.stdout).toContain(`<session_goal id="${codex}"`);
    expect(show.stdout).toContain("fix the flaky test");
    expect(JSON.parse(machine.run(["show", "cp-1", "--json"]).stdout)).toMatchObject({
      host: "copilot-cli",
      sessionId: "cp-1",
      goal: { id: other, objective: "write the docs" },
    });
    // report: with no id, this directory's latest open goal, written beside the goals.
    const written = JSON.parse(machine.run(["report", "--json"]).stdout) as { goalId: string; path: string };
    expect([claude, codex]).toContain(written.goalId);
    expect(written.path.startsWith(join(machine.home))).toBe(true);
    expect(written.path).toMatch(/\/goalpost\/reports\/goal_\w+\.html$/);
    expect(readFileSync(written.path, "utf8")).toMatch(/^<!doctype html>/);
    expect(machine.run(["report", other, "--out", "-"]).stdout).toContain("write the docs");
    // A receipt Claude Code's transcript never held (a pair a script fed to the hook) is counted apart, in red.
    createGoalStore({ root: machine.stateRoot("claude-code") }).update(
      { sessionId: "cc-1", host: "claude-code", cwd: join(machine.root, "project-a") },
      (state) => {
        const at = new Date().toISOString();
        const receipt = { at, tool: "Bash", command: "npm test", category: "test" as const, passed: true, files: [] };
        state.goals[0] = {
          ...state.goals[0]!,
          receipts: [
            { ...receipt, toolUseId: "toolu_real", corroborated: true },
            { ...receipt, toolUseId: "toolu_forged", corroborated: false },
          ],
        };
      },
    );
    const page = machine.run(["report", claude, "--out", "-"]).stdout;
    expect(page).toMatch(/data-count="passing receipts"><b>1<\/b>/);
    expect(page).toMatch(/data-count="receipts the host never saw"><b>1<\/b>/);
    expect(page).toContain("The agent&#39;s receipt: test passed — not in the host&#39;s own record");
    const nowhere = machine.run(["report"], { cwd: machine.home });
    expect(nowhere.status).toBe(3);
    expect(nowhere.stderr).toContain("no goal recorded for");
    const missing = machine.run(["show", "goal_nope"]);
    expect(missing.status).toBe(3);
    expect(missing.stderr).toContain('no goal or session "goal_nope"');
  });

  it("shows what a goal spent against its budget, and why goalpost let the agent go, in status, --json and the report", () => {
    const machine = fakeMachine();
    const identity = { sessionId: "cc-9", host: "claude-code", cwd: join(machine.root, "project-a") };
    const store = createGoalStore({ root: machine.stateRoot("claude-code") });
    store.update(identity, (state) => {
      const goal = createGoal({
        ...identity,
        objective: "stream the importer",
        source: "api",
        budget: { turns: 3, seconds: 7200, tokens: null },
      });
      state.goals.push(
        letGoalGo(
          { ...goal, spent: { turns: 3, seconds: 780, tokens: 41_200, windDownAt: null } },
          "budget-limited",
          "budget reached: 3 of 3 turns, 13 min of 2 h, 41,200 tokens",
        ),
      );
    });
    const status = machine.run(["status"]).stdout;
    expect(status).toContain("budget-limited");
    expect(status).toContain("  spent: 3 of 3 turns, 13 min of 2 h, 41,200 tokens");
    expect(status).toContain("  ! budget reached: 3 of 3 turns");
    const row = JSON.parse(machine.run(["status", "--json"]).stdout).goals[0];
    expect(row).toMatchObject({
      status: "budget-limited",
      spent: "3 of 3 turns, 13 min of 2 h, 41,200 tokens",
      budget: { turns: 3 },
    });
    const page = machine.run(["report", row.goalId, "--out", "-"]).stdout;
    expect(page).toContain("<p data-spent>3 of 3 turns, 13 min of 2 h, 41,200 tokens</p>");
    expect(page).toContain("budget: 3 turns, 2 h");
    // --open where no browser can open: said, with the path; the report is written all the same.
    const opened = machine.run(["report", row.goalId, "--open", "--json"], { extra: { PATH: "/nonexistent" } });
    expect(opened.stderr).toMatch(/could not open a browser: xdg-open is not on PATH\. Open the report yourself: \/.*\.html/);
    expect(JSON.parse(opened.stdout)).toMatchObject({ goalId: row.goalId, opened: false });
  });

  it("keeps the ending in view: a goal closed on goalpost's run is listed with ✓ and its proof, and show with no id shows it", () => {
    const machine = fakeMachine();
    const identity = { sessionId: "cc-9", host: "claude-code", cwd: join(machine.root, "project-a") };
    const goal = createGoal({ ...identity, objective: "stream the importer", source: "api" });
    createGoalStore({ root: machine.stateRoot("claude-code") }).update(identity, (state) => {
      const proven = {
        ...goal,
        checks: [{ command: "npm test", kind: "test" as const, source: "project" as const }],
        verification: {
          id: "run_1",
          state: "passed",
          startedAt: goal.createdAt,
          finishedAt: goal.createdAt,
          tree: null,
          definition: null,
          verdict: "npm test: 12 tests passed",
          sandbox: "bubblewrap",
          results: [],
          pid: null,
          pidStart: null,
          changed: { files: [{ path: "src/import.js", added: 12, removed: 3 }], more: 0 },
        },
      } satisfies typeof goal;
      state.goals.push(retireGoal(proven, { status: "complete", reason: "goalpost's run passed" }));
    });
    const status = machine.run(["status"]);
    expect(status.stdout).toMatch(/^No open goals in .*project-a\.\n/);
    expect(status.stdout).toContain("Closed in the last 12 hours");
    expect(status.stdout).toMatch(new RegExp(`✓ ${goal.id}  complete \\d+ s ago  Claude Code · session cc-9`));
    expect(status.stdout).toContain(
      "  proven by goalpost's own run of `npm test`: npm test: 12 tests passed; changed since the goal was set: src/import.js (+12 −3)",
    );
    // The report says what the work changed too, beside the run's verdict.
    expect(machine.run(["report", goal.id, "--out", "-"]).stdout).toContain(
      "<p data-changed>Changed since the goal was set: src/import.js (+12 −3)</p>",
    );
    const json = JSON.parse(machine.run(["status", "--json"]).stdout);
    expect(json.goals).toEqual([]);
    expect(json.closed).toEqual([
      expect.objectContaining({ goalId: goal.id, status: "complete", ending: expect.stringMatching(/^proven by/) }),
    ]);
    // show with no id: the goal of this directory that changed last, closed as it is.
    const show = machine.run(["show"]);
    expect(show.status).toBe(0);
    expect(show.stdout).toMatch(new RegExp(`^${goal.id}  complete\n`));
    // A goal not found under --json is JSON on stdout too.
    const missing = machine.run(["show", "goal_nope", "--json"]);
    expect(missing.status).toBe(3);
    expect(JSON.parse(missing.stdout)).toEqual({ error: expect.stringContaining('no goal or session "goal_nope"') });
    const nowhere = machine.run(["show", "--json"], { cwd: machine.home });
    expect(JSON.parse(nowhere.stdout).error).toMatch(/no goal was ever set in/);
    // Switched off: said first, in text and JSON.
    expect(machine.run(["disable", "claude-code"]).status).toBe(0);
    expect(machine.run(["status"]).stdout).toMatch(
      /^goalpost is switched off for Claude Code: goals are kept, nothing holds the agent to them/,
    );
    expect(JSON.parse(machine.run(["status", "--json"]).stdout).off).toEqual([expect.objectContaining({ host: "claude-code" })]);
  });

  it("changes nothing by reading: a damaged session file is reported and left in place, its goal still listed", () => {
    const machine = fakeMachine();
    const goalId = machine.leaveGoal("claude-code", "cc-5", "project-a", "stream the importer");
    const store = createGoalStore({ root: machine.stateRoot("claude-code") });
    const path = store.sessionPath("cc-5");
    const whole = readFileSync(path, "utf8");
    writeFileSync(path, whole.slice(0, Math.floor(whole.length / 2)));
    const before = readFileSync(path, "utf8");
    const status = machine.run(["status"]);
    expect(status.status).toBe(0);
    expect(status.stderr).toMatch(
      /cc-5\.json is not valid JSON .*; left as it is\. The session's next hook keeps what can be read of it/,
    );
    // Only the id and objective survive in the continuation index: the goal is still there, and named.
    expect(status.stdout).toContain(goalId);
    expect(status.stdout).toContain("stream the importer");
    machine.run(["show", goalId]);
    machine.run(["report", goalId, "--out", "-"]);
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(readdirSync(dirname(path)).filter((name) => name.includes(".corrupt-"))).toEqual([]);
  });

  it("says where a goal continued from another host came from", () => {
    const machine = fakeMachine();
    machine.leaveGoal("claude-code", "cc-9", "project-b", "carry the migration over");
    const identity = { sessionId: "cx-9", host: "codex", cwd: join(machine.root, "project-b") };
    const outcome = continueGoal(createGoalStore({ root: machine.stateRoot("codex") }), identity, undefined, [
      createGoalStore({ root: machine.stateRoot("claude-code") }),
    ]);
    expect(outcome.kind).toBe("continued");
    const status = machine.run(["status"], { cwd: join(machine.root, "project-b") });
    expect(status.stdout).toMatch(
      /Codex · session cx-9\n {2}carry the migration over\n.*\n {2}continued from claude-code session cc-9/,
    );
    expect(JSON.parse(machine.run(["status", "--json"], { cwd: join(machine.root, "project-b") }).stdout).goals).toEqual([
      expect.objectContaining({ host: "codex", continuedFrom: "claude-code session cc-9" }),
    ]);
  });

  it("colours for a terminal only: FORCE_COLOR turns it on, NO_COLOR and --no-color off", () => {
    const machine = fakeMachine();
    machine.leaveGoal("claude-code", "cc-1", "project-a", "stream the importer");
    expect(machine.run(["status"], { extra: { FORCE_COLOR: "1" } }).stdout).toContain("\u001b[32mactive");
    expect(machine.run(["status"], { extra: { FORCE_COLOR: "1", NO_COLOR: "1" } }).stdout).not.toContain("\u001b[");
    expect(machine.run(["status", "--no-color"], { extra: { FORCE_COLOR: "1" } }).stdout).not.toContain("\u001b[");
  });
});

describe("goalpost status and the faults hooks met", { timeout: 60_000 }, () => {
  it("lists the last day's problems after the goals, and in --json", () => {
    const machine = fakeMachine();
    machine.leaveGoal("claude-code", "cc-1", "project-a", "stream the importer");
    const root = machine.stateRoot("claude-code");
    const at = new Date().toISOString();
    const old = new Date(Date.now() - 3 * 24 * 60 * 60_000).toISOString();
    // Written as a goalpost before the one notice log wrote them (read until the log's first write).
    writeFileSync(
      join(root, "hook-faults.json"),
      JSON.stringify({
        faults: [
          { at: old, event: "Stop", message: "an old one" },
          { at, event: "Stop", message: "goalpost: the open goal g-1 of session cc-1 was kept from its damaged file." },
        ],
      }),
    );
    writeFileSync(join(root, "two-copies.json"), JSON.stringify({ at, copies: ["/a/dist/x.cjs", "/b/dist/x.cjs"] }));
    const status = machine.run(["status"]);
    expect(status.stdout).toContain("2 problems hooks met in the last day");
    expect(status.stdout).toMatch(/Stop: goalpost: the open goal g-1 of session cc-1 was kept from its damaged file/);
    expect(status.stdout).toContain("two copies of goalpost answer one state root: /a/dist/x.cjs and /b/dist/x.cjs");
    expect(status.stdout).not.toContain("an old one");
    expect(JSON.parse(machine.run(["status", "--json"]).stdout).problems).toHaveLength(2);
  });

  it("lists what prompts decided that loosened a goal, apart from the problems", () => {
    const machine = fakeMachine();
    machine.leaveGoal("claude-code", "cc-1", "project-a", "stream the importer");
    const root = machine.stateRoot("claude-code");
    const at = new Date().toISOString();
    // As core's prompt handler records it (notices.json, the one log).
    writeFileSync(
      join(root, "notices.json"),
      JSON.stringify({ notices: [{ at, kind: "decision", message: "`/goal clear` (goal g-1 cleared)", told: true }] }),
    );
    const status = machine.run(["status"]);
    expect(status.stdout).toMatch(/Taken as your word in the last day.*\n {2}\S+ `\/goal clear` \(goal g-1 cleared\)/);
    expect(status.stdout).not.toContain("problems hooks met");
    expect(JSON.parse(machine.run(["status", "--json"]).stdout).decisions).toEqual([
      { root, at, message: "`/goal clear` (goal g-1 cleared)" },
    ]);
  });
});

describe("goalpost install, doctor, disable and uninstall across hosts", { timeout: 180_000 }, () => {
  it("installs into every detected host with --yes, asks otherwise, doctors each, switches one off and takes it all out", () => {
    const machine = fakeMachine();
    // Not a terminal and no --yes: nothing is written; the hosts found are named.
    const unasked = machine.run(["install"]);
    expect(unasked.status).toBe(2);
    // Under --json the same refusal is JSON on stdout.
    const unaskedJson = machine.run(["install", "--json"]);
    expect(unaskedJson.status).toBe(2);
    expect(JSON.parse(unaskedJson.stdout).error).toMatch(/Not a terminal, so not asking/);
    expect(unasked.stderr).toMatch(/found Claude Code \(.*\.claude\), Codex \(.*\.codex\), Copilot CLI \(.*\.copilot\)/);
    expect(unasked.stderr).toContain("pass --yes");
    expect(existsSync(join(machine.home, ".claude", "settings.json"))).toBe(false);

    const dryRun = JSON.parse(machine.run(["install", "--dry-run", "--json"]).stdout);
    // VS Code is not on this machine (no profile folder, no `code`): not offered.
    expect(dryRun.hosts.map((host: { host: string }) => host.host)).toEqual(["claude-code", "codex", "copilot-cli"]);
    expect(dryRun.hosts.every((host: { result: { dryRun: boolean } }) => host.result.dryRun)).toBe(true);
    expect(existsSync(join(machine.home, ".codex", "hooks.json"))).toBe(false);

    const install = machine.run(["install", "--yes"]);
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).toMatch(/── Claude Code[\s\S]*── Codex[\s\S]*── Copilot CLI/);
    expect(install.stdout).toContain("Next: use your agent, then `goalpost status` and `goalpost report`.");

    const doctor = JSON.parse(machine.run(["doctor", "--json"]).stdout);
    expect(doctor.hosts.map((host: { host: string; verdict: string }) => [host.host, host.verdict])).toEqual([
      ["claude-code", "working"],
      ["codex", "working"],
      ["copilot-cli", "working"],
      ["vscode-chat", "absent"],
    ]);
    const verbose = machine.run(["doctor", "codex", "--verbose"]);
    expect(verbose.status).toBe(0);
    expect(verbose.stdout).toMatch(/^✓ Codex: working/);
    expect(verbose.stdout).toMatch(/✓ state: .* is writable and private/);
    expect(verbose.stdout).toMatch(/✓ hook errors: none in the last day/);

    // The kill switch: Codex's hooks answer nothing while it is off; Claude Code's are untouched.
    expect(machine.run(["disable", "codex"]).stdout).toMatch(/^off Codex/);
    const codexHooks = installedHookCommands(
      JSON.parse(readFileSync(join(machine.home, ".codex", "hooks.json"), "utf8")).hooks,
      "goalpost-codex",
    );
    const prompt = {
      session_id: "cx-9",
      turn_id: "t",
      cwd: join(machine.root, "project-a"),
      transcript_path: null,
      hook_event_name: "UserPromptSubmit",
      model: "m",
      prompt: "goal: ship it",
    };
    const off = runInstalledHook(codexHooks["UserPromptSubmit"]!, prompt, { env: machine.env });
    expect(off.stdout).toBe("");
    expect(machine.run(["doctor", "codex"]).stdout).toMatch(/Codex: installed, switched off/);
    expect(JSON.parse(machine.run(["enable", "--json"]).stdout).hosts).toEqual(
      expect.arrayContaining([expect.objectContaining({ host: "codex", enabled: true, changed: true })]),
    );
    const on = runInstalledHook(codexHooks["UserPromptSubmit"]!, prompt, { env: machine.env });
    expect(JSON.stringify(on.output)).toContain("ship it");

    // A broken wiring is a problem doctor names, with exit 1.
    const fault = runInstalledHook(codexHooks["Stop"]!, { not: "a stop payload" }, { env: machine.env });
    expect(fault.stdout).toBe("");
    const sick = machine.run(["doctor"]);
    expect(sick.status).toBe(1);
    expect(sick.stdout).toMatch(
      /✗ Codex: hook errors: \d+ in the last day; the last at .* \(Stop\): goalpost: unexpected Stop payload/,
    );

    const uninstall = machine.run(["uninstall", "--yes"]);
    expect(uninstall.status, uninstall.stderr).toBe(0);
    expect(machine.run(["uninstall", "--yes"]).stdout).toBe("goalpost is not wired into any host here: nothing to uninstall.\n");
    expect(JSON.parse(machine.run(["doctor", "--json"]).stdout).hosts.map((host: { verdict: string }) => host.verdict)).toEqual([
      "not-installed",
      "not-installed",
      "not-installed",
      "absent",
    ]);
  });

  // A person at a terminal is asked, host by host; `script` gives the CLI a real pseudo-terminal.
  it.skipIf(!existsSync("/usr/bin/script"))(
    "asks at a terminal with one list of the hosts found, and installs only the ones kept",
    () => {
      const machine = fakeMachine();
      // Down to Codex, untick it with space, enter: the other two stay ticked. The keys are typed once the
      // list is up (a terminal drops what arrives before the prompt reads it).
      const keys = "sleep 4; printf '\\033[B'; sleep 0.5; printf ' '; sleep 0.5; printf '\\r'; sleep 1";
      const run = spawnSync(
        "/bin/sh",
        ["-c", `(${keys}) | /usr/bin/script -qec '"${process.execPath}" "${bin}" install' /dev/null`],
        { cwd: join(machine.root, "project-a"), env: { ...machine.env, TERM: "xterm" }, encoding: "utf8", timeout: 90_000 },
      );
      expect(run.status, run.stdout).toBe(0);
      // What the terminal showed, without its escapes and spacing (the prompt moves the cursor instead).
      const shown = run.stdout.replace(/\s/g, "").replace(/\u001b\[[0-9;?]*[a-zA-Z]/g, "");
      expect(shown).toContain("Installgoalpostinto(spacetountick,entertogoon):");
      expect(shown).toContain("ClaudeCode,CopilotCLI");
      expect(existsSync(join(machine.home, ".claude", "settings.json"))).toBe(true);
      expect(existsSync(join(machine.home, ".codex", "hooks.json"))).toBe(false);
      expect(existsSync(join(machine.home, ".copilot", "hooks", "goalpost.json"))).toBe(true);
    },
  );

  it("names in every hint a command the user has: goalpost's own form where only goalpost is on the PATH", () => {
    const machine = fakeMachine();
    const tools = join(machine.root, "bin");
    mkdirSync(tools);
    writeFileSync(join(tools, "goalpost"), "#!/bin/sh\n");
    chmodSync(join(tools, "goalpost"), 0o755);
    const onPath = { PATH: `${tools}:${machine.env["PATH"]}` };
    const doctor = JSON.parse(machine.run(["doctor", "claude-code", "--json"], { extra: onPath }).stdout);
    const details = doctor.hosts[0].checks.map((check: { detail: string }) => check.detail).join("\n");
    expect(details).toContain("not installed: run `goalpost install claude-code`");
    expect(details).not.toContain("goalpost-claude-code install");
    const install = machine.run(["install", "claude-code"], { extra: onPath });
    expect(install.stdout).toContain("`goalpost doctor claude-code` checks the wiring");
    // With the adapter's own bin on the PATH (installed on its own), its name.
    writeFileSync(join(tools, "goalpost-codex"), "#!/bin/sh\n");
    chmodSync(join(tools, "goalpost-codex"), 0o755);
    expect(machine.run(["install", "codex"], { extra: onPath }).stdout).toContain("`goalpost-codex doctor` checks the wiring");
  });

  it("changes the mode of no folder it does not own, and a VS Code install is no sign of Copilot CLI", () => {
    const root = testdir({ home: { ".claude": { "keep.json": "{}" }, ".config": { Code: { User: {} } } }, project: {} });
    const home = join(root, "home");
    const folders = [home, join(home, ".claude"), join(home, ".config", "Code", "User")];
    for (const folder of folders) chmodSync(folder, 0o755);
    const run = (args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], {
        cwd: join(root, "project"),
        env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home },
        encoding: "utf8",
        timeout: 90_000,
      });
    const modes = () => folders.map((folder) => (statSync(folder).mode & 0o777).toString(8));
    expect(run(["install", "claude-code", "vscode-chat", "--yes"]).status).toBe(0);
    // Claude Code's install writes ~/.claude.json beside the home: the home keeps its mode, and so do the hosts' folders.
    expect(modes()).toEqual(["755", "755", "755"]);
    // VS Code reads its hooks from ~/.copilot/hooks: that folder now exists, holding only goalpost's files.
    expect(existsSync(join(home, ".copilot", "hooks", "goalpost-vscode.json"))).toBe(true);
    const hosts = JSON.parse(run(["install", "--dry-run", "--json"]).stdout).hosts.map((host: { host: string }) => host.host);
    expect(hosts).toEqual(["claude-code", "vscode-chat"]);
    expect(run(["uninstall", "--yes"]).status).toBe(0);
    expect(modes()).toEqual(["755", "755", "755"]);
  });

  it("leaves a home as it was: install, a session, uninstall keeps only the named goal records and the user's settings, --purge the records too", () => {
    const root = testdir({
      home: {
        ".claude": { "settings.json": '{"model":"opus"}' },
        ".codex": { "config.toml": '# mine\nmodel = "o3"\n' },
        ".copilot": { "settings.json": '{"theme":"dark"}', agents: {} },
        ".config": { Code: { User: { "settings.json": '{\n  // mine\n  "editor.fontSize": 14\n}\n' } } },
      },
      project: {},
    });
    const home = join(root, "home");
    for (const folder of [home, join(home, ".claude"), join(home, ".codex")]) chmodSync(folder, 0o755);
    const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home };
    const run = (args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], { cwd: join(root, "project"), env, encoding: "utf8", timeout: 90_000 });
    /** Every path under the home with its mode, and every file's bytes. */
    const snapshot = (): string[] =>
      readdirSync(home, { recursive: true, withFileTypes: true })
        .map((entry) => {
          const path = join(entry.parentPath, entry.name);
          const mode = (statSync(path).mode & 0o777).toString(8);
          return `${path.slice(home.length)} ${mode}${entry.isFile() ? ` ${readFileSync(path, "base64")}` : ""}`;
        })
        .sort();
    const before = snapshot();
    expect(run(["install", "--yes"]).status).toBe(0);
    // The user's own settings, written in goalpost's state root as the README says (their notifier, limits).
    const config = join(home, ".claude", "goalpost", "config.json");
    writeFileSync(config, '{ "stopBlockLimit": 5 }\n');
    // A session in Claude Code through its installed hook: a goal is recorded.
    const settings = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8"));
    const prompt = installedHookCommands(settings.hooks, "goalpost-claude-code")["UserPromptSubmit"]!;
    const payload = {
      session_id: "s1",
      transcript_path: null,
      cwd: join(root, "project"),
      hook_event_name: "UserPromptSubmit",
      prompt: "/goal x",
    };
    expect(runInstalledHook(prompt, payload, { env, cwd: join(root, "project") }).status).toBe(0);
    expect(run(["status"]).stdout).toContain("1 open goal");

    const out = run(["uninstall", "--yes"]);
    expect(out.status, out.stderr).toBe(0);
    // The purge named as a command on this PATH: the adapter's bin, or goalpost's where only it is there.
    expect(out.stdout).toMatch(
      /kept your goal records in .*\.claude\/goalpost \(audit\.log, by-cwd-session, by-session, ledger\) and their entry in .*\.local\/state\/goalpost\/roots, where other hosts find them; `(goalpost-claude-code uninstall --purge|goalpost uninstall claude-code --purge)` removes them too/,
    );
    expect(out.stdout).toMatch(/kept .*\.claude\/goalpost\/config\.json: your settings, which uninstall never removes/);
    const records = join("/.claude", "goalpost");
    // Nothing else differs: the settings byte for byte, no backup, no folder install made, no mode changed.
    const outside = (line: string) => !line.startsWith(records) && !line.startsWith("/.local");
    expect(snapshot().filter(outside)).toEqual(before.filter(outside));
    expect(
      spawnSync(
        process.execPath,
        [
          join(dirname(bin), "..", "node_modules", "@goalpost", "adapter-claude-code", "dist", "goalpost-claude-code.js"),
          "uninstall",
          "--purge",
        ],
        { env, encoding: "utf8" },
      ).stdout,
    ).toMatch(/goal records purged from .*; kept .*config\.json: your settings, which uninstall never removes/);
    // Everything as it was but the user's settings, kept in goalpost's (private) folder.
    expect(snapshot()).toEqual(
      [
        ...before,
        "/.claude/goalpost 700",
        `/.claude/goalpost/config.json 644 ${Buffer.from('{ "stopBlockLimit": 5 }\n').toString("base64")}`,
      ].sort(),
    );
  });

  it("names unknown hosts and bad flags with exit 2, and finds no host on a bare machine", () => {
    const machine = fakeMachine();
    const unknown = machine.run(["install", "emacs"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no adapter for host "emacs" (available: claude-code, codex, copilot-cli, vscode-chat)');
    expect(machine.run(["status", "--frobnicate"]).status).toBe(2);
    expect(machine.run(["frobnicate"]).status).toBe(2);
    // Its own words, the likely meaning, the usage line only — and JSON on stdout for --json.
    const typo = machine.run(["statsu"]);
    expect(typo.stderr).toBe(
      'goalpost: unknown command "statsu" (did you mean "status"?)\nusage: goalpost <command> [options]\n(goalpost --help lists the commands: status, watch, list, show, report, install, uninstall, doctor, disable, enable, prune, demo, completion)\n',
    );
    expect(machine.run(["install", "claude"]).stderr).toContain('no adapter for host "claude" (did you mean "claude-code"?)');
    const flag = machine.run(["status", "--jsno"]);
    expect(flag.stderr).toBe(
      'goalpost status: unknown option --jsno (did you mean "--json"?)\nusage: goalpost status [--dir <dir>] [--root <state-dir>] [--json]\n(goalpost status --help for more)\n',
    );
    expect(JSON.parse(machine.run(["status", "--frob", "--json"]).stdout)).toEqual({
      error: "goalpost status: unknown option --frob",
      usage: "usage: goalpost status [--dir <dir>] [--root <state-dir>] [--json]",
    });
    expect(JSON.parse(machine.run(["doctor", "emacs", "--json"]).stdout).error).toMatch(/no adapter for host "emacs"/);
    expect(JSON.parse(machine.run(["--version", "--json"]).stdout)).toEqual({ version });
    expect(machine.run(["report", "--out"]).stderr).toMatch(/^goalpost report: --out needs a value\n/);
    const bare = testdir({ home: {} });
    const nothing = spawnSync(process.execPath, [bin, "install", "--yes"], {
      env: { PATH: "/usr/bin:/bin", HOME: join(bare, "home") },
      encoding: "utf8",
    });
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toMatch(/none of Claude Code, Codex, Copilot CLI, VS Code Copilot Chat was found/);
  });
});

describe("goalpost prune", { timeout: 60_000 }, () => {
  it("archives old closed sessions; show still finds their goals", () => {
    const root = testdir({ state: {} });
    const stateRoot = join(root, "state");
    let now = new Date("2026-01-01T00:00:00.000Z");
    const store = createGoalStore({ root: stateRoot, now: () => now });
    const identity = { sessionId: "old", host: "claude-code", cwd: "/p" };
    const goal = createGoal({ ...identity, objective: "ship the old thing", source: "api" }, now);
    store.update(identity, (state) => {
      state.goals.push(closeGoal(goal, { status: "cancelled" }, now));
    });
    now = new Date();
    const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args, "--root", stateRoot], { encoding: "utf8" });
    // A session quiet for 40 days had a secret redacted: its fingerprints go too.
    mkdirSync(join(stateRoot, "secret-prints"));
    const prints = join(stateRoot, "secret-prints", "old.json");
    writeFileSync(prints, '{"prints":["0123456789abcdef"]}\n');
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    utimesSync(prints, longAgo, longAgo);
    const pruned = run(["prune", "--days", "30"]).stdout;
    expect(pruned).toContain("archived 1 session(s), kept 0");
    expect(pruned).toContain("1 session(s)' secret fingerprints");
    expect(existsSync(prints)).toBe(false);
    expect(run(["show", goal.id]).stdout).toContain("ship the old thing");
    expect(JSON.parse(run(["list", "--all", "--json"]).stdout).goals).toEqual([
      expect.objectContaining({ goalId: goal.id, archived: true, status: "cancelled" }),
    ]);
    expect(run(["prune", "--days", "zero"]).status).toBe(2);
  });
});

describe("goalpost help and version", { timeout: 60_000 }, () => {
  it("says its version, lists every command, and gives each command's help with examples", () => {
    const machine = fakeMachine();
    expect(machine.run(["--version"]).stdout.trim()).toBe(version);
    const help = machine.run(["--help"]).stdout;
    const commands = ["status", "list", "show", "report", "install", "uninstall", "doctor", "disable", "enable", "prune", "demo"];
    for (const command of commands) {
      expect(help).toMatch(new RegExp(`^  ${command} +\\S`, "m"));
      const own = machine.run([command, "--help"]);
      expect(own.status).toBe(0);
      expect(own.stdout).toMatch(new RegExp(`^usage: goalpost ${command}`));
      expect(own.stdout).toMatch(/\nexamples:\n {2}goalpost /);
    }
    expect(machine.run(["help", "report"]).stdout).toMatch(/^usage: goalpost report/);
    expect(help).toContain("Exit codes: 0 done, 1 something is wrong");
  });
});
