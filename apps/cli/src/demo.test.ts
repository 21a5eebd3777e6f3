// `goalpost demo` as the README runs it: the built CLI as a child process, every host's scripted
// session through its installed hooks, and each demo goal's report written next to the transcript.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));
const out = join(tmpdir(), `goalpost-demo-test-${process.pid}`);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The story every host's demo tells, in order. */
const STORY = [
  /1\. goalpost-[a-z-]+ install/,
  /<session_goal id="goal_\w+" status="draft" form="full">/,
  /Goal goal_\w+ is open: make the CSV importer stream large files/,
  /4\. cat package\.json +→ allowed, with a warning: goalpost drift warning: 3 tool calls/,
  /6\. wc -l src\/importer\.js +→ DENIED — goalpost drift guard: 5 tool calls/,
  /the goal is restored in full \(\d{3,} characters\)/,
  /stop → BLOCKED:\n\s+goalpost: this session should not stop yet/,
  /REFUSED:\n\s+Refusing to mark goal goal_\w+ complete/,
  /npm test → exit 0: a receipt of progress, no longer proof/,
  /goalpost has not run the checks \(`npm test`\) yet/,
  /close → accepted: Every other condition holds\./,
  /stop → BLOCKED:\n(?:.*\n){0,2}.*goalpost's own run of the checks did not pass: `npm test` failed: node:test reports 1 failed/,
  /12\. The agent really fixes src\/importer\.js/,
  /stop → allowed\n\s+the goal is complete; goalpost's own run: `npm test`: node:test reports 2 passed, 0 failed \((?:bubblewrap|none \(allowed by the user\))\)/,
  /report: +\S+\.html/,
];

describe("goalpost demo", { timeout: 300_000 }, () => {
  it("plays the scripted session in every host, tells each step with --all, and writes each goal's report", async () => {
    const { exitCode, stdout, stderr } = await execa(process.execPath, [bin, "demo", "--all", "--out", out], {
      reject: false,
      env: { NO_COLOR: "1" },
    });
    expect(exitCode, String(stderr)).toBe(0);
    const transcript = String(stdout);
    const sections = transcript.split(/━━ goalpost demo — /).slice(1);
    expect(sections.map((section) => /^a scripted (.+?) session/.exec(section)?.[1])).toEqual([
      "Claude Code",
      "Codex",
      "Copilot CLI",
      "VS Code Copilot Chat",
    ]);
    for (const section of sections) {
      for (const pattern of STORY) expect(section).toMatch(pattern);
      const positions = STORY.map((pattern) => section.search(pattern));
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(section).not.toContain("✗ expected");
    }
    // Codex and Claude Code restore after compaction through a hook; Copilot CLI at the next tool call.
    expect(sections[0]).toMatch(/after compaction → the goal is restored/);
    expect(sections[2]).toMatch(/no hook after compaction here: at the next tool call → the goal is restored/);
    expect(sections[3]).toMatch(/no hook after compaction here: at the next tool call → the goal is restored/);
    expect(transcript).toMatch(/The demo went as scripted in claude-code, codex, copilot-cli, vscode-chat/);
    for (const host of ["claude-code", "codex", "copilot-cli", "vscode-chat"]) {
      const page = readFileSync(join(out, `${host}.html`), "utf8");
      expect(page).toMatch(/^<!doctype html>/);
      expect(page).toContain("make the CSV importer stream large files");
      expect(page).toContain('data-kind="receipt"');
    }
    // Without --keep, the fake homes are gone.
    const home = /fake home: (\S+)/.exec(transcript)?.[1] ?? "";
    expect(home).toContain("goalpost-demo-");
    expect(existsSync(home)).toBe(false);
  });

  it("tells the first host's session in full and the others in a line each, by default", async () => {
    const { exitCode, stdout } = await execa(process.execPath, [bin, "demo", "--out", out], {
      reject: false,
      env: { NO_COLOR: "1" },
    });
    expect(exitCode).toBe(0);
    const transcript = String(stdout);
    expect(transcript.split(/━━ goalpost demo — /)).toHaveLength(2);
    expect(transcript).toContain("The same session in the other hosts (`goalpost demo --all` tells each in full):");
    for (const name of ["Codex", "Copilot CLI", "VS Code Copilot Chat"])
      expect(transcript).toMatch(new RegExp(`^   ${name}: every step as scripted — report: \\S+\\.html$`, "m"));
    expect(transcript).toMatch(/The demo went as scripted in claude-code, codex, copilot-cli, vscode-chat/);
    expect(transcript.split("\n").length).toBeLessThan(120);
  });

  it("keeps the fake home with --keep; show and report read the demo's goal", async () => {
    const demo = await execa(process.execPath, [bin, "demo", "claude-code", "--keep", "--out", out], { env: { NO_COLOR: "1" } });
    const stateFile = /goal file: (\S+)/.exec(String(demo.stdout))?.[1] ?? "";
    const root = stateFile.replace(/\/by-session\/.*$/, "");
    try {
      const goalId = /Goal (goal_\w+) is open/.exec(String(demo.stdout))?.[1] ?? "";
      const show = await execa(process.execPath, [bin, "show", goalId, "--root", root]);
      expect(String(show.stdout)).toContain(`<session_goal id="${goalId}" status="complete, closed" form="full">`);
      expect(String(show.stdout)).toContain("Ready to close: every condition is met.");
      // In words: when it closed and why, local times, what happened — no raw codes or ISO times.
      expect(String(show.stdout)).toMatch(/^closed \d{4}-\d\d-\d\d \d\d:\d\d:\d\d as complete/m);
      const history = String(show.stdout).split("Recent history")[1]!.split("What the agent sees")[0]!;
      expect(history).toMatch(/^ {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}Close refused — checks failed: `npm test` failed/m);
      expect(history).toMatch(/^ {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}Closed — complete$/m);
      expect(history).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:|stop-blocked|verified:/);
      const list = await execa(process.execPath, [bin, "list", "--all", "--root", root, "--json"]);
      expect(JSON.parse(String(list.stdout)).goals).toEqual([
        expect.objectContaining({ goalId, status: "complete", open: false, host: "claude-code", gate: "satisfied" }),
      ]);
    } finally {
      rmSync(root.replace(/\/home\/\.claude\/goalpost$/, ""), { recursive: true, force: true });
    }
  });
});
