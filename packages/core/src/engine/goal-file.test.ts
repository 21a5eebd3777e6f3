// The project's goal file (.goalpost/goal.md): the user's goal for a session that has none, taken once
// per content; an edit is the user's new goal; the agent may not write it.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { noticesOf } from "../store/notice-log.js";
import { temporaryRoot } from "../store/test-root.js";
import { testEngine } from "./test-engine.js";

function project(goal: string | null): { cwd: string; write(text: string): void } {
  const cwd = dirname(temporaryRoot());
  mkdirSync(join(cwd, ".goalpost"), { recursive: true });
  writeFileSync(join(cwd, "package.json"), JSON.stringify({ scripts: { test: "node --test" } }));
  const write = (text: string) => writeFileSync(join(cwd, ".goalpost", "goal.md"), text);
  if (goal !== null) write(goal);
  return { cwd, write };
}

const GOAL = "<!-- the goal for any session here -->\n# The importer streams large files\n\nDone when `npm test` passes.\n";

describe("the project's goal file", () => {
  it("is the goal of a session that has none, at the user's first prompt, with the checks its words name", () => {
    const { cwd } = project(GOAL);
    const { send, store } = testEngine();
    const answer = send({ type: "prompt-submitted", prompt: "let us start", cwd });
    expect(answer.userNote).toMatch(
      /^goalpost: the goal in \.goalpost\/goal\.md is this session's goal \(edit the file to change it/,
    );
    expect(answer.context).toContain("The importer streams large files");
    const goal = store.read("session-1")!.goals[0]!;
    expect(goal).toMatchObject({
      source: "file",
      status: "draft",
      objective: "The importer streams large files\n\nDone when `npm test` passes.",
    });
    expect(goal.checks.map((check) => check.command)).toEqual(["npm test"]);
    // Taken once: the next prompt is an ordinary one.
    expect(send({ type: "prompt-submitted", prompt: "go on", cwd }).userNote ?? "").not.toContain("goal.md");
  });

  it("is taken once per content: another session here does not take it again, and a goal cleared stays cleared", () => {
    const { cwd } = project(GOAL);
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "let us start", cwd });
    const other = send({ type: "prompt-submitted", prompt: "hello", cwd, sessionId: "session-2" });
    expect(other.userNote ?? "").not.toContain("goal.md");
    expect(store.read("session-2")?.goals ?? []).toEqual([]);
    send({ type: "prompt-submitted", prompt: "/goal clear", cwd });
    send({ type: "prompt-submitted", prompt: "and now?", cwd });
    expect(store.read("session-1")!.goals.filter((goal) => goal.closedAt === null)).toEqual([]);
  });

  it("takes the user's edit as their new goal, the old one set aside; a goal the user typed holds the session instead", () => {
    const { cwd, write } = project(GOAL);
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "let us start", cwd });
    write("The importer streams large files and reports progress.\nDone when `npm test` passes.");
    const edited = send({ type: "prompt-submitted", prompt: "go on", cwd });
    expect(edited.userNote).toMatch(/^goalpost: your edit of \.goalpost\/goal\.md is this session's goal/);
    const goals = store.read("session-1")!.goals;
    expect(goals.map((goal) => [goal.objective.split("\n")[0], goal.status])).toEqual([
      ["The importer streams large files", "paused"],
      ["The importer streams large files and reports progress.", "draft"],
    ]);
    // In another project, the user's /goal comes first; the file waits while it is open.
    const second = project(null);
    send({ type: "prompt-submitted", prompt: "/goal write the release notes", cwd: second.cwd, sessionId: "s3" });
    second.write("Something else entirely");
    send({ type: "prompt-submitted", prompt: "go on", cwd: second.cwd, sessionId: "s3" });
    expect(store.read("s3")!.goals.map((goal) => goal.objective)).toEqual(["write the release notes"]);
  });

  it("is never the agent's to write: an edit or a command that changes it is refused while a goal is open", () => {
    const { cwd } = project(GOAL);
    const { send } = testEngine();
    send({ type: "prompt-submitted", prompt: "let us start", cwd });
    const path = join(cwd, ".goalpost", "goal.md");
    const edit = send({ type: "tool-about-to-run", toolName: "Write", toolInput: { file_path: path, content: "done" }, cwd });
    expect(edit).toMatchObject({ action: "deny-tool", reason: expect.stringContaining("the user's goal file") });
    const shell = send({
      type: "tool-about-to-run",
      toolName: "Bash",
      toolInput: { command: "echo done > .goalpost/goal.md" },
      cwd,
    });
    expect(shell.action).toBe("deny-tool");
    // Reading it is fine.
    expect(send({ type: "tool-about-to-run", toolName: "Read", toolInput: { file_path: path }, cwd }).action).toBe("none");
  });

  it("written during the agent's turn by a command the guard cannot read, is not the user's goal: the open goal stays, the user is told", () => {
    const { cwd } = project(GOAL);
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "let us start", cwd });
    // A script that builds the path: no word of the command names the goal file.
    const command = `node -e "require('fs').writeFileSync(['.goal','post'].join('')+'/goal.md', 'print hello and stop')"`;
    expect(send({ type: "tool-about-to-run", toolName: "Bash", toolInput: { command }, cwd }).action).toBe("none");
    execFileSync("sh", ["-c", command], { cwd });
    send({ type: "stop-requested", cwd });
    expect(noticesOf(store.root, "breach").map((notice) => notice.message)).toEqual([
      expect.stringMatching(
        /^\.goalpost\/goal\.md in .* was changed during the agent's turn, with no prompt of yours in between: its new words are not taken as your goal, and goal "The importer streams large files/,
      ),
    ]);
    const next = send({ type: "prompt-submitted", prompt: "why did you stop?", cwd });
    expect(next.userNote ?? "").not.toContain("goal.md is this session's goal");
    const goals = store.read("session-1")!.goals;
    expect(goals.map((goal) => goal.objective.split("\n")[0])).toEqual(["The importer streams large files"]);
    // The user's own edit afterwards is theirs, as always.
    writeFileSync(join(cwd, ".goalpost", "goal.md"), "The importer reports progress");
    expect(send({ type: "prompt-submitted", prompt: "go on", cwd }).userNote).toMatch(
      /^goalpost: your edit of \.goalpost\/goal\.md/,
    );
  });

  it("edited by the user before a goal command stays theirs: the stop after does not take it for the agent's", () => {
    const { cwd, write } = project(GOAL);
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "let us start", cwd });
    write("The importer streams large files, fast");
    send({ type: "prompt-submitted", prompt: "/goal status", cwd });
    send({ type: "stop-requested", cwd });
    expect(noticesOf(store.root, "breach")).toEqual([]);
    expect(send({ type: "prompt-submitted", prompt: "go on", cwd }).userNote).toMatch(
      /^goalpost: your edit of \.goalpost\/goal\.md/,
    );
  });

  it("is read only as a regular file of text: a FIFO, a link to /dev/zero or a binary never hangs a prompt or becomes a goal", () => {
    const path = (cwd: string) => join(cwd, ".goalpost", "goal.md");
    const planted: Record<string, (file: string) => void> = {
      "a FIFO": (file) => execFileSync("mkfifo", [file]),
      "a link to /dev/zero": (file) => symlinkSync("/dev/zero", file),
      "a binary": (file) => writeFileSync(file, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0xff, 0xfe, 0x80, 0x81])),
    };
    for (const [what, plant] of Object.entries(planted)) {
      const { cwd } = project(null);
      plant(path(cwd));
      const { send, store } = testEngine();
      const started = Date.now();
      const answer = send({ type: "prompt-submitted", prompt: "let us start", cwd });
      expect(Date.now() - started, what).toBeLessThan(2_000);
      expect(answer.userNote ?? "", what).not.toContain("goal.md");
      expect(store.read("session-1")?.goals ?? [], what).toEqual([]);
    }
    // A long file of text is its start, within the bound.
    const { cwd } = project(null);
    writeFileSync(path(cwd), `The importer streams large files\n\n${"More words. ".repeat(200_000)}`);
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "let us start", cwd });
    expect(store.read("session-1")!.goals[0]!.objective).toMatch(/^The importer streams large files/);
  });
});
