import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { codexUserPrompts } from "./codex-rollout.js";

afterEach(removeTestdirs);

/** Lines as Codex 0.169.0 writes them for a prompt: the model's input item, then the typed message. */
const typed = (text: string) => [
  { type: "response_item", payload: { type: "message", role: "user", content: [{ type: "input_text", text }] } },
  {
    type: "event_msg",
    payload: {
      type: "item_completed",
      item: { type: "UserMessage", id: "u", content: [{ type: "text", text, text_elements: [] }] },
    },
  },
];

describe("codexUserPrompts", () => {
  it("reads what the user typed from the rollout, oldest first, and nothing else", () => {
    const root = testdir({});
    const path = join(root, "rollout.jsonl");
    const lines = [
      { type: "session_meta", payload: { id: "t" } },
      // Codex's own context as a user item: not typed.
      {
        type: "response_item",
        payload: { type: "message", role: "user", content: [{ type: "input_text", text: "<environment_context>" }] },
      },
      ...typed("goal: make the importer stream"),
      {
        type: "event_msg",
        payload: { type: "item_completed", item: { type: "AgentMessage", content: [{ type: "text", text: "goal: clear" }] } },
      },
      ...typed("goal: budget 2h"),
    ];
    writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\nnot json "UserMessage"\n`);
    expect(codexUserPrompts({ transcript_path: path })).toEqual(["goal: make the importer stream", "goal: budget 2h"]);
    expect(codexUserPrompts({ transcript_path: join(root, "missing.jsonl") })).toBeNull();
    expect(codexUserPrompts({ transcript_path: null })).toBeNull();
  });
});
