// The real Copilot CLI (pinned @github/copilot) in BYOK mode against a scripted chat-completions API on
// 127.0.0.1, with goalpost installed into a fake COPILOT_HOME by its own `install`: hooks, the goal
// tools extension and the goal skill.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { takeNotes } from "@goalpost/adapter-kit";
import { removeTestdirs, runInstalledHook, type Tree } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { type CopilotHome, copilotSession, createCopilotHome, goalpostCopilot, runCopilot } from "./copilot-cli-home.js";
import { HELLO_EVIDENCE, HELLO_FIX, HELLO_GOAL, HELLO_PROJECT } from "./hello-project.js";
import { type ChatReply, chatToolResults, type MockChat, messageText, scriptedChat, startMockChat } from "./mock-openai-chat.js";
import { verifies } from "./requirements.js";

let mock: MockChat | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  removeTestdirs();
});

async function setUp(script: Parameters<typeof scriptedChat>[0], project?: Tree): Promise<CopilotHome> {
  mock = await startMockChat(scriptedChat(script));
  const home = createCopilotHome({ mockUrl: mock.url, ...(project ? { project } : {}) });
  const install = await goalpostCopilot(home, ["install"]);
  expect(install.exitCode, String(install.stderr)).toBe(0);
  return home;
}

const call = (name: string, args: Record<string, unknown> = {}): ChatReply => ({ call: { name, arguments: args } });
const bash = (command: string) => call("bash", { command, description: "mock step" });
/** Copilot's plan tool: its todos live in the session's database. */
const sql = (query: string) => call("sql", { description: "Update todos", query });
const results = () => [...chatToolResults(mock!.requests).values()];
/** `/compact` in the session, then a prompt: what the model got with that prompt's request, as one text. */
async function compactThenAsk(home: CopilotHome, id: string): Promise<string> {
  const compact = await runCopilot(home, "/compact", [`--resume=${id}`]);
  expect(compact.exitCode, String(compact.stderr)).toBe(0);
  expect(String(compact.stdout)).toMatch(/Compacted conversation history/);
  const before = mock!.requests.length;
  expect((await runCopilot(home, "what next?", [`--resume=${id}`])).exitCode).toBe(0);
  const next = mock!.requests.slice(before).find((request) => request.kind === "conversation-user")!;
  return next.body.messages.map(messageText).join("\n");
}
const openGoal = (home: CopilotHome, id: string) => copilotSession(home, id).goals.find((goal) => goal.closedAt === null);

describe("goalpost in the real Copilot CLI", () => {
  it("captures /goal (Copilot's autopilot) in every prompt's context, and refuses task_complete until its cap", async () => {
    verifies("COPILOT-CAPTURE", "COPILOT-STOP");
    const home = await setUp({ main: Array.from({ length: 4 }, () => call("task_complete", { summary: "done" })) });
    const id = randomUUID();
    // Once autopilot completes after a denied task_complete, Copilot 1.0.102 idles about 98 s before
    // exiting (seen with and without goalpost's extension). The run is cut at 30 s: what matters
    // happened by then, and the state and the requests are what is checked.
    await runCopilot(home, "/goal make the importer stream large files", [`--session-id=${id}`], 30_000);
    expect(openGoal(home, id)).toMatchObject({ objective: "make the importer stream large files", source: "native" });
    const first = mock!.requests.find((request) => request.kind === "conversation-user")!;
    expect(messageText(first.body.messages.findLast((message) => message.role === "user"))).toMatch(
      /<system_reminder>\n<session_goal/,
    );
    const refusals = results().filter((text) => text.startsWith("Denied by preToolUse hook: goalpost's goal is still open"));
    expect(refusals).toHaveLength(3);
    expect(copilotSession(home, id).counters.stalls).toBe(1);
    // The goal skill install wrote is among the skills Copilot CLI lists to the model (a description
    // YAML could not read once made it fail to load, said only in the terminal UI).
    expect(JSON.stringify(first.body)).toMatch(/<name>goal<\/name>\\n\s*<description>How to work toward the session goal/);
  });

  it("blocks a stop while the goal is open; the reason comes back as the host's prompt, and the cap ends the loop", async () => {
    verifies("COPILOT-STOP", "COPILOT-INSTALL");
    const home = await setUp({
      main: [{ text: "working on it" }, { text: "still working" }, { text: "more" }, { text: "more" }],
    });
    const id = randomUUID();
    expect((await runCopilot(home, "goal: write the release notes", [`--session-id=${id}`])).exitCode).toBe(0);
    const prompts = mock!.requests.map((request) =>
      messageText(request.body.messages.findLast((message) => message.role === "user")),
    );
    expect(prompts.filter((prompt) => prompt.includes("goalpost: this session should not stop yet"))).toHaveLength(3);
    // The first prompt's goal block stays in the conversation: the prompts the blocks fed back add none.
    const last = mock!.requests.at(-1)!.body.messages.map(messageText).join("\n");
    expect(last.match(/<session_goal /g)).toHaveLength(1);
    const state = copilotSession(home, id);
    expect(state.counters).toMatchObject({ stalls: 1, prompts: 1 });
    expect(state.goals.map((goal) => goal.objective)).toEqual(["write the release notes"]);
  });

  it("ends a goal's turns at its budget: told to wind down with one turn left, then let go as budget-limited, tokens from Copilot's session log", async () => {
    verifies("ANY-BUDGET");
    const home = await setUp({ main: Array.from({ length: 8 }, (_, index) => ({ text: `reply ${index + 1}` })) });
    const id = randomUUID();
    expect((await runCopilot(home, "goal: write the release notes budget 2 turns", [`--session-id=${id}`])).exitCode).toBe(0);
    const prompts = mock!.requests.map((request) =>
      messageText(request.body.messages.findLast((message) => message.role === "user")),
    );
    expect(
      prompts.filter((prompt) =>
        /goalpost: this session should not stop yet: goal goal_\w+ has used most of its budget \(1 of 2 turns/.test(prompt),
      ),
    ).toHaveLength(1);
    expect(copilotSession(home, id).goals.at(-1)).toMatchObject({
      status: "budget-limited",
      budget: { turns: 2 },
      spent: { turns: 2 },
    });
    // Copilot CLI buffers its session log: the usage of a `-p` run is on disk only after it ends, and
    // the next hook that reads the log charges it to the goal (two requests of 100 in, 10 out).
    // (`goal:`, not `/goal`: Copilot's own /goal starts its autopilot.)
    expect((await runCopilot(home, "goal: budget", [`--resume=${id}`])).exitCode).toBe(0);
    const goal = copilotSession(home, id).goals.at(-1)!;
    expect(goal.status).toBe("budget-limited");
    expect(goal.spent.tokens).toBeGreaterThanOrEqual(220);
  });

  it("echoes no goal command Copilot's event log shows the user typed, and tells one a script sent in their name", async () => {
    verifies("COPILOT-TYPED-BY-USER");
    const home = await setUp({ main: [] });
    const id = randomUUID();
    expect((await runCopilot(home, "goal: make the importer stream large files", [`--session-id=${id}`])).exitCode).toBe(0);
    expect((await runCopilot(home, "goal: budget 2h", [`--resume=${id}`])).exitCode).toBe(0);
    expect(openGoal(home, id)?.budget).toMatchObject({ seconds: 7200 });
    // The next prompts run the installed prompt hook as Copilot runs it, beside the log Copilot wrote; what
    // goalpost tells the user there goes through its extension's outbox (Copilot's hooks carry no note).
    const hooks = JSON.parse(readFileSync(join(home.copilotHome, "hooks", "goalpost.json"), "utf8")).hooks as Record<
      string,
      { bash: string }[]
    >;
    const prompt = (text: string) => {
      const run = runInstalledHook(
        hooks["userPromptSubmitted"]![0]!.bash,
        { sessionId: id, timestamp: Date.now(), cwd: home.project, prompt: text },
        { env: home.env(), cwd: home.project },
      );
      expect(run.status, run.stderr).toBe(0);
      return `${run.stdout}${takeNotes(home.stateRoot, id).join("\n")}`;
    };
    // The budget was the user's, and Copilot's log shows they typed it: nothing echoed, nothing said about
    // a record that cannot settle it.
    const honest = prompt("go on");
    expect(honest).not.toContain("taken as your word");
    expect(honest).not.toContain("keeps no record");
    // A script runs the prompt hook as if the user had typed a budget: no log line says so.
    prompt("goal: budget 1k tokens");
    expect(prompt("go on")).toMatch(
      /taken as your word: `goal: budget 1k tokens` .*which the host's record does not show you typed/,
    );
  });

  it("offers the goal tools through its extension: they refuse a subagent, and goalpost_close refuses without evidence", async () => {
    verifies("COPILOT-TOOLS");
    const home = await setUp({
      main: [
        call("goalpost_open", { objective: "Make hello.js print hello", requirements: ["node hello.js prints hello"] }),
        call("goalpost_close", { status: "complete" }),
        call("task", {
          agent_type: "task",
          name: "checker",
          description: "check",
          prompt: "SUBTASK check the goal",
          mode: "sync",
        }),
        { text: "stopping here" },
      ],
      subagent: [call("goalpost_status")],
    });
    const id = randomUUID();
    const run = await runCopilot(home, "goal: make hello.js print hello", [`--session-id=${id}`]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const texts = results();
    expect(texts.some((text) => /Goal goal_\S+ is open: make hello.js print hello/.test(text))).toBe(true);
    expect(texts.some((text) => text.includes("Refusing to mark goal"))).toBe(true);
    expect(texts.some((text) => text.includes("goals belong to the main session"))).toBe(true);
    // Opened; the script then only tries to stop, so goalpost lets it go, waiting for the user.
    expect(openGoal(home, id)).toMatchObject({ status: "needs-input", requirements: ["node hello.js prints hello"] });
  });

  it("takes the project's .goalpost/goal.md as the goal of a session with none, and refuses the agent's edit of it", async () => {
    verifies("COPILOT-GOAL-FILE");
    const goalFile = "The importer streams large files.\nDone when `npm test` passes.\n";
    // The script is read as requests come: the edit names the project's path, known once the home is made.
    const main: ChatReply[] = [];
    const home = await setUp({ main }, { ".goalpost": { "goal.md": goalFile }, "package.json": "{}" });
    const path = join(home.project, ".goalpost", "goal.md");
    main.push(call("edit", { path, old_str: "The importer streams large files.", new_str: "Nothing to do." }), {
      text: "stopping here",
    });
    const id = randomUUID();
    expect((await runCopilot(home, "let us start", [`--session-id=${id}`])).exitCode).toBe(0);
    expect(openGoal(home, id)).toMatchObject({ source: "file", objective: goalFile.trim() });
    expect(results().some((text) => text.includes("the user's goal file"))).toBe(true);
    expect(readFileSync(path, "utf8")).toBe(goalFile);
  });

  it("keeps a subagent out of the goal: its tool calls are no drift, and it gets the boundary notice, not the goal", async () => {
    verifies("COPILOT-SUBAGENT");
    const home = await setUp({
      main: [
        call("task", { agent_type: "task", name: "runner", description: "run", prompt: "SUBTASK run the checks", mode: "sync" }),
        { text: "stopping here" },
      ],
      subagent: Array.from({ length: 7 }, (_, index) => bash(`echo sub-${index + 1}`)),
    });
    const id = randomUUID();
    const run = await runCopilot(home, "goal: check the build", [`--session-id=${id}`]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const subagent = mock!.requests.filter((request) => request.kind === "conversation-subagent");
    expect(subagent.length).toBeGreaterThanOrEqual(7);
    const ran = results().filter((text) => /sub-\d/.test(text));
    expect(ran).toHaveLength(7);
    expect(ran.every((text) => !text.includes("drift guard"))).toBe(true);
    const first = subagent[0]!.body.messages.map(messageText).join("\n");
    expect(first).toContain("goals belong to the main session");
    expect(first).not.toContain("check the build");
    expect(openGoal(home, id)?.drift.sinceUpdate).toBeLessThanOrEqual(1); // the main agent's task call only
  });

  it("follows Copilot CLI's plan — the todos table the model writes through its sql tool — into the focus with no goal, and task goals with one", async () => {
    verifies("COPILOT-PLAN");
    const home = await setUp({
      main: [
        sql("INSERT INTO todos (id, title, status) VALUES ('t1', 'Rewrite the reader', 'in_progress')"),
        { text: "started" },
        { text: "carrying on" },
        sql(
          "UPDATE todos SET status = 'done' WHERE id = 't1'; INSERT INTO todos (id, title, status) VALUES ('t2', 'Stream the writer', 'in_progress')",
        ),
        ...Array.from({ length: 6 }, () => ({ text: "still on it" })),
      ],
    });
    const id = randomUUID();
    expect((await runCopilot(home, "let us rewrite the reader", [`--session-id=${id}`])).exitCode).toBe(0);
    // No goal: the task in progress is the session's focus, shown to the model at the next prompt.
    expect(copilotSession(home, id).focus).toMatchObject({ task: "Rewrite the reader" });
    const before = mock!.requests.length;
    expect((await runCopilot(home, "go on", [`--resume=${id}`])).exitCode).toBe(0);
    expect(JSON.stringify(mock!.requests[before]!.body)).toContain("TASK: Rewrite the reader [in_progress] (from its task list)");
    expect((await runCopilot(home, "goal: make the importer stream", [`--resume=${id}`])).exitCode).toBe(0);
    // With a goal: the plan's task in progress is the goal's task goal.
    const state = copilotSession(home, id);
    expect(state.goals.find((goal) => goal.level === "task" && goal.closedAt === null)?.objective).toBe("Stream the writer");
  });

  it("leaves goalpost_close's run of the user's tests to the stop, which runs them sandboxed and closes the goal on a pass", async () => {
    verifies("COPILOT-VERIFIER");
    const home = await setUp(
      {
        main: [
          call("goalpost_open", { objective: "Make hello.js print hello", requirements: ["node hello.js prints hello"] }),
          bash(`printf "%s\\n" "${HELLO_FIX.trim()}" > hello.js`),
          bash("npm test"),
          call("goalpost_update", HELLO_EVIDENCE),
          call("goalpost_close", { status: "complete" }),
          { text: "done" },
        ],
      },
      HELLO_PROJECT,
    );
    const id = randomUUID();
    const run = await runCopilot(home, `goal: ${HELLO_GOAL}`, [`--session-id=${id}`]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(results().some((text) => /goalpost is now running the user's checks itself \(`npm test`\)/.test(text))).toBe(true);
    const goal = copilotSession(home, id).goals.find((candidate) => candidate.level === "epic");
    expect(goal).toMatchObject({ status: "complete", verification: { state: "passed" } });
    expect(goal?.verification?.verdict).toMatch(/node:test reports 1 passed, 0 failed/);
  });

  it("judges a receipt by the exit code Copilot appends, refuses running goalpost's hook, and denies drift", async () => {
    verifies("COPILOT-RECEIPTS");
    const project = {
      "package.json": JSON.stringify({ name: "demo", private: true, scripts: { test: "node test.js" } }),
      "test.js": "console.log('3 passed'); process.exit(Number(process.env.FAIL ?? 1));\n",
    };
    const home = await setUp(
      {
        main: [
          bash("npm test"),
          bash("FAIL=0 npm test"),
          bash("echo '{}' | goalpost-copilot-cli hook postToolUse"),
          bash("echo step-4"),
          bash("echo step-5"),
          bash("echo step-6"),
          bash("echo step-7"),
          bash("echo step-8"),
          bash("echo step-9"),
        ],
      },
      project,
    );
    const id = randomUUID();
    expect((await runCopilot(home, "goal: make the tests pass", [`--session-id=${id}`])).exitCode).toBe(0);
    expect(openGoal(home, id)!.receipts.map((receipt) => [receipt.command, receipt.passed])).toEqual([
      ["npm test", false],
      ["FAIL=0 npm test", true],
    ]);
    const texts = results();
    expect(texts).toContainEqual(
      expect.stringMatching(/^Denied by preToolUse hook: goalpost: running `goalpost-copilot-cli hook` is not allowed/),
    );
    expect(texts).toContainEqual(expect.stringMatching(/^Denied by preToolUse hook: goalpost drift guard/));
  });

  it("restores the full goal in the next request after /compact and --resume", async () => {
    verifies("COPILOT-COMPACT-RESTORE");
    const home = await setUp({ main: [{ text: "on it" }] });
    const id = randomUUID();
    expect((await runCopilot(home, "goal: make the importer stream large files", [`--session-id=${id}`])).exitCode).toBe(0);
    const all = await compactThenAsk(home, id);
    expect(all).toMatch(/<session_goal [^>]*form="full"/);
    expect(all).toContain("make the importer stream large files");
  });

  it("with no goal, gives the session's work back at the first prompt after /compact: its files from Copilot's event log, its checklist and the task in progress", async () => {
    verifies("COPILOT-WORKING-CONTEXT");
    const main: ChatReply[] = [
      { text: "(the file read, once the project's folder is known)" },
      sql(
        "INSERT INTO todos (id, title, status) VALUES ('t1', 'Rewrite the reader', 'done'), ('t2', 'Stream the writer', 'in_progress'), ('t3', 'Run the tests', 'pending')",
      ),
      { text: "started" },
    ];
    const home = await setUp({ main });
    // A file read: with no goal the hooks answer it from the shell; Copilot's event log keeps it.
    const readme = join(home.project, "README.md");
    main[0] = call("view", { path: readme });
    const id = randomUUID();
    expect((await runCopilot(home, "let us rewrite the reader", [`--session-id=${id}`])).exitCode).toBe(0);
    const all = await compactThenAsk(home, id);
    expect(all).toContain("<working_context>");
    expect(all).toContain(`Recent files: ${readme}`);
    expect(all).toContain("Checklist (1 of 3 done):");
    expect(all).toContain("[ ] Stream the writer");
    expect(all).toContain("TASK: Stream the writer [in_progress] (from its task list: 1 of 3 done)");
    expect(copilotSession(home, id).goals).toEqual([]);
  });

  it("offers the same tools over MCP, each call tied to its session by the id its preMcpToolCall hook put in _meta", async () => {
    verifies("COPILOT-TOOLS");
    const home = await setUp({
      main: [
        call("goalpost-goalpost_status"),
        call("goalpost-goalpost_open", { objective: "Make hello.js print hello", requirements: ["node hello.js prints hello"] }),
        { text: "stopping here" },
      ],
    });
    const id = randomUUID();
    expect((await runCopilot(home, "goal: make hello.js print hello", [`--session-id=${id}`])).exitCode).toBe(0);
    const texts = results();
    expect(texts[0]).toContain("make hello.js print hello");
    expect(texts[1]).toMatch(/Goal goal_\S+ is open: make hello.js print hello/);
    // Opened; the script then only tries to stop, so goalpost lets it go, waiting for the user.
    expect(openGoal(home, id)).toMatchObject({ status: "needs-input", requirements: ["node hello.js prints hello"] });
  });
});
