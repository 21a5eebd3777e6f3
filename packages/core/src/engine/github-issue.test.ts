// The issue a session works on: from the branch of a real git repository (a worktree's too) or the
// user's words; looked up once (a stand-in for the adapter's run of the GitHub CLI); shown as the
// session's focus with no goal, and in the goal's block with one. Never enforced by itself.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gitBranch, issueFromBranch, issueFromWords, issueInfo } from "../session/github-issue.js";
import { temporaryRoot } from "../store/test-root.js";
import type { IssueLookupRequest } from "./github-issue-lookup.js";
import { GOAL_HINT } from "./handlers/prompt-submitted.js";
import { testEngine } from "./test-engine.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "init.defaultBranch=main", ...args], { cwd, stdio: "pipe" });

/** A repository with one commit, on `branch`. */
function repository(branch: string): string {
  const dir = join(temporaryRoot(), "project");
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q");
  git(dir, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "start");
  git(dir, "checkout", "-q", "-B", branch);
  return dir;
}

describe("the issue in a branch's name", () => {
  it.each([
    ["29-fix-the-reader", 29],
    ["issue/29", 29],
    ["issues-29-reader", 29],
    ["gh-29", 29],
    ["feature/29-stream", 29],
    ["fix/29", 29],
    ["alice/GH-1204_reader", 1204],
  ])("%s is #%i", (branch, number) => expect(issueFromBranch(branch)).toBe(number));

  it.each(["main", "release-2.1", "v29", "feature/reader-v2", "0-start"])("%s names none", (branch) =>
    expect(issueFromBranch(branch)).toBeNull(),
  );

  it("is read from the repository's HEAD, in a subfolder and in a linked worktree", () => {
    const dir = repository("29-fix-the-reader");
    mkdirSync(join(dir, "src", "deep"), { recursive: true });
    expect(gitBranch(join(dir, "src", "deep"))).toBe("29-fix-the-reader");
    const worktree = join(dir, "..", "other");
    git(dir, "worktree", "add", "-q", "-b", "issue/31", worktree);
    expect(gitBranch(worktree)).toBe("issue/31");
    git(dir, "checkout", "-q", "--detach");
    expect(gitBranch(dir)).toBeNull();
    expect(gitBranch(temporaryRoot())).toBeNull();
  });
});

describe("the issue in the user's words", () => {
  it("is #N as a word, or an issue's address with its repository", () => {
    expect(issueFromWords("#29 make the reader stream")).toEqual({ number: 29, repo: null });
    expect(issueFromWords("fix it (see #7)")).toEqual({ number: 7, repo: null });
    expect(issueFromWords("https://github.com/acme/importer/issues/12 please")).toEqual({ number: 12, repo: "acme/importer" });
    expect(issueFromWords("use C# 12 and the color #fff")).toBeNull();
  });
});

describe("the session's issue", () => {
  it("with no goal: the focus, looked up once, shown again with its title and milestone; no hint; nothing enforced", () => {
    const lookups: IssueLookupRequest[] = [];
    const cwd = repository("29-fix-the-reader");
    const { send, store } = testEngine({}, { lookUpIssue: (request) => lookups.push(request) });
    const started = send({ type: "session-started", source: "startup", cwd });
    expect(started.context).toContain("ISSUE: #29 (from the branch)");
    expect(lookups).toEqual([{ root: store.root, sessionId: "session-1", cwd, number: 29, repo: null }]);
    // What the GitHub CLI said, written back by the adapter's lookup.
    store.update({ sessionId: "session-1", host: "test", cwd }, (state) => {
      issueInfo(state, 29, { title: "Stream large CSV files", milestone: "Q1 Automation Platform" });
    });
    const prompt = send({ type: "prompt-submitted", prompt: "have a look", cwd });
    expect(prompt.context).toContain(
      "EPIC: Q1 Automation Platform (the issue's milestone)\nISSUE: #29 Stream large CSV files (milestone: Q1 Automation Platform; from the branch)",
    );
    expect(prompt.userNote).toBeUndefined();
    // Said once: the next prompt adds nothing, and the lookup is not repeated.
    expect(send({ type: "prompt-submitted", prompt: "go on", cwd })).toEqual({ action: "none" });
    expect(lookups).toHaveLength(1);
    expect(send({ type: "stop-requested", cwd })).toEqual({ action: "none" });
  });

  it("with a goal: in its block; the user's words win over the branch", () => {
    const lookups: IssueLookupRequest[] = [];
    const cwd = repository("29-fix-the-reader");
    const { send, store } = testEngine({}, { lookUpIssue: (request) => lookups.push(request) });
    const set = send({ type: "prompt-submitted", prompt: "/goal #31 make the writer stream too", cwd });
    expect(set.context).toContain("Issue: #31 (named by the user)");
    expect(store.read("session-1")!.issue).toMatchObject({ number: 31, source: "prompt" });
    expect(lookups.map((lookup) => lookup.number)).toEqual([31]);
    // The branch does not take it back.
    send({ type: "prompt-submitted", prompt: "continue", cwd });
    expect(store.read("session-1")!.issue?.number).toBe(31);
  });

  it("ends when the branch checked out names none (not on a detached HEAD); another issue's branch is looked up afresh", () => {
    const lookups: IssueLookupRequest[] = [];
    const cwd = repository("29-fix-the-reader");
    const { send, store } = testEngine({}, { lookUpIssue: (request) => lookups.push(request) });
    send({ type: "session-started", source: "startup", cwd });
    git(cwd, "checkout", "-q", "--detach");
    send({ type: "prompt-submitted", prompt: "rebasing", cwd });
    expect(store.read("session-1")!.issue?.number).toBe(29);
    git(cwd, "checkout", "-q", "-B", "main");
    send({ type: "prompt-submitted", prompt: "on main now", cwd });
    expect(store.read("session-1")!.issue).toBeNull();
    git(cwd, "checkout", "-q", "-B", "issue/31");
    expect(send({ type: "prompt-submitted", prompt: "next one", cwd }).context).toContain("ISSUE: #31 (from the branch)");
    expect(lookups.map((lookup) => lookup.number)).toEqual([29, 31]);
  });

  it("named by the user, stays on any branch", () => {
    const cwd = repository("main");
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal #31 make the writer stream", cwd });
    send({ type: "prompt-submitted", prompt: "go on", cwd });
    expect(store.read("session-1")!.issue).toMatchObject({ number: 31, source: "prompt" });
  });

  it("outside a repository, or on a branch naming none: nothing, and the hint as before", () => {
    const { send, store } = testEngine();
    expect(send({ type: "prompt-submitted", prompt: "hi", cwd: repository("main") }).userNote).toBe(GOAL_HINT);
    expect(store.read("session-1")!.issue).toBeNull();
  });
});
