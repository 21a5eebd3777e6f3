// The outbox a hook leaves the user's notes in where the host's answers carry none, and the reader
// (Copilot CLI's extension) takes them from: real files.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTestdirs, testdir } from "../testing/index.js";
import { postNote, takeNotes } from "./note-outbox.js";

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
});
