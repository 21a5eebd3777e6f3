import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../base/errors.js";
import { killSwitchEngaged, loadEngineConfig } from "../config/engine-config.js";
import { defineHostProfile } from "../host/host-profile.js";
import { isOpen } from "../record/goal-phase.js";
import { activeGoal } from "../session/session-goals.js";
import { continuationCandidates } from "../store/continuation.js";
import { lookupToolUse } from "../store/tool-use-index.js";
import { engineEventSchema } from "./engine-event.js";
import { EVENT_HANDLERS } from "./handlers/index.js";
import { SESSION, TEST_PROFILE, testEngine } from "./test-engine.js";

const bash = (command: string) => ({ toolName: "Bash", toolInput: { command } });

function withOpenGoal(config = {}, options = {}) {
  const harness = testEngine(config, options);
  harness.send({ type: "prompt-submitted", prompt: "/goal Stream large files" });
  harness.tools.open({ ...SESSION }, { objective: "Stream large files", remaining: ["rewrite reader"] });
  return harness;
}

let toolUseCount = 0;
/** A shell call as a host reports it: PreToolUse, then its result with the same tool-use id. */
function ran(
  send: ReturnType<typeof testEngine>["send"],
  command: string,
  result: { succeeded: boolean | null; exitCode?: number; output?: string },
) {
  const toolUseId = `tu-${++toolUseCount}`;
  send({ type: "tool-about-to-run", ...bash(command), toolUseId });
  return send({ type: "tool-ran", ...bash(command), toolUseId, ...result });
}

function drift(send: ReturnType<typeof testEngine>["send"], calls: number) {
  for (let index = 0; index < calls; index++) send({ type: "tool-about-to-run", ...bash(`cat file${index}`) });
}

describe("the handler table", () => {
  it("has exactly one handler for every event type the schema accepts", () => {
    const types = engineEventSchema._zod.def.options.map((option) => option._zod.def.shape.type._zod.def.values[0]);
    expect(Object.keys(EVENT_HANDLERS).sort()).toEqual([...types].sort());
    expect(new Set(types).size).toBe(types.length);
  });
});

describe("capture", () => {
  it("a new goal sets the open one aside, paused and named in one line; goal: resume <its words> swaps them back", () => {
    const { send, store } = withOpenGoal();
    const first = activeGoal(store.read(SESSION.sessionId))!;
    const replaced = send({ type: "prompt-submitted", prompt: "objective: fix the flaky login test" });
    expect(replaced.userNote).toMatch(
      /"Stream large files" is paused, not lost: `goal: resume Stream large files` brings it back\./,
    );
    const aside = () => store.read(SESSION.sessionId)!.goals.find((goal) => goal.id === first.id)!;
    expect(aside()).toMatchObject({ status: "paused", closedAt: null, budget: first.budget });
    expect(activeGoal(store.read(SESSION.sessionId))).toMatchObject({
      objective: "fix the flaky login test",
      status: "draft",
      source: "marker",
    });
    const second = activeGoal(store.read(SESSION.sessionId))!;
    expect(aside().setAsideFor).toBe(second.id);
    // Back by a few of its words, in any case: the new goal is set aside in its place.
    const back = send({ type: "prompt-submitted", prompt: "goal: resume stream LARGE" });
    expect(back.userNote).toMatch(/back to "Stream large files"/);
    expect(back.userNote).toMatch(/"fix the flaky login test" is paused, not lost/);
    expect(back.context).toContain("Stream large files");
    expect(activeGoal(store.read(SESSION.sessionId))).toMatchObject({ id: first.id, status: "active", setAsideFor: null });
    // A name that fits nothing set aside changes nothing.
    expect(send({ type: "prompt-submitted", prompt: "goal: resume the moon landing" }).userNote).toMatch(
      /no goal set aside here is named "the moon landing"; nothing changed\. Set aside: "fix the flaky login test"/,
    );
    expect(activeGoal(store.read(SESSION.sessionId))!.id).toBe(first.id);
    // goal: clear cancels the current goal only; the one set aside stays, and goal: resume alone brings it back.
    send({ type: "prompt-submitted", prompt: "goal: clear" });
    expect(store.read(SESSION.sessionId)!.goals.find((goal) => goal.id === second.id)).toMatchObject({ status: "paused" });
    send({ type: "prompt-submitted", prompt: "goal: resume" });
    expect(activeGoal(store.read(SESSION.sessionId))).toMatchObject({ id: second.id, status: "draft" });
  });

  it("a near-miss of a command changes nothing and asks what was meant", () => {
    const { send, store } = withOpenGoal();
    const before = JSON.stringify(store.read(SESSION.sessionId)!.goals);
    const answer = send({ type: "prompt-submitted", prompt: "goal: acept" });
    expect(answer.userNote).toBe(
      'goalpost: "goal: acept" is not a goalpost command, so nothing changed — did you mean `goal: accept`?',
    );
    expect(answer.context).toMatch(/not a new goal/);
    expect(JSON.stringify(store.read(SESSION.sessionId)!.goals)).toBe(before);
  });

  it("/goal after other words is asked about, never dropped silently; on a later line of its own it is the goal", () => {
    const { send, store } = withOpenGoal();
    const before = JSON.stringify(store.read(SESSION.sessionId)!.goals);
    const asked = send({ type: "prompt-submitted", prompt: "please /goal make the tests pass" });
    expect(asked.userNote).toBe(
      'goalpost: "/goal make the tests pass" comes after other words in your prompt, so no goal was set. To set one, start a prompt — or a line of it — with goal: <what done means>.',
    );
    expect(asked.context).toMatch(/that set no goal/);
    expect(JSON.stringify(store.read(SESSION.sessionId)!.goals)).toBe(before);
    const taken = send({ type: "prompt-submitted", prompt: "the reader is done.\n/goal the importer streams" });
    expect(taken.userNote).toMatch(/^goalpost: goal captured as a draft; "Stream large files" is paused, not lost/);
    expect(activeGoal(store.read(SESSION.sessionId))?.objective).toBe("the importer streams");
  });

  it("mirrors a host's native /goal with source native, and keeps only a hash and a redacted preview of the prompt", () => {
    const { send, store } = testEngine({}, { profile: { ...TEST_PROFILE, nativeGoal: true } });
    const captured = send({ type: "prompt-submitted", prompt: `/goal ship it; token=${"abc"}${"d".repeat(30)}` });
    // One story: the user is told which verdict counts, and how to set goalpost's goal alone.
    expect(captured.userNote).toMatch(
      /host's own \/goal runs beside it: its verdict is its model's word, while goalpost closes this goal only when its own run of your checks passes/,
    );
    expect(send({ type: "prompt-submitted", prompt: "goal: ship it" }).userNote).not.toMatch(/host's own/);
    const goal = store.read(SESSION.sessionId)!.goals[0]!;
    expect(goal.source).toBe("native");
    expect(goal.sourcePromptHash).toMatch(/^[0-9a-f]{64}$/);
    expect(goal.sourcePromptPreview).toContain("[REDACTED:secret]");
  });

  it("/goal clear cancels the goal as cleared by user; /goal status reports", () => {
    const { send, store } = withOpenGoal();
    expect(send({ type: "prompt-submitted", prompt: "/goal status" }).context).toContain('form="full"');
    expect(send({ type: "prompt-submitted", prompt: "/goal clear" }).userNote).toMatch(/cleared/);
    expect(activeGoal(store.read(SESSION.sessionId))).toBeNull();
    expect(store.read(SESSION.sessionId)!.goals.every((goal) => !isOpen(goal))).toBe(true);
    expect(send({ type: "prompt-submitted", prompt: "/goal status" }).context).toMatch(/no open goal/);
  });

  it("a goal without a native /goal on its host is captured as slash", () => {
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal ship it" });
    expect(activeGoal(store.read(SESSION.sessionId))!.source).toBe("slash");
  });

  it("a clear read from the host's record pauses the goal and asks the user, who cancels or resumes it in words goalpost sees", () => {
    const { send, store } = withOpenGoal();
    const goalOf = () => store.read(SESSION.sessionId)!.goals[0]!;
    const answer = send({ type: "native-goal-changed", change: "cleared" });
    expect(answer.context).toMatch(/goal goal_\w+ is paused: .*record says its goal was cleared.*Do not work on it/);
    expect(answer.userNote).toMatch(
      /saw no prompt of yours do it .*paused, not cancelled: type `goal: clear` to cancel it, or `goal: resume`/,
    );
    expect(goalOf()).toMatchObject({ status: "paused", heldFor: "host-record-cleared", closedAt: null });
    // Asked again at the user's next prompt, and a stop is not refused meanwhile (a paused goal).
    expect(send({ type: "prompt-submitted", prompt: "what now?" }).userNote).toMatch(/paused, not cancelled/);
    expect(send({ type: "stop-requested" }).action).toBe("none");
    // The user's word: resume, asked no more; a second record clear pauses again; goal: clear cancels.
    expect(send({ type: "prompt-submitted", prompt: "goal: resume" }).userNote).toMatch(/resumed/);
    expect(send({ type: "prompt-submitted", prompt: "go on" }).userNote ?? "").not.toMatch(/paused, not cancelled/);
    expect(goalOf()).toMatchObject({ status: "active", heldFor: null });
    send({ type: "native-goal-changed", change: "cleared" });
    expect(send({ type: "prompt-submitted", prompt: "goal: clear" }).userNote).toMatch(/cleared/);
    expect(goalOf()).toMatchObject({ status: "cancelled", closeReason: "cleared by user" });
    // With nothing open, the host's clear says nothing.
    expect(send({ type: "native-goal-changed", change: "cleared" })).toEqual({ action: "none" });
  });

  it("held is a state of the goal: a pause of the user's is not one, and a goal an older goalpost held (by its note alone) still is", () => {
    const { send, store } = withOpenGoal();
    const file = join(store.root, "by-session", `${SESSION.sessionId}.json`);
    send({ type: "prompt-submitted", prompt: "/goal pause" });
    expect(store.read(SESSION.sessionId)!.goals[0]).toMatchObject({ status: "paused", heldFor: null });
    expect(send({ type: "prompt-submitted", prompt: "later" }).userNote ?? "").not.toMatch(/paused, not cancelled/);
    send({ type: "prompt-submitted", prompt: "/goal resume" });
    send({ type: "native-goal-changed", change: "cleared" });
    // As a goalpost before `heldFor` wrote it: the field missing, the note its only sign.
    const written = JSON.parse(readFileSync(file, "utf8"));
    delete written.goals[0].heldFor;
    writeFileSync(file, JSON.stringify(written));
    expect(store.read(SESSION.sessionId)!.goals[0]).toMatchObject({ status: "paused", heldFor: "host-record-cleared" });
    expect(send({ type: "prompt-submitted", prompt: "what now?" }).userNote).toMatch(/paused, not cancelled/);
  });

  it("a session start after a compaction goalpost did not see still puts the goal back and says so in its history", () => {
    const { send, store } = withOpenGoal();
    expect(send({ type: "session-started", source: "compact" }).context).toContain('form="full"');
    expect(store.read(SESSION.sessionId)!.goals.at(-1)!.history.at(-1)).toMatchObject({ type: "restored" });
  });

  it("sends back no revision the model wrote over the one it had; an update over a copy it never got, or after a compaction, goes back in", () => {
    const keeps = { profile: defineHostProfile({ ...TEST_PROFILE, keepsPromptContext: true }) };
    const { send, tools } = withOpenGoal({}, keeps);
    const form = (answer: { context?: string }) => /form="(\w+)"/.exec(answer.context ?? "")?.[1] ?? "nothing";
    const prompt = () => form(send({ type: "prompt-submitted", prompt: "next" }));
    expect([prompt(), prompt()]).toEqual(["compact", "nothing"]);
    // Two updates with no prompt between: the second is over the model's own, so still nothing to send.
    tools.update({ ...SESSION }, { doneSoFar: ["read the reader"] });
    tools.update({ ...SESSION }, { doneSoFar: ["rewrote the reader"] });
    expect(prompt()).toBe("nothing");
    // The user paused and resumed it (revisions the model did not write): its update is over a copy
    // goalpost never sent, so the goal goes back in.
    send({ type: "prompt-submitted", prompt: "/goal pause" });
    send({ type: "prompt-submitted", prompt: "/goal resume" });
    tools.update({ ...SESSION }, { doneSoFar: ["read the writer"] });
    expect(prompt()).toBe("compact");
    // After a compaction the model's copy is gone: its update is sent back in full.
    send({ type: "compaction-about-to-run", trigger: "auto" });
    tools.update({ ...SESSION }, { doneSoFar: ["rewrote the writer"] });
    expect(prompt()).toBe("full");
  });

  it("sends an unchanged goal once where the host keeps prompt context, naming it in one line every tenth prompt; again when it changed, after a compaction, at a session start", () => {
    const keeps = { profile: defineHostProfile({ ...TEST_PROFILE, keepsPromptContext: true }) };
    const { send, tools } = withOpenGoal({}, keeps);
    const form = (answer: { context?: string }) => /form="(\w+)"/.exec(answer.context ?? "")?.[1] ?? "nothing";
    const prompts = (count: number) =>
      Array.from({ length: count }, (_, index) => form(send({ type: "prompt-submitted", prompt: `step ${index}` })));
    // goalpost_open changed the goal after the capture's block: the next prompt gives it again.
    expect(prompts(1)).toEqual(["compact"]);
    expect(prompts(10)).toEqual([...Array(9).fill("nothing"), "reference"]);
    const reference = send({ type: "prompt-submitted", prompt: "/goal status" });
    expect(form(reference)).toBe("full");
    // The model's own update of the revision it had: it wrote it, nothing to send back.
    tools.update({ ...SESSION }, { remaining: ["rewrite reader", "rewrite writer"] });
    expect(prompts(2)).toEqual(["nothing", "nothing"]);
    // The count of prompts goes on: the next reference, within ten prompts, names the updated goal.
    let line = "";
    for (let index = 0; index < 10 && !line; index++) line = send({ type: "prompt-submitted", prompt: "more" }).context ?? "";
    expect(line).toMatch(
      /form="reference">\nUnchanged since goalpost last gave it in full .*Objective: Stream large files\. Next: rewrite reader \(\+1 more\)\./,
    );
    expect(line.length).toBeLessThan(300);
    send({ type: "compaction-about-to-run", trigger: "auto" });
    expect(form(send({ type: "session-started", source: "compact" }))).toBe("full");
    expect(prompts(1)).toEqual(["nothing"]);
    expect(form(send({ type: "session-started", source: "startup" }))).toBe("full");
    expect(prompts(1)).toEqual(["nothing"]);
    // A host that may lose prompt context unseen (the default) gets the block at every prompt.
    const other = withOpenGoal();
    for (const prompt of ["one", "two", "three"]) expect(form(other.send({ type: "prompt-submitted", prompt }))).toBe("compact");
  });

  it("brings the goal back in full on resume where the host replays no earlier hook context", () => {
    const { send } = withOpenGoal({}, { profile: defineHostProfile({ ...TEST_PROFILE, fullOnResume: true }) });
    expect(send({ type: "session-started", source: "resume" }).context).toMatch(/<session_goal [^>]*form="full"/);
    expect(withOpenGoal().send({ type: "session-started", source: "resume" }).context).toMatch(
      /<session_goal [^>]*form="compact"/,
    );
  });

  it("tells the model the session its goal tools take, goal or not, where MCP calls cannot name their chat (VS Code)", () => {
    const profile = defineHostProfile({ ...TEST_PROFILE, sessionArguments: true });
    const { send, store } = testEngine({}, { profile });
    const note = 'goalpost tools in this chat take sessionId "session-1" and cwd "/work/project" as arguments.';
    // No goal yet: the note alone, and the session is on file so the tools accept it before any /goal.
    expect(send({ type: "session-started", source: "startup" }).context).toBe(note);
    expect(store.read("session-1")).toMatchObject({ sessionId: "session-1", cwd: "/work/project", goals: [] });
    expect(send({ type: "prompt-submitted", prompt: "look around" }).context).toBe(note);
    // With a goal: inside the goal block, once.
    const captured = send({ type: "prompt-submitted", prompt: "/goal ship the parser" }).context ?? "";
    expect(captured).toMatch(/<session_goal /);
    expect(captured.split(note)).toHaveLength(2);
    expect(send({ type: "tool-about-to-run", toolName: "Bash", toolInput: { command: "ls" } }).context).toBeUndefined();
    // Other hosts are not told.
    expect(testEngine().send({ type: "session-started", source: "startup" }).context).toBeUndefined();
  });

  it("restores the goal at the first tool result after a compaction no session start followed (Copilot CLI)", () => {
    const { send } = withOpenGoal();
    send({ type: "compaction-about-to-run", trigger: "auto" });
    const ls = { toolName: "Bash", toolInput: { command: "ls" } };
    expect(send({ type: "tool-ran", ...ls, succeeded: true }).context).toMatch(/<session_goal [^>]*form="full"/);
    expect(send({ type: "tool-ran", ...ls, succeeded: true }).context).toBeUndefined();
  });

  it("the host's own goal, set where no prompt hook sees it, is mirrored when goalpost has none open", () => {
    const { send, store } = testEngine();
    const answer = send({ type: "native-goal-changed", change: "set", objective: "ship feature X" });
    expect(answer.userNote).toMatch(/goal captured as a draft/);
    expect(activeGoal(store.read(SESSION.sessionId))).toMatchObject({ objective: "ship feature X", source: "native" });
    // One goal at a time: a second host goal does not replace goalpost's; that is the user's to do.
    expect(send({ type: "native-goal-changed", change: "set", objective: "something else" })).toEqual({ action: "none" });
    expect(store.read(SESSION.sessionId)!.goals).toHaveLength(1);
  });

  it("the host's own goal cannot be marked complete while goalpost's is open", () => {
    const profile = defineHostProfile({
      ...TEST_PROFILE,
      nativeGoalCompletion: { tool: "update_goal", field: "status", value: "complete" },
    });
    const { send, tools } = testEngine({}, { profile });
    const complete = { type: "tool-about-to-run", toolName: "update_goal", toolInput: { status: "complete" } };
    expect(send(complete)).toEqual({ action: "none" });
    send({ type: "prompt-submitted", prompt: "/goal ship feature X" });
    expect(send(complete)).toMatchObject({
      action: "deny-tool",
      reason: expect.stringMatching(/Close it first with goalpost_close/),
    });
    expect(send({ ...complete, toolInput: { status: "paused" } }).action).toBe("none");
    tools.close({ ...SESSION }, { status: "blocked", reason: "the staging database is down for the week" });
    expect(send(complete)).toEqual({ action: "none" });
  });

  it("a completion tool named without a field counts on every call (Copilot CLI's task_complete)", () => {
    const profile = defineHostProfile({ ...TEST_PROFILE, nativeGoalCompletion: { tool: "task_complete" } });
    const { send } = testEngine({}, { profile });
    send({ type: "prompt-submitted", prompt: "/goal ship feature X" });
    expect(send({ type: "tool-about-to-run", toolName: "task_complete", toolInput: { summary: "all done" } }).action).toBe(
      "deny-tool",
    );
  });

  it("never captures a host-made prompt, and such a prompt does not reset drift", () => {
    const { send, store } = withOpenGoal();
    drift(send, 3);
    send({ type: "prompt-submitted", prompt: "goal: from a task notification", origin: "host" });
    const goal = activeGoal(store.read(SESSION.sessionId))!;
    expect(goal.objective).toBe("Stream large files");
    expect(goal.drift.sinceUpdate).toBe(3);
  });

  it("/goal continue moves the one open goal of the directory into the new session", () => {
    const { send, store } = withOpenGoal();
    const other = { sessionId: "session-2" };
    send({ type: "session-ended" });
    expect(send({ type: "session-started", source: "startup", ...other }).context).toMatch(/another session has an open goal/);
    const decision = send({ type: "prompt-submitted", prompt: "/goal continue", ...other });
    expect(decision.userNote).toMatch(/continuing goal/);
    expect(activeGoal(store.read("session-2"))?.objective).toBe("Stream large files");
    expect(activeGoal(store.read(SESSION.sessionId))).toBeNull();
    expect(continuationCandidates(store, SESSION.cwd, "session-3")).toHaveLength(1);
  });
});

describe("drift", () => {
  it("resets on each user prompt and each goal update", () => {
    const { send, tools, store } = withOpenGoal();
    drift(send, 4);
    send({ type: "prompt-submitted", prompt: "continue" });
    expect(activeGoal(store.read(SESSION.sessionId))!.drift.sinceUpdate).toBe(0);
    drift(send, 5);
    expect(send({ type: "tool-about-to-run", ...bash("ls") }).action).toBe("deny-tool");
    tools.update({ ...SESSION }, { doneSoFar: ["Read the reader module and its tests"] });
    expect(send({ type: "tool-about-to-run", ...bash("ls") }).action).toBe("none");
  });

  it("does not count goal tools under any host prefix, nor the goalpost CLI", () => {
    const { send, store } = withOpenGoal();
    for (const toolName of [
      "mcp__goalpost__goalpost_status",
      "mcp_goalpost_goalpost_status",
      "goalpost-goalpost_status",
      "goalpost_status",
    ]) {
      send({ type: "tool-about-to-run", toolName, toolInput: {} });
    }
    send({ type: "tool-about-to-run", ...bash("npx goalpost status") });
    expect(activeGoal(store.read(SESSION.sessionId))!.drift.sinceUpdate).toBe(0);
  });

  it("warns in full once per goal in a conversation: later (the next turn, after an update), one line; after a compaction, in full again", () => {
    const { send, tools } = withOpenGoal();
    const warningAt = (calls: number) => {
      let last: { context?: string } = {};
      for (let index = 0; index < calls; index++) last = send({ type: "tool-about-to-run", ...bash(`cat f${index}`) });
      return last.context ?? "";
    };
    expect(warningAt(4)).toMatch(
      /^goalpost drift warning: 3 tool calls have run since the goal was last updated\. Call goalpost_update/,
    );
    send({ type: "prompt-submitted", prompt: "go on" });
    expect(warningAt(4)).toBe("goalpost drift warning: 3 calls since the last goalpost_update; at 5 the next is denied.");
    tools.update({ ...SESSION }, { doneSoFar: ["read the reader"] });
    expect(warningAt(4)).toBe("goalpost drift warning: 3 calls since the last goalpost_update; at 5 the next is denied.");
    send({ type: "compaction-about-to-run", trigger: "auto" });
    send({ type: "session-started", source: "compact" });
    send({ type: "prompt-submitted", prompt: "go on" });
    expect(warningAt(4)).toMatch(/^goalpost drift warning: 3 tool calls have run since the goal was last updated\./);
  });

  it("only warns in warn mode and stays silent when off", () => {
    const warn = withOpenGoal({ enforcement: "warn" });
    drift(warn.send, 6);
    const decision = warn.send({ type: "tool-about-to-run", ...bash("ls") });
    expect(decision.action).toBe("none");
    expect(decision.context).toMatch(/drift warning/);
    expect(warn.send({ type: "stop-requested" }).action).toBe("none");
    const off = withOpenGoal({ enforcement: "off" });
    drift(off.send, 6);
    expect(off.send({ type: "tool-about-to-run", ...bash("ls") })).toEqual({ action: "none" });
  });
});

describe("subagents", () => {
  it("get a boundary notice without goal text, their tools do not count, and goal tools are denied to them", () => {
    const { send, store } = withOpenGoal();
    const started = send({ type: "subagent-started", subagent: true, agentId: "a1", agentType: "general-purpose" });
    expect(started.context).toMatch(/goals belong to the main session/);
    expect(started.context).not.toContain("Stream large files");
    drift(send, 0);
    for (let index = 0; index < 8; index++) {
      expect(send({ type: "tool-about-to-run", ...bash("cat x"), subagent: true, agentId: "a1" }).action).toBe("none");
    }
    expect(activeGoal(store.read(SESSION.sessionId))!.drift.sinceUpdate).toBe(0);
    expect(
      send({
        type: "tool-about-to-run",
        toolName: "mcp__goalpost__goalpost_close",
        toolInput: {},
        subagent: true,
        toolUseId: "t1",
      }).action,
    ).toBe("deny-tool");
    expect(lookupToolUse(store, "t1")).toMatchObject({ sessionId: SESSION.sessionId, subagent: true });
    expect(send({ type: "stop-requested", subagent: true })).toEqual({ action: "none" });
    expect(
      send({ type: "tool-about-to-run", ...bash('goalpost-claude-code close \'{"status":"complete"}\''), subagent: true }).action,
    ).toBe("deny-tool");
  });

  it("infers subagent tool events from start/stop on hosts that do not mark them", () => {
    const { send, store } = withOpenGoal({}, { profile: { ...TEST_PROFILE, marksSubagents: false } });
    send({ type: "subagent-started", agentId: "a1" });
    drift(send, 8);
    expect(activeGoal(store.read(SESSION.sessionId))!.drift.sinceUpdate).toBe(0);
    send({ type: "subagent-stopped", agentId: "a1" });
    drift(send, 2);
    expect(activeGoal(store.read(SESSION.sessionId))!.drift.sinceUpdate).toBe(2);
  });
});

describe("evidence receipts", () => {
  it("records a receipt with the host's verdict, exit code and output hash, and an edit after it voids it for the gate", () => {
    const { send, store } = withOpenGoal();
    ran(send, "npm test", { succeeded: false, exitCode: 1, output: "1 failed" });
    ran(send, "npm test", { succeeded: true, exitCode: 0, output: "12 passed" });
    let goal = activeGoal(store.read(SESSION.sessionId))!;
    expect(goal.receipts.map((receipt) => [receipt.category, receipt.passed, receipt.exitCode])).toEqual([
      ["test", false, 1],
      ["test", true, 0],
    ]);
    expect(goal.receipts[1]!.outputHash).toMatch(/^[0-9a-f]{64}$/);
    const runTests = { toolName: "runTests", toolInput: { files: [], filePath: "/work/project/test/a.test.ts" } };
    send({ type: "tool-about-to-run", ...runTests, toolUseId: "rt" });
    send({ type: "tool-ran", ...runTests, toolUseId: "rt", succeeded: true });
    expect(activeGoal(store.read(SESSION.sessionId))!.receipts.at(-1)!.files).toEqual(["/work/project/test/a.test.ts"]);
    send({ type: "tool-ran", toolName: "Write", toolInput: { file_path: "/work/project/src/a.ts" }, succeeded: true });
    goal = activeGoal(store.read(SESSION.sessionId))!;
    expect(Date.parse(goal.lastEditAt!)).toBeGreaterThan(Date.parse(goal.receipts[1]!.at));
  });

  it("keeps a receipt whose outcome the host did not report as unknown, never as passed", () => {
    const { send, store } = withOpenGoal();
    ran(send, "pytest", { succeeded: null });
    expect(activeGoal(store.read(SESSION.sessionId))!.receipts[0]!.passed).toBeNull();
  });
});

describe("tasks", () => {
  it.each([
    ["TodoWrite", (status: string) => ({ todos: [{ content: "rewrite reader", status, activeForm: "Rewriting" }] })],
    ["update_plan", (status: string) => ({ plan: [{ step: "rewrite reader", status }] })],
    [
      "manage_todo_list",
      (status: string) => ({ todoList: [{ id: 1, title: "rewrite reader", status: status.replace("_", "-") }] }),
    ],
  ] as const)("%s pushes the task in progress as a child goal and pops it when completed", (toolName, input) => {
    const { send, store } = withOpenGoal();
    send({ type: "tool-ran", toolName, toolInput: input("in_progress"), succeeded: true });
    const pushed = store.read(SESSION.sessionId)!.goals.find((goal) => goal.level === "task");
    expect(pushed).toMatchObject({ objective: "rewrite reader", status: "active", source: "task" });
    expect(send({ type: "prompt-submitted", prompt: "go" }).context).toContain(
      "Stack: epic: Stream large files → task: rewrite reader",
    );
    send({ type: "tool-ran", toolName, toolInput: input("completed"), succeeded: true });
    expect(store.read(SESSION.sessionId)!.goals.find((goal) => goal.level === "task")).toMatchObject({ status: "complete" });
  });
});

describe("goal stack: epic → issue → task", () => {
  it("opens a sub-goal that becomes the active goal, renders the whole line, and returns to its parent when closed", () => {
    const { send, tools, store } = withOpenGoal();
    const issue = tools.open({ ...SESSION }, { objective: "Rewrite the CSV reader", level: "issue" }).goal!;
    expect(issue).toMatchObject({ level: "issue", parentId: expect.stringMatching(/^goal_/) });
    expect(activeGoal(store.read(SESSION.sessionId))?.id).toBe(issue.id);

    send({
      type: "tool-ran",
      toolName: "TodoWrite",
      toolInput: { todos: [{ content: "parse quoted fields", status: "in_progress" }] },
      succeeded: true,
    });
    expect(send({ type: "prompt-submitted", prompt: "go" }).context).toContain(
      "Stack: epic: Stream large files → issue: Rewrite the CSV reader (this goal) → task: parse quoted fields",
    );
    drift(send, 2);
    expect(activeGoal(store.read(SESSION.sessionId))?.drift.sinceUpdate).toBe(2);
    expect(send({ type: "stop-requested" }).reason).toContain(`goal ${issue.id} is still open`);

    tools.close({ ...SESSION }, { status: "cancelled", reason: "folded into the epic" });
    const back = activeGoal(store.read(SESSION.sessionId));
    expect(back?.objective).toBe("Stream large files");
    expect(store.read(SESSION.sessionId)!.goals.find((goal) => goal.level === "task")?.status).toBe("cancelled");
  });

  it("/goal clear cancels the whole stack, and continuation offers only top-level goals, moving their sub-goals along", () => {
    const { send, tools, store } = withOpenGoal();
    tools.open({ ...SESSION }, { objective: "Rewrite the CSV reader", level: "issue" });
    expect(continuationCandidates(store, SESSION.cwd, "session-2").map((candidate) => candidate.objective)).toEqual([
      "Stream large files",
    ]);
    send({ type: "session-ended" });
    send({ type: "prompt-submitted", prompt: "/goal continue", sessionId: "session-2" });
    const moved = store.read("session-2")!;
    expect(moved.goals.map((goal) => goal.objective).sort()).toEqual(["Rewrite the CSV reader", "Stream large files"]);
    expect(activeGoal(moved)?.objective).toBe("Rewrite the CSV reader");

    send({ type: "prompt-submitted", prompt: "/goal clear", sessionId: "session-2" });
    expect(store.read("session-2")!.goals.every((goal) => !isOpen(goal))).toBe(true);
  });

  it("refuses a second top-level goal while one is open, but not a sub-goal", () => {
    const { tools } = withOpenGoal();
    expect(() => tools.open({ ...SESSION }, { objective: "Something else entirely" })).toThrow(/is already open/);
    expect(tools.open({ ...SESSION }, { objective: "A focused sub-task", level: "issue" }).goal?.level).toBe("issue");
  });
});

describe("scope", () => {
  it("denies an out-of-bounds action and an edit outside the path globs under enforcement", () => {
    const { send, tools } = testEngine();
    tools.open({ ...SESSION }, { objective: "Fix the parser", scope: ["src/parser/**", "!push"] });
    expect(send({ type: "tool-about-to-run", ...bash("git push origin main") })).toMatchObject({
      action: "deny-tool",
      reason: expect.stringMatching(/scope guard: the action "push"/),
    });
    expect(
      send({ type: "tool-about-to-run", toolName: "Edit", toolInput: { file_path: "/work/project/src/ui/app.ts" } }).action,
    ).toBe("deny-tool");
    expect(
      send({ type: "tool-about-to-run", toolName: "Edit", toolInput: { file_path: "/work/project/src/parser/csv.ts" } }).action,
    ).toBe("none");
  });
});

describe("session start and restore", () => {
  it("resume injects the compact form; startup the full form", () => {
    const { send } = withOpenGoal();
    expect(send({ type: "session-started", source: "resume" }).context).toContain('form="compact"');
    expect(send({ type: "session-started", source: "startup" }).context).toContain('form="full"');
  });

  it("restores the full goal at the first prompt after a compaction no session start followed", () => {
    const { send, store } = withOpenGoal();
    send({ type: "compaction-about-to-run", trigger: "auto" });
    const first = send({ type: "prompt-submitted", prompt: "go on" });
    expect(first.context).toContain('form="full"');
    expect(send({ type: "prompt-submitted", prompt: "and on" }).context).toContain('form="compact"');
    expect(
      store
        .read(SESSION.sessionId)!
        .goals.at(-1)!
        .history.some((event) => event.type === "restored"),
    ).toBe(true);
  });

  it("tells a draft's stop to inspect and open it, and an open goal's stop to continue the next item, in a sentence or two", () => {
    const { send, tools } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal stream large files" });
    const draft = send({ type: "stop-requested" }).reason ?? "";
    expect(draft).toMatch(
      /^goalpost: this session should not stop yet: goal goal_\S+ is still a draft\. Next: inspect the code it concerns, then open it with goalpost_open/,
    );
    tools.open({ ...SESSION }, { objective: "Stream large files", remaining: ["rewrite reader"] });
    const open = send({ type: "stop-requested" }).reason ?? "";
    expect(open).toMatch(
      /^goalpost: this session should not stop yet: goal goal_\S+ is still open\. Next: rewrite reader\. Record progress/,
    );
    // The goal itself is in the model's context already: the reason stays short, and once it said what
    // to do for this revision of the goal, a later one names only the next step.
    expect(open).toMatch(/Record progress with goalpost_update; close with goalpost_close when done, or as blocked\.$/);
    expect(open.length).toBeLessThan(300);
    send({ type: "prompt-submitted", prompt: "go on" });
    const again = send({ type: "stop-requested" }).reason ?? "";
    expect(again).toBe("goalpost: this session should not stop yet: the goal is still open. Next: rewrite reader.");
    // The goal changed: the next step is named; what to do was said in this conversation already.
    tools.update({ ...SESSION }, { remaining: ["rewrite writer"] });
    expect(send({ type: "stop-requested" }).reason).toBe(
      "goalpost: this session should not stop yet: the goal is still open. Next: rewrite writer.",
    );
    // A compaction takes the conversation's earlier reasons with it: spelled out again.
    send({ type: "compaction-about-to-run", trigger: "auto" });
    send({ type: "session-started", source: "compact" });
    send({ type: "prompt-submitted", prompt: "go on" });
    expect(send({ type: "stop-requested" }).reason).toMatch(/Next: rewrite writer\. Record progress with goalpost_update/);
  });

  it("lets a stop through when the goal is blocked with recorded blockers", () => {
    const { send, tools } = withOpenGoal();
    tools.update({ ...SESSION }, { status: "blocked", blockers: ["waiting for the user to provide the API key"] });
    expect(send({ type: "stop-requested" })).toEqual({ action: "none" });
  });
});

describe("bad input and escape hatches", () => {
  it("rejects a malformed event with a clear error", () => {
    const { engine } = testEngine();
    expect(() => engine.handle({ type: "tool-about-to-run", sessionId: "", host: "x", cwd: "/p" } as never)).toThrow(
      InvalidInputError,
    );
    expect(() => engine.handle({ type: "nonsense" } as never)).toThrow(/Invalid engine event/);
  });

  it("has a kill switch in the environment and in the state root", () => {
    const { store } = testEngine();
    expect(killSwitchEngaged(store.root, {})).toBe(false);
    expect(killSwitchEngaged(store.root, { GOALPOST_DISABLED: "1" })).toBe(true);
    expect(killSwitchEngaged(store.root, { GOALPOST_DISABLED: "0" })).toBe(false);
    mkdirSync(store.root, { recursive: true });
    writeFileSync(join(store.root, "disabled"), "");
    expect(killSwitchEngaged(store.root, {})).toBe(true);
  });

  it("reads config.json strictly, lets GOALPOST_ENFORCEMENT override, and falls back to defaults with a warning", () => {
    const { store } = testEngine();
    mkdirSync(store.root, { recursive: true });
    writeFileSync(join(store.root, "config.json"), JSON.stringify({ driftDenyAt: 8 }));
    expect(loadEngineConfig(store.root, { GOALPOST_ENFORCEMENT: "warn" })).toMatchObject({ driftDenyAt: 8, enforcement: "warn" });
    const warnings: string[] = [];
    writeFileSync(join(store.root, "config.json"), JSON.stringify({ driftDenyAt: 8, typo: true }));
    expect(loadEngineConfig(store.root, {}, (message) => warnings.push(message)).driftDenyAt).toBe(5);
    expect(warnings[0]).toMatch(/config.json is invalid/);
  });
});
