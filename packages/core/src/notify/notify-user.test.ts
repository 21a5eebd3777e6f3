// Word when the user is away: the user's `notify` command runs, detached, with a JSON document at the
// moments that need them — the agent let go, a breach (a close on goalpost's own run: the verifier's
// tests) — and a failing notifier never touches the hook's answer.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SESSION, testEngine } from "../engine/test-engine.js";
import { temporaryRoot } from "../store/test-root.js";
import { takeUntoldProblems } from "./notifier-failure.js";
import { breachNotice, notifyUser } from "./notify-user.js";
import { recordBreaches } from "./record-breaches.js";

async function written(path: string): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < 100 && !(existsSync(path) && readFileSync(path, "utf8").endsWith("\n")); tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}

describe("notifications", () => {
  it("runs the user's notify command with what happened and what to do when the agent is let go", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "goalpost-notify-")), "notice.json");
    const cwd = mkdtempSync(join(tmpdir(), "goalpost-notify-project-"));
    const { send, tools } = testEngine({ stopBlockLimit: 1, notify: `cat > '${out}'` });
    send({ cwd, type: "prompt-submitted", prompt: "/goal make the parser return a syntax tree" });
    tools.open({ ...SESSION, cwd }, { objective: "The parser returns a syntax tree", remaining: ["write the tree builder"] });
    expect(send({ cwd, type: "stop-requested" }).action).toBe("block-stop");
    expect(existsSync(out)).toBe(false);
    const letGo = send({ cwd, type: "stop-requested", stopHookActive: true, lastMessage: "Which tree format?" });
    expect(letGo.action).toBe("none");
    expect(await written(out)).toEqual({
      event: "let-go",
      host: SESSION.host,
      sessionId: SESSION.sessionId,
      cwd,
      goal: { id: expect.stringMatching(/^goal_/), objective: "make the parser return a syntax tree", status: "needs-input" },
      message: 'The agent was let go after 1 refused stops without progress; its last words: "Which tree format?".',
      todo: "Answer it in the session: your next prompt takes the goal up again.",
    });
  });

  it("tells the user of a breach when it is recorded, once, with where to look", async () => {
    const root = temporaryRoot();
    mkdirSync(root, { recursive: true });
    const out = join(mkdtempSync(join(tmpdir(), "goalpost-notify-")), "breach.jsonl");
    writeFileSync(join(root, "config.json"), JSON.stringify({ notify: `cat >> '${out}'` }));
    const breach = "goalpost's installed file hook.sh was changed during the agent's turn.";
    expect(recordBreaches(root, [breach])).toEqual([true]);
    // The same breach again, not told yet: not recorded again, so not heard again.
    expect(recordBreaches(root, [breach])).toEqual([false]);
    expect(await written(out)).toEqual({
      event: "breach",
      host: null,
      sessionId: null,
      cwd: null,
      goal: null,
      message: "goalpost's installed file hook.sh was changed during the agent's turn.",
      todo: expect.stringContaining("goalpost status"),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("a notifier that fails or does not exist changes nothing in the answer", async () => {
    const { send, tools, store } = testEngine({ stopBlockLimit: 1, notify: "exit 3", desktopNotifications: true });
    send({ type: "prompt-submitted", prompt: "/goal tidy the readme" });
    tools.open({ ...SESSION }, { objective: "tidy the readme", remaining: ["the intro"] });
    send({ type: "stop-requested" });
    expect(send({ type: "stop-requested", stopHookActive: true }).userNote).toMatch(/needs your input/);
    // The detached notifier's failure lands in the state root after the answer; wait for it, so the test
    // ends with nothing still writing there (and sees the failure kept for the user).
    const failedFile = join(store.root, "notifier-failed");
    for (let tries = 0; tries < 100 && !existsSync(failedFile); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(takeUntoldProblems(store.root)).toEqual(expect.arrayContaining([expect.stringMatching(/exited with status 3/)]));
  });

  it("a notifier that fails, is not found, or desktop notifications with none on the machine: a problem told once", async () => {
    const root = temporaryRoot();
    mkdirSync(root, { recursive: true });
    const notice = breachNotice("something happened");
    const failedFile = join(root, "notifier-failed");
    const waitFor = async () => {
      for (let tries = 0; tries < 100 && !existsSync(failedFile); tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
    };
    notifyUser({ notify: "exit 3", desktopNotifications: false }, notice, process.env, () => {}, root);
    await waitFor();
    expect(takeUntoldProblems(root)).toEqual([
      expect.stringMatching(/^goalpost: your notifier \(config\.json's `notify` command\) exited with status 3 at \d\d:\d\d UTC/),
    ]);
    expect(takeUntoldProblems(root)).toEqual([]);
    notifyUser({ notify: "no-such-notifier-here", desktopNotifications: false }, notice, process.env, () => {}, root);
    await waitFor();
    expect(takeUntoldProblems(root)).toEqual([expect.stringMatching(/your notifier .* was not found \(status 127\)/)]);
    // A notifier that works leaves nothing.
    notifyUser({ notify: "cat > /dev/null", desktopNotifications: false }, notice, process.env, () => {}, root);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(failedFile)).toBe(false);
    // Desktop notifications on a machine (a PATH) with no notifier: said at once, recorded once while untold.
    const bare = { ...process.env, PATH: mkdtempSync(join(tmpdir(), "goalpost-empty-path-")) };
    notifyUser({ notify: null, desktopNotifications: true }, notice, bare, () => {}, root);
    notifyUser({ notify: null, desktopNotifications: true }, notice, bare, () => {}, root);
    expect(takeUntoldProblems(root)).toEqual([
      expect.stringMatching(/desktop notifications are on .* has no (notify-send|osascript)/),
    ]);
  });
});
