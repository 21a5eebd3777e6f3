// Each language's words, tested as a user types them: a marker with its colon (ASCII and fullwidth,
// any case) sets a goal with the words after it; a carry-on phrase alone asks to continue; and what
// only looks like one does neither.
import { describe, expect, it } from "vitest";
import { GOAL_WORDS } from "../session/goal-words.js";
import { asksToContinue, parseGoalCommand } from "./goal-command.js";

describe.each(Object.entries(GOAL_WORDS))("the words of %s", (_language, words) => {
  it.each(words.markers)("%s: sets a goal", (marker) => {
    for (const typed of [
      `${marker}: fix the importer`,
      `  ${marker.toUpperCase()}：fix the importer`,
      `${marker}:\nfix the importer`,
    ])
      expect(parseGoalCommand(typed), typed).toEqual({ kind: "set", objective: "fix the importer", source: "marker" });
    // The marker's own word inside a sentence, or without its colon, is not one.
    expect(parseGoalCommand(`the ${marker} is to fix the importer`)).toBeNull();
    expect(parseGoalCommand(`${marker.trim()} fix the importer`)).toBeNull();
  });

  it.each(words.carryOn)("%s asks to carry on", (phrase) => {
    for (const typed of [phrase, `${phrase}!`, `  ${phrase.toUpperCase()}.`]) expect(asksToContinue(typed), typed).toBe(true);
    expect(asksToContinue(`${phrase} and also rewrite the parser in Rust`)).toBe(false);
  });
});

describe("words across languages", () => {
  it("reads the goal in the user's own language, and its commands", () => {
    expect(parseGoalCommand("目标：让导入器流式处理大文件")).toEqual({
      kind: "set",
      objective: "让导入器流式处理大文件",
      source: "marker",
    });
    expect(parseGoalCommand("Цель: ускорить импорт")).toEqual({ kind: "set", objective: "ускорить импорт", source: "marker" });
    expect(parseGoalCommand("Ziel: clear")).toEqual({ kind: "clear" });
    expect(parseGoalCommand("but : accélérer l'import")).toEqual({
      kind: "set",
      objective: "accélérer l'import",
      source: "marker",
    });
  });

  it("keeps the English But: a sentence, since French sets a space before its colon", () => {
    expect(parseGoalCommand("But: the tests still fail on Windows")).toBeNull();
  });
});

describe("the guide (docs/guide.md)", () => {
  it("names every marker goalpost reads", async () => {
    const { readFileSync } = await import("node:fs");
    const guide = readFileSync(new URL("../../../../docs/guide.md", import.meta.url), "utf8");
    for (const marker of Object.values(GOAL_WORDS).flatMap((words) => words.markers))
      expect(guide.toLowerCase(), marker).toMatch(new RegExp(`\`${marker.replace(/ $/, " ")}[:：]`, "iu"));
  });
});

describe("WHO / WHAT / WHY", () => {
  it("are the goal's own lines that say them, in any language with them, and never invented", async () => {
    const { focusFromWords } = await import("../session/goal-words.js");
    expect(focusFromWords("make the importer stream\nwho: the data team\nWhy: imports of 2 GB files run out of memory")).toEqual({
      who: "the data team",
      what: null,
      why: "imports of 2 GB files run out of memory",
    });
    expect(focusFromWords("Warum: der Import bricht ab\nWas: streamen")).toEqual({
      who: null,
      what: "streamen",
      why: "der Import bricht ab",
    });
    expect(focusFromWords("make the importer stream; why it fails is unclear")).toEqual({ who: null, what: null, why: null });
  });

  it("show under the goal's block as Focus", async () => {
    const { testEngine } = await import("./test-engine.js");
    const { send } = testEngine();
    const set = send({
      type: "prompt-submitted",
      prompt: "/goal make the importer stream\nwho: the data team\nwhy: 2 GB imports run out of memory",
    });
    expect(set.context).toContain("Focus: WHO: the data team · WHY: 2 GB imports run out of memory");
    expect(
      send({ type: "prompt-submitted", prompt: "/goal make the exporter stream", sessionId: "other" }).context,
    ).not.toContain("Focus:");
  });
});
