// The outbox a hook leaves the user's notes in where the host's answers carry none, and the reader
// (Copilot CLI's extension) that takes and shows them: real files, a real folder watch.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTestdirs, testdir } from "../testing/index.js";
import { postNote, takeNotes, watchNotes } from "./note-outbox.js";

afterEach(removeTestdirs);

describe("the note outbox", () => {
  it("gives each session its notes once, oldest first, in a private file", () => {
    const root = testdir({});
    postNote(root, "s1", "goalpost: the goal waits for you.");
    postNote(root, "s2", "goalpost: another session's note.");
    postNote(root, "s1", "goalpost: line one\nline two");
    expect(statSync(join(root, "notes")).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, "notes", "s1.jsonl")).mode & 0o777).toBe(0o600);
    expect(takeNotes(root, "s1")).toEqual(["goalpost: the goal waits for you.", "goalpost: line one\nline two"]);
    expect(takeNotes(root, "s1")).toEqual([]);
    expect(takeNotes(root, "s2")).toEqual(["goalpost: another session's note."]);
    expect(readdirSync(join(root, "notes"))).toEqual([]);
  });

  it("keeps the newest notes when nobody takes them, and skips a line it cannot read", () => {
    const root = testdir({});
    for (let note = 0; note < 400; note++) postNote(root, "s1", `goalpost: note ${note} ${"x".repeat(100)}`);
    expect(statSync(join(root, "notes", "s1.jsonl")).size).toBeLessThanOrEqual(32 * 1024);
    const kept = takeNotes(root, "s1");
    expect(kept.at(-1)).toMatch(/^goalpost: note 399 /);
    expect(kept.length).toBeLessThan(400);
    const broken = testdir({ notes: { "s3.jsonl": '{"text":"goalpost: kept"}\nnot json\n{"text":7}\n' } });
    expect(takeNotes(broken, "s3")).toEqual(["goalpost: kept"]);
  });

  it("shows what waits, then each note as it is posted, until stopped", async () => {
    const root = testdir({});
    postNote(root, "s1", "goalpost: waiting before the reader came.");
    const shown: string[] = [];
    const stop = watchNotes(root, "s1", (text) => shown.push(text));
    expect(shown).toEqual(["goalpost: waiting before the reader came."]);
    postNote(root, "s1", "goalpost: posted while it watches.");
    postNote(root, "s2", "goalpost: not this session's.");
    for (const end = Date.now() + 5000; shown.length < 2 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
    expect(shown).toEqual(["goalpost: waiting before the reader came.", "goalpost: posted while it watches."]);
    stop();
    postNote(root, "s1", "goalpost: after it stopped.");
    await new Promise((r) => setTimeout(r, 1200));
    expect(shown).toHaveLength(2);
    expect(takeNotes(root, "s1")).toEqual(["goalpost: after it stopped."]);
  });
});
