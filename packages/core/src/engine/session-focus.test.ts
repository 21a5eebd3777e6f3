// With no goal: the host's task in progress is the session's focus — shown to the model when it
// changes, never enforced — and a session with neither hears once that /goal exists.
import { describe, expect, it } from "vitest";
import { GOAL_HINT } from "./handlers/prompt-submitted.js";
import { SESSION, testEngine } from "./test-engine.js";

const todo = (content: string, status: string) => ({ todos: [{ content, status, activeForm: content }] });

describe("a task in progress with no goal set", () => {
  it.each([
    ["TodoWrite", (status: string) => todo("rewrite the reader", status)],
    ["update_plan", (status: string) => ({ plan: [{ step: "rewrite the reader", status }] })],
    [
      "manage_todo_list",
      (status: string) => ({ todoList: [{ id: 1, title: "rewrite the reader", status: status.replace("_", "-") }] }),
    ],
  ] as const)("%s: is the focus, shown once when it changes, never enforced, and leaves when completed", (toolName, input) => {
    const { send, store } = testEngine();
    const started = send({ type: "tool-ran", toolName, toolInput: input("in_progress"), succeeded: true });
    expect(started.context).toBe(
      '<session_focus source="task">\nNo goal is set for this session; this is what it works on. goalpost shows it and does not enforce it.\nTASK: rewrite the reader [in_progress] (from its task list)\n</session_focus>',
    );
    expect(store.read(SESSION.sessionId)!.focus).toMatchObject({ task: "rewrite the reader" });
    // The same list again: nothing new to say.
    expect(send({ type: "tool-ran", toolName, toolInput: input("in_progress"), succeeded: true })).toEqual({ action: "none" });
    // Not a goal: the stop goes through, a drifting tool is not denied, no goal record is made.
    expect(send({ type: "stop-requested" })).toEqual({ action: "none" });
    for (let call = 0; call < 8; call++)
      expect(send({ type: "tool-about-to-run", toolName: "Read", toolInput: { file_path: `f${call}` } }).action).toBe("none");
    expect(store.read(SESSION.sessionId)!.goals).toEqual([]);
    send({ type: "tool-ran", toolName, toolInput: input("completed"), succeeded: true });
    expect(store.read(SESSION.sessionId)!.focus).toBeNull();
  });

  it("follows Claude Code's TaskCreate and TaskUpdate by id", () => {
    const { send, store } = testEngine();
    send({
      type: "tool-ran",
      toolName: "TaskCreate",
      toolInput: { subject: "write the parser", description: "d" },
      output: JSON.stringify({ task: { id: "1", subject: "write the parser" } }),
      succeeded: true,
    });
    expect(store.read(SESSION.sessionId)!.focus).toBeNull();
    expect(
      send({ type: "tool-ran", toolName: "TaskUpdate", toolInput: { taskId: "1", status: "in_progress" }, succeeded: true })
        .context,
    ).toContain("TASK: write the parser [in_progress]");
    send({ type: "tool-ran", toolName: "TaskUpdate", toolInput: { taskId: "1", status: "completed" }, succeeded: true });
    expect(store.read(SESSION.sessionId)!.focus).toBeNull();
  });

  it("gives way to a goal the user sets: its tasks then become the goal's task goals", () => {
    const { send, store } = testEngine();
    send({ type: "tool-ran", toolName: "TodoWrite", toolInput: todo("rewrite the reader", "in_progress"), succeeded: true });
    send({ type: "prompt-submitted", prompt: "/goal stream large files" });
    send({ type: "tool-ran", toolName: "TodoWrite", toolInput: todo("parse quoted fields", "in_progress"), succeeded: true });
    expect(store.read(SESSION.sessionId)!.goals.find((goal) => goal.level === "task")?.objective).toBe("parse quoted fields");
  });
});

describe("the hint that /goal exists", () => {
  it("is told to the user once per session, at the first prompt with no goal and no task", () => {
    const { send } = testEngine();
    expect(send({ type: "prompt-submitted", prompt: "fix the build" })).toEqual({ action: "none", userNote: GOAL_HINT });
    expect(send({ type: "prompt-submitted", prompt: "and the docs" })).toEqual({ action: "none" });
    expect(send({ type: "prompt-submitted", prompt: "hello", sessionId: "another" }).userNote).toBe(GOAL_HINT);
  });

  it("is not told with a task in progress, to a subagent, or with goalHint off", () => {
    const withTask = testEngine();
    withTask.send({
      type: "tool-ran",
      toolName: "TodoWrite",
      toolInput: todo("rewrite the reader", "in_progress"),
      succeeded: true,
    });
    expect(withTask.send({ type: "prompt-submitted", prompt: "go on" }).userNote).toBeUndefined();
    expect(testEngine().send({ type: "prompt-submitted", prompt: "hi", subagent: true }).userNote).toBeUndefined();
    expect(testEngine({ goalHint: false }).send({ type: "prompt-submitted", prompt: "hi" })).toEqual({ action: "none" });
  });
});
