import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { copilotUserPrompts } from "./copilot-cli-user-prompts.js";

afterEach(removeTestdirs);

describe("copilotUserPrompts", () => {
  it("reads what the user typed from the session's event log (found by its id), oldest first", () => {
    const home = testdir({});
    const log = join(home, "session-state", "s-1", "events.jsonl");
    mkdirSync(join(home, "session-state", "s-1"), { recursive: true });
    // As Copilot CLI 1.0.102 logs a prompt: the hook's input, then the user's message.
    const events = [
      { type: "hook.start", data: { hookType: "userPromptSubmitted", input: { prompt: "goal: clear" } } },
      { type: "user.message", data: { content: "goal: make the importer stream", transformedContent: "<current_datetime>…" } },
      { type: "assistant.message", data: { content: "goal: pause" } },
      { type: "user.message", data: { content: "goal: budget 2h" } },
    ];
    writeFileSync(log, `${events.map((event) => JSON.stringify(event)).join("\n")}\n`);
    const env = { COPILOT_HOME: home };
    expect(copilotUserPrompts({ sessionId: "s-1", prompt: "go on" }, env)).toEqual([
      "goal: make the importer stream",
      "goal: budget 2h",
    ]);
    expect(copilotUserPrompts({ sessionId: "s-2", prompt: "go on" }, env)).toBeNull();
    expect(copilotUserPrompts({ sessionId: "../s-1", prompt: "go on" }, env)).toBeNull();
  });
});
