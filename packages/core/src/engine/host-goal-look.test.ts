// When the engine looks for the host's own goal (the world's nativeGoalChange): at every main-session
// event where the host's goal can change at any time (Codex), only at a turn's edges where the user alone
// changes it between turns (Claude Code: a look reads its transcript), and never at a subagent's event.
import { describe, expect, it } from "vitest";
import type { EngineEventInput } from "./engine-event.js";
import { SESSION, TEST_PROFILE, testEngine } from "./test-engine.js";

const EVENTS: Record<string, unknown>[] = [
  { type: "session-started", source: "startup" },
  { type: "prompt-submitted", prompt: "carry on" },
  { type: "tool-about-to-run", toolName: "Bash", toolInput: { command: "ls" } },
  { type: "tool-ran", toolName: "Bash", toolInput: { command: "ls" }, succeeded: true, output: "" },
  { type: "tool-about-to-run", toolName: "Bash", toolInput: { command: "ls" }, subagent: true },
  { type: "stop-requested", subagent: true },
  { type: "stop-requested" },
];

function looksAt(hostGoalChanges: "between-turns" | "any-time"): string[] {
  const { engine } = testEngine({}, { profile: { ...TEST_PROFILE, hostGoalChanges } });
  const looked: string[] = [];
  const world = {
    nativeGoalChange: (event: EngineEventInput) => {
      looked.push(`${event.subagent ? "subagent " : ""}${event.type}`);
      return null;
    },
  };
  for (const event of EVENTS) engine.handle({ ...SESSION, ...event } as EngineEventInput, world);
  return looked;
}

describe("the host's own goal", () => {
  it("is looked for at every main-session event where it can change at any time, never at a subagent's", () => {
    expect(looksAt("any-time")).toEqual([
      "session-started",
      "prompt-submitted",
      "tool-about-to-run",
      "tool-ran",
      "stop-requested",
    ]);
  });

  it("is looked for only at a prompt, a stop and a session's start where only the user changes it, between turns", () => {
    expect(looksAt("between-turns")).toEqual(["session-started", "prompt-submitted", "stop-requested"]);
  });
});
