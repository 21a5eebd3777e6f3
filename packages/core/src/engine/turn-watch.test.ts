import { describe, expect, it } from "vitest";
import { noticesOf } from "../store/notice-log.js";
import { temporaryRoot } from "../store/test-root.js";
import { endTurnWatch, laterRelease, noteSwitchedOff, readTurnMarks, startTurnWatch } from "./turn-watch.js";

const files = { files: ["/i/bin.js"], configFiles: ["/h/settings.json"] };
const start = {
  marks: { version: "1.2.0", "/i/bin.js": "10:1", "state root": "700:1000" },
  states: { "/h/settings.json": "wired" },
};

describe("the turn watch: what keeps goalpost working, judged across the agent's turn", () => {
  it("a change during the turn is a breach, recorded once; the marks move on with it", () => {
    const root = temporaryRoot();
    startTurnWatch(root, readTurnMarks(root), { ...start, ...files }, "goal_1");
    const now = {
      marks: { ...start.marks, "/i/bin.js": "missing", "state root": "777:1000" },
      states: { "/h/settings.json": "disableAllHooks is true" },
    };
    const told = endTurnWatch(root, readTurnMarks(root)!, { ...now, ...files });
    expect(told).toEqual([
      "goalpost's installed file bin.js was removed during the agent's turn (/i/bin.js).",
      "/h/settings.json was changed during the agent's turn: disableAllHooks is true.",
      `goalpost's state folder ${root} changed owner or mode during the agent's turn (700:1000 → 777:1000).`,
    ]);
    expect(noticesOf(root, "breach")).toHaveLength(3);
    // Compared again with nothing new: nothing more.
    expect(endTurnWatch(root, readTurnMarks(root)!, { ...now, ...files })).toEqual([]);
  });

  it("goalpost's own upgrade is no breach, nor a settings file wired again; switched off with a goal open is, once", () => {
    const root = temporaryRoot();
    startTurnWatch(
      root,
      null,
      { ...start, ...files, states: { "/h/settings.json": "goalpost's hooks are not in it" } },
      "goal_1",
    );
    const upgraded = {
      marks: { ...start.marks, version: "1.3.0", "/i/bin.js": "12:2" },
      states: { "/h/settings.json": "wired" },
    };
    expect(endTurnWatch(root, readTurnMarks(root)!, { ...upgraded, ...files })).toEqual([]);
    noteSwitchedOff(root);
    noteSwitchedOff(root);
    expect(noticesOf(root, "breach").map((breach) => breach.message)).toEqual([
      expect.stringMatching(/^goalpost was switched off .* with goal goal_1 open/),
    ]);
  });

  it("a piece of goalpost gone from a configuration file since the last marks is told at the prompt, once, whoever took it out", () => {
    const root = temporaryRoot();
    const parts = (...list: string[]) => ({ "/h/settings.json": list });
    // First seen: nothing was lost.
    startTurnWatch(root, readTurnMarks(root), { ...start, ...files, parts: parts("Stop hook", "UserPromptSubmit hook") }, null);
    expect(noticesOf(root, "breach")).toEqual([]);
    const without = { ...start, ...files, parts: parts("UserPromptSubmit hook"), repair: "`goalpost-acme install`" };
    startTurnWatch(root, readTurnMarks(root), without, null);
    expect(noticesOf(root, "breach").map((breach) => breach.message)).toEqual([
      "goalpost's Stop hook is no longer in /h/settings.json, so goalpost no longer answers there as it did. If you did not take it out, run `goalpost-acme install` to put it back; if you did, it is yours to leave out.",
    ]);
    startTurnWatch(root, readTurnMarks(root), without, null);
    expect(noticesOf(root, "breach")).toHaveLength(1);
  });

  it("a turn whose end no stop judged (the host killed the stop hook, the turn was interrupted) is judged at the next prompt", () => {
    const root = temporaryRoot();
    startTurnWatch(root, readTurnMarks(root), { ...start, ...files }, "goal_1");
    // Another stop hook written in during the turn; goalpost's stop never compared the marks.
    const rival = {
      ...start,
      ...files,
      marks: { ...start.marks, "/h/settings.json": "90:5" },
      states: {
        "/h/settings.json": "another stop hook (`echo '{\"continue\": false}'`) can end the turn before goalpost's answer counts",
      },
    };
    startTurnWatch(root, readTurnMarks(root), rival, "goal_1");
    expect(noticesOf(root, "breach").map((breach) => breach.message)).toEqual([
      expect.stringMatching(
        /^\/h\/settings\.json was changed after your last prompt, in a turn whose end goalpost did not see: another stop hook/,
      ),
    ]);
    // A turn a stop judged leaves nothing for the prompt; nor does a change between turns (the user's).
    endTurnWatch(root, readTurnMarks(root)!, rival);
    startTurnWatch(root, readTurnMarks(root), { ...rival, states: { "/h/settings.json": "disableAllHooks is true" } }, "goal_1");
    expect(noticesOf(root, "breach")).toHaveLength(1);
    // With no goal open at the prompt, nothing is held, and nothing is judged.
    startTurnWatch(root, readTurnMarks(root), { ...start, ...files }, null);
    startTurnWatch(
      root,
      readTurnMarks(root),
      { ...rival, states: { "/h/settings.json": "its env sets GOALPOST_HOME=/x" } },
      null,
    );
    expect(noticesOf(root, "breach")).toHaveLength(1);
  });

  it("orders releases as semver does for x.y.z and pre-releases", () => {
    expect(laterRelease("1.2.0", "1.10.0")).toBe(true);
    expect(laterRelease("1.2.0", "1.2.0")).toBe(false);
    expect(laterRelease("2.0.0", "1.9.9")).toBe(false);
    expect(laterRelease("1.2.0-beta.1", "1.2.0")).toBe(true);
    expect(laterRelease("1.2.0", "1.2.0-beta.1")).toBe(false);
  });
});
