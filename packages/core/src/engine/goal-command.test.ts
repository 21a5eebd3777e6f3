import { describe, expect, it } from "vitest";
import { parseGoalCommand } from "./goal-command.js";

describe("parseGoalCommand", () => {
  it.each([
    ["/goal make the importer stream", { kind: "set", objective: "make the importer stream", source: "slash" }],
    ["  /GOAL Fix the login test", { kind: "set", objective: "Fix the login test", source: "slash" }],
    ["/goalpost ship the release notes", { kind: "set", objective: "ship the release notes", source: "slash" }],
    ["goal: write the migration", { kind: "set", objective: "write the migration", source: "marker" }],
    ["Objective：支持大文件流式导入", { kind: "set", objective: "支持大文件流式导入", source: "marker" }],
    ["/goal line one\nline two", { kind: "set", objective: "line one\nline two", source: "slash" }],
    ["/goal clear the cache before each build", { kind: "set", objective: "clear the cache before each build", source: "slash" }],
    ["/goal", { kind: "status" }],
    ["/goal status", { kind: "status" }],
    ["/goal clear", { kind: "clear" }],
    ["/goal stop", { kind: "clear" }],
    ["/goal off", { kind: "clear" }],
    ["/goal reset", { kind: "clear" }],
    ["/goal none", { kind: "clear" }],
    ["/goal cancel", { kind: "clear" }],
    ["/goal continue", { kind: "continue" }],
    ["/goal continue goal_abc_123", { kind: "continue", goalId: "goal_abc_123" }],
    ["/goal help", { kind: "help" }],
    ["/goal pause", { kind: "pause" }],
    ["/goal edit make it stream instead", { kind: "replace", objective: "make it stream instead" }],
    ["/goal replace write the docs", { kind: "replace", objective: "write the docs" }],
    ["/goal confirm", { kind: "confirm" }],
    ["/goal resume", { kind: "resume" }],
    ["/goal resume goal_abc_123", { kind: "resume", name: "goal_abc_123" }],
    ["goal: resume fix the parser", { kind: "resume", name: "fix the parser" }],
    ["goal: continue goal_abc_123", { kind: "continue", goalId: "goal_abc_123" }],
    ["goal: help", { kind: "help" }],
    // Near-misses of a command are asked about, never taken as a goal.
    ["goal: acept", { kind: "near-miss", typed: "goal: acept", meant: "goal: accept" }],
    ["goal: clera", { kind: "near-miss", typed: "goal: clera", meant: "goal: clear" }],
    ["/goal chek add npm test", { kind: "near-miss", typed: "/goal chek add npm test", meant: "/goal check add npm test" }],
    ["goal: budgte 2h", { kind: "near-miss", typed: "goal: budgte 2h", meant: "goal: budget 2h" }],
    ["Goal: stauts", { kind: "near-miss", typed: "goal: stauts", meant: "goal: status" }],
    // Every verb the parser takes, synonyms too, not a list of the common ones.
    ["/goal stpo", { kind: "near-miss", typed: "/goal stpo", meant: "/goal stop" }],
    ["goal: rejcet", { kind: "near-miss", typed: "goal: rejcet", meant: "goal: reject" }],
    ["goal: suspned", { kind: "near-miss", typed: "goal: suspned", meant: "goal: suspend" }],
    // /goal after other text: at the start of a later line (white space, a `>` quote, a quote mark
    // before it) it is the prompt's command from there; after other words on a line it is asked about.
    [
      "fix the flaky test first.\n/goal the suite passes twice in a row",
      { kind: "set", objective: "the suite passes twice in a row", source: "marker" },
    ],
    [
      "see the log below\n  > /goal ship the parser\nthanks",
      { kind: "set", objective: "ship the parser\nthanks", source: "marker" },
    ],
    ['I typed:\n"/goal stream the importer"', { kind: "set", objective: "stream the importer", source: "marker" }],
    ["that was it\n/goal clear", { kind: "clear" }],
    ["please /goal make the tests pass", { kind: "buried", typed: "/goal make the tests pass" }],
    ["can you set /goalpost fix the build for me", { kind: "buried", typed: "/goalpost fix the build for me" }],
    // A mention is not a command: in a code span, in a path, or with nothing after it.
    ["what does `/goal clear` do?", null],
    ["open src/goal/index.ts", null],
    ["the files under ./goal and /goal", null],
    // …but words that only start like one are a goal.
    ["goal: clean up the build output", { kind: "set", objective: "clean up the build output", source: "marker" }],
    ["goal: accepting uploads must stream", { kind: "set", objective: "accepting uploads must stream", source: "marker" }],
    ["/goal exit code 0 on success", { kind: "set", objective: "exit code 0 on success", source: "slash" }],
    ["/goal edit", { kind: "unsupported", verb: "edit" }],
    ["/goal update the changelog for 2.0", { kind: "set", objective: "update the changelog for 2.0", source: "slash" }],
    ["/goal check add npm run test:unit -- --silent", { kind: "check", action: "add", command: "npm run test:unit -- --silent" }],
    ["/goal check drop 2", { kind: "check", action: "drop", command: "2" }],
    ["/goal check", { kind: "check", action: "list", command: "" }],
    ["/goal checks list", { kind: "check", action: "list", command: "" }],
    ["/goal check accept", { kind: "check", action: "accept", command: "" }],
    ["/goal check the build still works", { kind: "set", objective: "check the build still works", source: "slash" }],
    ["/goal accept", { kind: "accept" }],
    ["/goal refuse", { kind: "refuse" }],
    ["/goal accept the new API shape", { kind: "set", objective: "accept the new API shape", source: "slash" }],
    // Where /goal is the host's own (Codex's terminal UI), the same answers in the marker form.
    ["goal: accept", { kind: "accept" }],
    ["goal: refuse", { kind: "refuse" }],
    ["goal: check add cargo test", { kind: "check", action: "add", command: "cargo test" }],
    ["goal: check the migration runs", { kind: "set", objective: "check the migration runs", source: "marker" }],
    // One word of clear, pause, resume, confirm or status: what Claude Code's own /goal clear and
    // Codex's terminal UI leave goalpost no /goal for. More words are an objective.
    ["goal: clear", { kind: "clear" }],
    ["Goal: Cancel", { kind: "clear" }],
    ["goal: pause", { kind: "pause" }],
    ["goal: resume", { kind: "resume" }],
    ["goal: confirm", { kind: "confirm" }],
    ["goal: status", { kind: "status" }],
    // Alone, as `/goal` alone: the status, never the no-goal hint.
    ["goal:", { kind: "status" }],
    ["  Ziel: ", { kind: "status" }],
    ["goal: clear the cache on deploy", { kind: "set", objective: "clear the cache on deploy", source: "marker" }],
  ])("%j", (prompt, expected) => {
    expect(parseGoalCommand(prompt)).toEqual(expected);
  });

  it.each(["please set a goal: x", "/goals list", "/goalkeeper", "what is the goal here?", "<task-notification>goal: x"])(
    "%j is not a command",
    (prompt) => {
      expect(parseGoalCommand(prompt)).toBeNull();
    },
  );
});
