import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGoalStore } from "./goal-store.js";
import { readSnapshot, serveSnapshot, writeSnapshot } from "./snapshots.js";
import { temporaryRoot } from "./test-root.js";

const input = { sessionId: "s1", goalId: "goal_1", revision: 3, trigger: "auto", text: "<session_goal>…</session_goal>" };

describe("compaction snapshots", () => {
  it("writes text and metadata and reads them back", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    writeSnapshot(store, input);
    const snapshot = readSnapshot(store, "s1");
    expect(snapshot?.text).toBe(input.text);
    expect(snapshot?.metadata).toMatchObject({ goalId: "goal_1", revision: 3, trigger: "auto", servedAt: [] });
  });

  it("serves the same snapshot again until a newer one supersedes it, recording each serving", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    writeSnapshot(store, input);
    const delivered: string[] = [];
    const deliver = (snapshot: { text: string }) => {
      delivered.push(snapshot.text);
      return true;
    };
    expect(serveSnapshot(store, "s1", deliver)).toBe(true);
    expect(serveSnapshot(store, "s1", deliver)).toBe(true);
    expect(delivered).toEqual([input.text, input.text]);
    expect(readSnapshot(store, "s1")?.metadata.servedAt).toHaveLength(2);
    writeSnapshot(store, { ...input, revision: 4, text: "newer" });
    serveSnapshot(store, "s1", deliver);
    expect(delivered.at(-1)).toBe("newer");
  });

  it("records nothing when the caller declines a snapshot that no longer matches", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    writeSnapshot(store, input);
    expect(serveSnapshot(store, "s1", () => false)).toBe(false);
    expect(readSnapshot(store, "s1")?.metadata.servedAt).toEqual([]);
  });

  it("never marks a snapshot served when delivering it failed", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    writeSnapshot(store, input);
    expect(() =>
      serveSnapshot(store, "s1", () => {
        throw new Error("stdout closed");
      }),
    ).toThrow("stdout closed");
    expect(readSnapshot(store, "s1")?.metadata.servedAt).toEqual([]);
  });

  it("does not serve a text that does not match its metadata", () => {
    const store = createGoalStore({ root: temporaryRoot() });
    writeSnapshot(store, input);
    writeFileSync(join(store.root, "compact", "s1.txt"), "tampered or half-replaced");
    expect(readSnapshot(store, "s1")).toBeNull();
    expect(serveSnapshot(store, "s1", () => true)).toBe(false);
  });

  it("returns null when there is no snapshot", () => {
    expect(readSnapshot(createGoalStore({ root: temporaryRoot() }), "nobody")).toBeNull();
  });
});
