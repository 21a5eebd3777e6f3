// What a user of the hosts' own /goal expects, through the engine.
import { describe, expect, it } from "vitest";
import { isOpen } from "../record/goal-phase.js";
import { activeGoal } from "../session/session-goals.js";
import { GOAL_HINT } from "./handlers/prompt-submitted.js";
import { SESSION, testEngine } from "./test-engine.js";

describe("goal semantics", () => {
  it("records the requirements the user wrote in the /goal text", () => {
    const { send, store } = testEngine();
    send({
      type: "prompt-submitted",
      prompt:
        "/goal migrate the API client\n1. all 40 endpoints use the v2 client\n2. no test regresses\nThe docs must list the new client.",
    });
    expect(activeGoal(store.read(SESSION.sessionId))!.requirements).toEqual([
      "all 40 endpoints use the v2 client",
      "no test regresses",
      "The docs must list the new client.",
    ]);
  });

  it("a draft cannot go draft → blocked → complete without ever being activated", () => {
    const { send, tools } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal ship the parser" });
    tools.update({ ...SESSION }, { status: "blocked", blockers: ["waiting on the schema"] });
    expect(() => tools.close({ ...SESSION }, { status: "complete" })).toThrow(/never activated/);
  });

  it("puts the goal back at the first tool call after a compaction no session start followed", () => {
    const { send, tools, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal Stream large files" });
    tools.open({ ...SESSION }, { objective: "Stream large files", remaining: ["rewrite reader"] });
    send({ type: "compaction-about-to-run", trigger: "auto" });
    const first = send({ type: "tool-about-to-run", toolName: "Bash", toolInput: { command: "ls" } });
    expect(first.context).toContain('form="full"');
    expect(first.context).toContain("Stream large files");
    expect(store.read(SESSION.sessionId)!.compactions.at(-1)!.restoredAt).not.toBeNull();
    expect(send({ type: "tool-about-to-run", toolName: "Bash", toolInput: { command: "ls" } }).context).toBeUndefined();
  });

  it("continues the one goal left in this directory when the user says to keep going, never one of two", () => {
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal ship the parser", sessionId: "earlier" });
    // While the earlier session still runs, "keep going" elsewhere (a nested session) does not take its goal.
    expect(send({ type: "prompt-submitted", prompt: "keep going", sessionId: "nested" }).userNote).toMatch(
      /still being worked on in session earlier.*goal: continue goal_/,
    );
    expect(activeGoal(store.read("earlier"))?.objective).toBe("ship the parser");
    send({ type: "session-ended", sessionId: "earlier" });
    const answer = send({ type: "prompt-submitted", prompt: "keep going", sessionId: "later" });
    expect(answer.userNote).toMatch(/continuing goal "/);
    expect(activeGoal(store.read("later"))?.objective).toBe("ship the parser");
    expect(store.read("earlier")!.goals.every((goal) => !isOpen(goal))).toBe(true);

    send({ type: "prompt-submitted", prompt: "/goal write the docs", sessionId: "a" });
    send({ type: "prompt-submitted", prompt: "/goal fix the build", sessionId: "b" });
    const two = send({ type: "prompt-submitted", prompt: "continue where we left off", sessionId: "c" });
    expect(two.context).toMatch(/other sessions have open goals/);
    expect(activeGoal(store.read("c"))).toBeNull();
    // Never across directories, and not for ordinary prompts.
    expect(send({ type: "prompt-submitted", prompt: "keep going", sessionId: "d", cwd: "/elsewhere" }).context).toBeUndefined();
    // (The user of a session with no goal hears once that /goal exists; nothing is continued.)
    expect(
      send({ type: "prompt-submitted", prompt: "keep going with the tests please, and the docs", sessionId: "e" }).userNote,
    ).toBe(GOAL_HINT);
    expect(activeGoal(store.read("e"))).toBeNull();
  });
});

describe("/goal words that are not objectives", () => {
  it("/goal edit waits for /goal confirm, an unknown command changes nothing, /goal help explains", () => {
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal ship the parser" });
    expect(send({ type: "prompt-submitted", prompt: "/goal undo" }).userNote).toMatch(
      /is not a goalpost command; nothing changed/,
    );
    const proposed = send({ type: "prompt-submitted", prompt: "/goal edit make the parser stream instead" });
    expect(proposed.userNote).toMatch(/is unchanged\. To replace it with "make the parser stream instead", type goal: confirm/);
    expect(activeGoal(store.read(SESSION.sessionId))?.objective).toBe("ship the parser");
    expect(send({ type: "prompt-submitted", prompt: "/goal confirm" }).userNote).toMatch(/captured as a draft/);
    expect(activeGoal(store.read(SESSION.sessionId))?.objective).toBe("make the parser stream instead");
    expect(store.read(SESSION.sessionId)!.pendingReplacement).toBeNull();
    expect(send({ type: "prompt-submitted", prompt: "/goal confirm" }).userNote).toMatch(/no replacement waiting/);
    expect(send({ type: "prompt-submitted", prompt: "/goal help" }).context).toMatch(
      /its commands, typed at the start of a prompt: goal: <what done means> sets a goal.*; goal: clear cancels it/,
    );
    // One unknown word with a goal open: proposed, not put in place.
    expect(send({ type: "prompt-submitted", prompt: "/goal frobnicate" }).userNote).toMatch(/is unchanged/);
    expect(activeGoal(store.read(SESSION.sessionId))?.objective).toBe("make the parser stream instead");
  });
});

describe("Claude Code's id-based task tools", () => {
  it("TaskCreate then TaskUpdate in_progress pushes a task goal; completed hands back to the goal", () => {
    const { send, tools, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal Stream large files" });
    tools.open({ ...SESSION }, { objective: "Stream large files" });
    const ran = (toolName: string, toolInput: unknown, output: unknown) =>
      send({ type: "tool-ran", toolName, toolInput, succeeded: true, output: JSON.stringify(output) });
    ran(
      "TaskCreate",
      { subject: "Rewrite the reader", description: "stream it" },
      { task: { id: "1", subject: "Rewrite the reader" } },
    );
    ran("TaskCreate", { subject: "Add a 2 GB test", description: "prove it" }, { task: { id: "2", subject: "Add a 2 GB test" } });
    expect(store.read(SESSION.sessionId)!.goals.filter((goal) => goal.level === "task")).toEqual([]);
    ran("TaskUpdate", { taskId: "1", status: "in_progress" }, { success: true, taskId: "1", updatedFields: ["status"] });
    const pushed = store.read(SESSION.sessionId)!.goals.find((goal) => goal.level === "task" && isOpen(goal));
    expect(pushed?.objective).toBe("Rewrite the reader");
    ran("TaskUpdate", { taskId: "1", status: "completed" }, { success: true, taskId: "1", updatedFields: ["status"] });
    const closed = store.read(SESSION.sessionId)!.goals.find((goal) => goal.id === pushed?.id);
    expect(closed).toMatchObject({ status: "complete", closeReason: "completed in the host's task list" });
    expect(activeGoal(store.read(SESSION.sessionId))?.objective).toBe("Stream large files");
    expect(activeGoal(store.read(SESSION.sessionId))!.workingContext.progressMarkers).toEqual([
      { text: "Rewrite the reader", done: true },
      { text: "Add a 2 GB test", done: false },
    ]);
    expect(store.read(SESSION.sessionId)!.hostTasks.map((task) => [task.id, task.status])).toEqual([
      ["1", "completed"],
      ["2", "pending"],
    ]);
  });
});

describe("/goal pause and /goal resume", () => {
  it("a paused goal is kept and shown but not enforced, until the user resumes it", () => {
    const { send, tools, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal Stream large files" });
    tools.open({ ...SESSION }, { objective: "Stream large files", remaining: ["rewrite reader"] });
    const paused = send({ type: "prompt-submitted", prompt: "/goal pause" });
    expect(paused.userNote).toMatch(/paused/);
    expect(paused.context).toContain('status="paused"');
    expect(send({ type: "stop-requested" }).action).toBe("none");
    for (let call = 0; call < 8; call++)
      send({ type: "tool-about-to-run", toolName: "Bash", toolInput: { command: `cat f${call}` } });
    expect(send({ type: "tool-about-to-run", toolName: "Bash", toolInput: { command: "cat x" } }).action).toBe("none");
    expect(send({ type: "prompt-submitted", prompt: "go on" }).context).toContain(
      "does not enforce it until they type goal: resume",
    );
    expect(() => tools.close({ ...SESSION }, { status: "complete" })).toThrow();
    expect(send({ type: "prompt-submitted", prompt: "/goal resume" }).userNote).toMatch(/resumed/);
    expect(activeGoal(store.read(SESSION.sessionId))!.status).toBe("active");
    expect(send({ type: "stop-requested" }).action).toBe("block-stop");
  });
});

describe("/goal resume with nothing paused", () => {
  it("continues the one goal left open in this directory, as /goal continue does", () => {
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal ship the parser", sessionId: "earlier" });
    send({ type: "session-ended", sessionId: "earlier" });
    expect(send({ type: "prompt-submitted", prompt: "/goal resume", sessionId: "later" }).userNote).toMatch(/continuing goal/);
    expect(activeGoal(store.read("later"))?.objective).toBe("ship the parser");
  });
});
