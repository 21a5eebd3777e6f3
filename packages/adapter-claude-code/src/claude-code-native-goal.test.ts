import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { nativeGoalClearedSince } from "./claude-code-native-goal.js";

afterEach(removeTestdirs);

/** A transcript line as Claude Code 2.1.330 writes a local `/goal <args>` command. */
const goalCommand = (args: string, timestamp: string) =>
  JSON.stringify({
    type: "user",
    message: {
      role: "user",
      content: `<command-name>/goal</command-name>\n            <command-message>goal</command-message>\n            <command-args>${args}</command-args>`,
    },
    timestamp,
  });

function transcript(lines: string[]): string {
  const root = testdir();
  const path = join(root, "session.jsonl");
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

describe("Claude Code's own /goal clear, read from the transcript", () => {
  it("is seen when a clear form was recorded after the goal was created", () => {
    for (const verb of ["clear", "stop", "off", "reset", "none", "cancel"]) {
      const path = transcript(['{"type":"attachment"}', goalCommand(verb, "2026-11-22T10:05:00.000Z")]);
      expect(nativeGoalClearedSince(path, "2026-11-22T10:00:00.000Z")).toBe(true);
    }
  });

  it("is not seen for an older clear, another /goal command, a missing file, or a cut line", () => {
    expect(
      nativeGoalClearedSince(transcript([goalCommand("clear", "2026-11-22T09:00:00.000Z")]), "2026-11-22T10:00:00.000Z"),
    ).toBe(false);
    expect(
      nativeGoalClearedSince(transcript([goalCommand("write the docs", "2026-11-22T10:05:00.000Z")]), "2026-11-22T10:00:00.000Z"),
    ).toBe(false);
    expect(nativeGoalClearedSince("/nonexistent/transcript.jsonl", "2026-11-22T10:00:00.000Z")).toBe(false);
    expect(
      nativeGoalClearedSince(
        transcript([goalCommand("clear", "2026-11-22T10:05:00.000Z").slice(0, 60)]),
        "2026-11-22T10:00:00.000Z",
      ),
    ).toBe(false);
  });

  it("never waits on a transcript path that is not a regular file (a FIFO nobody writes)", () => {
    const fifo = join(testdir(), "transcript.fifo");
    execFileSync("mkfifo", [fifo]);
    // Opened without blocking and refused as not a regular file (a blocking open would hang the test).
    expect(nativeGoalClearedSince(fifo, "2026-11-22T10:00:00.000Z")).toBe(false);
  });
});
