// The real Claude Code terminal UI in a pseudo-terminal, against the scripted model on 127.0.0.1:
// goalpost's segment in Claude Code's status line, after the user's own (docs/hosts/claude-code.md §12);
// what a user types by mistake (a near-miss, a second goal) answered where they read it.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { CLAUDE_BIN, createClaudeHome, goalpostCli } from "./claude-code-home.js";
import { HELLO_EVIDENCE } from "./hello-project.js";
import { bash, goalpostMcp, useMockModel } from "./real-host.js";
import { verifies } from "./requirements.js";
import { canDriveTerminal, eventually, startTerminalUi } from "./terminal-ui.js";

if (!canDriveTerminal) console.warn("claude-code.tui.real.test: needs util-linux's script; skipped");

const model = useMockModel();

/** A Claude Code home whose user has been through onboarding and trusts the project: the UI opens on the prompt. */
function onboardedHome(mockUrl: string, project?: NonNullable<Parameters<typeof createClaudeHome>[0]>["project"]) {
  const home = createClaudeHome({ mockUrl, ...(project ? { project } : {}) });
  writeFileSync(
    join(home.configDir, ".claude.json"),
    JSON.stringify({
      hasCompletedOnboarding: true,
      customApiKeyResponses: { approved: ["dummy"], rejected: [] },
      projects: { [home.project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
    }),
  );
  return home;
}

describe.skipIf(!canDriveTerminal)("goalpost in the real Claude Code terminal UI", () => {
  it("shows the goal in Claude Code's status line after the user's own, and uninstall gives theirs back", async () => {
    verifies("ANY-STATUS-LINE");
    const mock = await model.start({ main: [{ text: "I will look at the readme." }] });
    // A user who has been through onboarding, trusts the project, and has a status line of their own.
    const home = onboardedHome(mock.url);
    const settings = join(home.configDir, "settings.json");
    // Their line says when it was drawn: a redraw with no message typed shows as a new time.
    const theirs = `${JSON.stringify({ statusLine: { type: "command", command: "echo my-own-line-$(cat | wc -c)-at-$(date +%s)" } }, null, 2)}\n`;
    writeFileSync(settings, theirs);
    const install = await goalpostCli(home, ["install"]);
    expect(install.exitCode, String(install.stderr)).toBe(0);

    const ui = startTerminalUi(`"${CLAUDE_BIN}"`, { cwd: home.project, env: home.env() });
    try {
      // The user's line shows as before: their command still gets Claude Code's status JSON on stdin.
      await ui.shows(/my-own-line-\d{3,}/, "the user's status line");
      expect(ui.text()).not.toContain("goalpost ◎");
      await ui.type("goal: tidy the readme wording");
      await ui.shows(/goalpost ◎ tidy the readme wording · /, "goalpost's segment");
      // The scripted model only talks: three refused stops later goalpost lets it go, and the status
      // line says what the goal waits for — under the user's own line, still there.
      // (Drawn in that order: a redraw under load may show the screen between the two lines' updates.)
      await ui.shows(
        /my-own-line-\d+-at-\d+\s*goalpost ◎ tidy the readme wording · needs your input · no checks set/,
        "the goal waiting for the user, under the user's own line",
      );
      // Nothing typed from here: the line beside the user's redraws on its own (install gave it the
      // host's timer), so what goalpost's run decides between messages is seen without one.
      const drawnAt = () => new Set([...ui.text().matchAll(/my-own-line-\d+-at-(\d+)/g)].map((match) => match[1]));
      const before = drawnAt();
      await eventually(
        () => ([...drawnAt()].some((at) => !before.has(at)) ? true : undefined),
        20_000,
        "a redraw with no message typed",
      );
    } finally {
      await ui.close();
    }
    const uninstall = await goalpostCli(home, ["uninstall"]);
    expect(uninstall.exitCode, String(uninstall.stderr)).toBe(0);
    expect(readFileSync(settings, "utf8")).toBe(theirs);
  }, 150_000);

  it("names goalpost in the spinner while a stop waits for goalpost's run, then shows the close", async () => {
    verifies("CC-STOP-SPINNER");
    const mcp = goalpostMcp;
    const mock = await model.start({
      main: [
        mcp("goalpost_open", { objective: "keep the slow check passing", requirements: ["the slow test passes"] }),
        bash("node --test"),
        mcp("goalpost_update", {
          ...HELLO_EVIDENCE,
          requirementCoverage: [{ requirement: "1", evidence: "slow.test.js passes under node --test" }],
        }),
        mcp("goalpost_close", { status: "complete" }),
        { text: "Done: the slow check passes." },
      ],
    });
    // A check that takes a while, as a real suite does: the stop waits for goalpost's run of it.
    const home = onboardedHome(mock.url, {
      "README.md": "# slow\n",
      "slow.test.js": 'require("node:test")("takes a while", () => new Promise((done) => setTimeout(done, 4000)));\n',
    });
    expect((await goalpostCli(home, ["install"])).exitCode).toBe(0);
    // The agent may run the check itself (its receipt); goalpost runs it again in its sandbox.
    const ui = startTerminalUi(`"${CLAUDE_BIN}" --allowedTools "Bash(node --test)"`, { cwd: home.project, env: home.env() });
    try {
      await ui.shows(/shift\+tab to cycle|\? for shortcuts/, "the prompt");
      await ui.type("goal: keep the slow check passing. Done when `node --test` passes.");
      await ui.shows(/goalpost: checking the goal/, "goalpost named in the spinner while the stop waits");
      // The close in the user's words (the goal by name, never its id), and on the status line.
      await ui.shows(
        /goalpost: goal "keep the slow check passing" is closed as complete: `node --test`: node:test reports 1 passed/,
        "the close told",
      );
      await ui.shows(
        /goalpost ✓ keep the slow check passing\. Done when .*· complete · proven by goalpost's own run/,
        "the close",
      );
      expect(ui.text()).not.toMatch(/closed as complete[^\n]*goal_/);
    } finally {
      await ui.close();
    }
  }, 180_000);

  it("shows the goal beside ccstatusline, the status line tool users install, with the host's timer set for the pair", async () => {
    verifies("ANY-STATUS-LINE");
    const mock = await model.start({ main: [{ text: "I will look at the readme." }] });
    const home = onboardedHome(mock.url);
    const settings = join(home.configDir, "settings.json");
    // As ccstatusline's README sets it up (its own settings are written in the user's ~/.config on first run).
    const ccstatusline = fileURLToPath(new URL("../node_modules/ccstatusline/dist/ccstatusline.js", import.meta.url));
    const theirs = `${JSON.stringify({ statusLine: { type: "command", command: `node "${ccstatusline}"`, padding: 0 } }, null, 2)}\n`;
    writeFileSync(settings, theirs);
    const install = await goalpostCli(home, ["install"]);
    expect(install.exitCode, String(install.stderr)).toBe(0);
    // ccstatusline has no timer of its own set: install gave the combined line the host's.
    expect(JSON.parse(readFileSync(settings, "utf8")).statusLine.refreshInterval).toBeGreaterThan(0);
    const ui = startTerminalUi(`"${CLAUDE_BIN}"`, { cwd: home.project, env: home.env() });
    try {
      // ccstatusline's own widgets (the model, the context), read from Claude Code's status JSON.
      await ui.shows(/Model:\s*\S+/, "ccstatusline's line");
      await ui.type("goal: tidy the readme wording");
      await ui.shows(/Model:[^\n]*\n?[\s\S]*goalpost ◎ tidy the readme wording · /, "goalpost's segment after ccstatusline's");
      // Nothing typed: goalpost lets the talking model go after three refused stops, and the line says so
      // beside ccstatusline's on its own.
      await ui.shows(/goalpost ◎ tidy the readme wording · needs your input/, "the goal waiting for the user");
      expect(ui.text()).toMatch(/Model:/);
    } finally {
      await ui.close();
    }
    expect((await goalpostCli(home, ["uninstall"])).exitCode).toBe(0);
    expect(readFileSync(settings, "utf8")).toBe(theirs);
  }, 150_000);

  it("asks about a mistyped command, sets a goal aside for a new one, brings it back by name, and echoes none of it", async () => {
    verifies("CC-NEAR-MISS-SET-ASIDE");
    const mock = await model.start({ main: [{ text: "Noted." }] });
    const home = onboardedHome(mock.url);
    expect((await goalpostCli(home, ["install"])).exitCode).toBe(0);
    const ui = startTerminalUi(`"${CLAUDE_BIN}"`, { cwd: home.project, env: home.env() });
    try {
      // Typed once the prompt is up (the welcome screen takes keys, but not yet the Enter).
      await ui.shows(/shift\+tab to cycle|\? for shortcuts/, "the prompt");
      await ui.type("goal: acept");
      await ui.shows(/did you mean `goal: accept`\?/, "the near-miss asked about");
      await ui.type("goal: tidy the readme wording");
      await ui.shows(/goalpost ◎ tidy the readme wording · /, "the first goal");
      await ui.type("goal: fix the title typo");
      await ui.shows(/"tidy the readme wording" is paused, not lost/, "what the new goal set aside");
      // (The status line is redrawn in parts once the screen is busy: goalpost's status says the rest.)
      await ui.type("goal: resume tidy the readme");
      await ui.shows(/back to "tidy the readme wording"/, "the first goal back by name");
      // The user's next prompt: what they typed set a goal aside and brought one back, and Claude Code's
      // transcript shows they typed it — so it is not echoed back as something that may not be theirs.
      await ui.type("goal: status");
      await ui.shows(/goalpost: goal "tidy the readme wording"/, "the status asked for");
      expect(ui.text()).not.toContain("taken as your word");
    } finally {
      await ui.close();
    }
    // The typo changed nothing: two goals, the second set aside, and no goal named "acept".
    const cli = fileURLToPath(new URL("../../apps/cli/dist/goalpost.js", import.meta.url));
    const status = JSON.parse(
      String((await execa(process.execPath, [cli, "status", "--json", "--root", home.stateRoot], { cwd: home.project })).stdout),
    );
    expect(status.goals.map((goal: { objective: string; status: string }) => [goal.objective, goal.status]).sort()).toEqual([
      ["fix the title typo", "paused"],
      ["tidy the readme wording", expect.stringMatching(/^(draft|active|needs-input)$/)],
    ]);
  }, 240_000);
});
