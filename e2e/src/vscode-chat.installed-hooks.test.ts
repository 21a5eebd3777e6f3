// VS Code Copilot Chat, which cannot run headless here (docs/hosts/vscode-chat.md §9): goalpost installed by its own
// `install` into a fake home, then sessions replayed through the installed hook commands — as VS Code
// runs them, a child process with the payload on stdin — in both spellings VS Code is known to use, and
// the goal tools called through the real MCP server over stdio with the session as arguments.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { removeTestdirs, runInstalledHook, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import { SUBAGENT_BOUNDARY_NOTICE } from "@goalpost/core/internal";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { verifies } from "./requirements.js";
import { type Spelling, type VscodeSession, vscodePayload } from "./vscode-chat-payloads.js";

const require = createRequire(import.meta.url);
const BIN = join(dirname(require.resolve("@goalpost/adapter-vscode-chat/package.json")), "dist", "goalpost-vscode-chat.js");

afterEach(removeTestdirs);

const USER_SETTINGS = `{
  // the user's own settings, comments and all
  "editor.fontSize": 14,
  /* kept */ "workbench.colorTheme": "Default Dark Modern"
}
`;
const USER_MCP = `{
  "servers": {
    // an MCP server of the user's
    "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/" }
  }
}
`;

function fakeVscode() {
  const root = testdir({
    home: { ".config": { Code: { User: { "settings.json": USER_SETTINGS, "mcp.json": USER_MCP } } } },
    // A real suite: closing as complete has goalpost run `npm test` here itself, in its sandbox.
    project: {
      "README.md": "# importer\n",
      "package.json": JSON.stringify({ name: "importer", private: true, scripts: { test: "node --test" } }),
      "importer.test.js": 'require("node:test")("streams", () => {});\n',
    },
  });
  const home = join(root, "home");
  const userDir = join(home, ".config", "Code", "User");
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home };
  const bin = (...args: string[]) =>
    execa(process.execPath, [BIN, ...args], { env, extendEnv: false, reject: false, cwd: join(root, "project") });
  const read = (path: string) => readFileSync(path, "utf8");
  const hooks = () =>
    Object.fromEntries(
      Object.entries(
        (
          JSON.parse(read(join(home, ".copilot", "hooks", "goalpost-vscode.json"))) as {
            hooks: Record<string, { command: string }[]>;
          }
        ).hooks,
      ).map(([event, handlers]) => [event, handlers[0]!.command]),
    );
  return { root, home, userDir, env, bin, read, hooks, project: join(root, "project"), stateRoot: join(userDir, "goalpost") };
}

type Fake = ReturnType<typeof fakeVscode>;

describe("VS Code Copilot Chat: install", { timeout: 120_000 }, () => {
  it("installs with one command, keeps the user's JSONC, changes nothing the second time, and uninstalls exactly", async () => {
    verifies("VSCODE-INSTALL");
    const vscode = fakeVscode();
    const install = await vscode.bin("install");
    expect(install.exitCode, String(install.stderr)).toBe(0);
    const hookFile = JSON.parse(vscode.read(join(vscode.home, ".copilot", "hooks", "goalpost-vscode.json")));
    // VS Code's own format: no version key (one would switch VS Code to Copilot CLI's format).
    expect(hookFile.version).toBeUndefined();
    expect(Object.keys(hookFile.hooks)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "PreCompact",
      "SubagentStart",
      "SubagentStop",
      "Stop",
    ]);
    expect(hookFile.hooks.Stop).toEqual([
      // The hook script beside the bin, the state root in the VS Code profile, Stop answered by the shell while no goal is open.
      {
        type: "command",
        command: expect.stringMatching(/^h=\S+; set -- Stop \S+; \. "\$h\/goalpost-vscode-chat-hook\.sh"$/),
        timeout: 300,
      },
    ]);
    expect(vscode.read(join(vscode.home, ".copilot", "agents", "goalpost.agent.md"))).toMatch(/^---\nname: Goalpost\n/);
    const mcp = vscode.read(join(vscode.userDir, "mcp.json"));
    expect(mcp).toContain("// an MCP server of the user's");
    expect(mcp).toMatch(/"goalpost": \{[\s\S]*"type": "stdio"/);
    const settings = vscode.read(join(vscode.userDir, "settings.json"));
    expect(settings).toContain("// the user's own settings, comments and all");
    expect(settings).toMatch(/"chat\.useHooks": true/);
    expect((await vscode.bin("install")).stdout).toContain("already installed");
    const doctor = await vscode.bin("doctor");
    expect(doctor.stdout).toMatch(/✓ hooks: all 8 events wired in user scope/);
    expect(doctor.stdout).toMatch(/✓ goal tools: the MCP server starts and offers goalpost_status/);
    expect(doctor.stdout).toMatch(/GitHub Copilot Chat Hooks/);

    expect((await vscode.bin("uninstall")).exitCode).toBe(0);
    expect(vscode.read(join(vscode.userDir, "settings.json"))).toBe(USER_SETTINGS);
    expect(vscode.read(join(vscode.userDir, "mcp.json"))).toBe(USER_MCP);
  });

  it("leaves chat.useHooks on at uninstall when the user had it on, and names a hook folder switched off", async () => {
    verifies("VSCODE-INSTALL");
    const vscode = fakeVscode();
    const own = `{\n  "chat.useHooks": true,\n  "chat.hookFilesLocations": { "~/.copilot/hooks": false }\n}\n`;
    const { writeFileSync } = await import("node:fs");
    writeFileSync(join(vscode.userDir, "settings.json"), own);
    expect((await vscode.bin("install")).exitCode).toBe(0);
    const doctor = await vscode.bin("doctor");
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toMatch(/✗ hooks switched on: chat\.hookFilesLocations switches off "~\/\.copilot\/hooks"/);
    expect((await vscode.bin("uninstall")).exitCode).toBe(0);
    expect(vscode.read(join(vscode.userDir, "settings.json"))).toBe(own);
  });
});

/** One chat, through the installed hook commands and the real MCP server. */
async function chat(vscode: Fake, spelling: Spelling, session: VscodeSession) {
  const commands = vscode.hooks();
  const hook = (event: string, fields: Record<string, unknown> = {}, cwd = session.cwd ?? vscode.home) => {
    const run = runInstalledHook(commands[event]!, vscodePayload(spelling, event, session, fields), { env: vscode.env, cwd });
    expect(run.status, run.stderr).toBe(0);
    return run;
  };
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp"], env: vscode.env, stderr: "pipe" });
  const client = new Client({ name: "vscode-replay", version: "0" });
  await client.connect(transport);
  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: { sessionId: session.sessionId, cwd: session.cwd, ...args } });
    return { text: (result.content as { text: string }[]).map((part) => part.text).join("\n"), isError: result.isError === true };
  };
  return { hook, tool, server: () => client.getServerVersion(), close: () => client.close() };
}

const terminal = (command: string) => ({
  tool_name: "run_in_terminal",
  tool_input: { command, explanation: "step", isBackground: false },
});

describe.each(["code", "docs"] as const)("VS Code Copilot Chat, %s spelling", (spelling) => {
  it("a whole session: goal tools before /goal, capture, subagent window, drift, compaction, stop, close gate", {
    timeout: 180_000,
  }, async () => {
    verifies("VSCODE-SPELLINGS", "VSCODE-CAPTURE", "VSCODE-SUBAGENT", "VSCODE-DRIFT-DENY");
    verifies("VSCODE-COMPACT-RESTORE", "VSCODE-STOP-BLOCK", "VSCODE-CLOSE-GATE");
    const vscode = fakeVscode();
    expect((await vscode.bin("install")).exitCode).toBe(0);

    // A chat whose model opens a goal before the user ever typed /goal: the hooks told it its session.
    const early = await chat(vscode, spelling, { sessionId: `early-${spelling}`, cwd: vscode.project });
    // The server says the adapter's own version, from its package.json.
    const { version } = JSON.parse(readFileSync(join(dirname(BIN), "..", "package.json"), "utf8")) as { version: string };
    expect(early.server()).toEqual({ name: "goalpost", version });
    const note = early.hook("SessionStart", { source: "new" }).output as { hookSpecificOutput: { additionalContext: string } };
    expect(note.hookSpecificOutput.additionalContext).toBe(
      `goalpost tools in this chat take sessionId "early-${spelling}" and cwd "${vscode.project}" as arguments.`,
    );
    expect((await early.tool("goalpost_status", {})).text).toMatch(/no open goal/i);
    const openedEarly = await early.tool("goalpost_open", { objective: "Tidy the README's install section" });
    expect(openedEarly.isError, openedEarly.text).toBe(false);
    const madeUp = await early.tool("goalpost_status", { sessionId: "made-up" });
    expect(madeUp.isError).toBe(true);
    await early.close();

    const session = { sessionId: `main-${spelling}`, cwd: vscode.project };
    const c = await chat(vscode, spelling, session);
    try {
      c.hook("SessionStart", { source: "new" });
      const captured = c.hook("UserPromptSubmit", { prompt: "/goal make the importer stream large files" }).output as {
        hookSpecificOutput: { hookEventName: string; additionalContext: string };
      };
      expect(captured.hookSpecificOutput.hookEventName).toBe("UserPromptSubmit");
      expect(captured.hookSpecificOutput.additionalContext).toMatch(/<session_goal id="goal_\w+" status="draft"/);
      expect(captured.hookSpecificOutput.additionalContext).toContain(`take sessionId "main-${spelling}"`);
      const opened = await c.tool("goalpost_open", {
        objective: "Make src/importer.ts stream large CSV files",
        requirements: ["Files over 1 GB import in constant memory"],
        remaining: ["rewrite the reader"],
      });
      expect(opened.isError, opened.text).toBe(false);

      // A subagent's window: its calls carry the parent's session id and no agent id, and are not drift.
      // The subagent hears at its start that goals are the main chat's (docs/hosts/vscode-chat.md §4).
      const boundary = c.hook("SubagentStart", { agent_id: "sub-1", agent_type: "Plan" }).output as {
        hookSpecificOutput?: { hookEventName?: string; additionalContext?: string };
      } | null;
      expect(boundary?.hookSpecificOutput).toEqual({
        hookEventName: "SubagentStart",
        additionalContext: SUBAGENT_BOUNDARY_NOTICE,
      });
      for (let call = 0; call < 8; call++) {
        const run = c.hook("PreToolUse", {
          tool_name: "read_file",
          tool_input: { filePath: `${vscode.project}/f${call}.ts` },
          tool_use_id: `s${call}`,
        });
        expect(JSON.stringify(run.output ?? {})).not.toContain('"deny"');
      }
      c.hook("SubagentStop", { agent_id: "sub-1", agent_type: "Plan", stop_hook_active: false });
      expect(createGoalStore({ root: vscode.stateRoot }).read(session.sessionId)!.goals.at(-1)!.drift.sinceUpdate).toBe(0);

      // Drift: warned, then denied.
      const answers = [0, 1, 2, 3, 4, 5].map(
        (call) =>
          c.hook("PreToolUse", { ...terminal(`cat f${call}`), tool_use_id: `d${call}` }).output as {
            hookSpecificOutput?: { permissionDecision?: string; additionalContext?: string };
          } | null,
      );
      expect(answers[3]?.hookSpecificOutput?.additionalContext).toMatch(/drift warning/);
      expect(answers[5]?.hookSpecificOutput).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "deny" });
      expect(
        (await c.tool("goalpost_update", { inspectionEvidence: ["Read src/importer.ts: it buffers the file"] })).isError,
      ).toBe(false);

      // Compaction: no SessionStart follows in VS Code; the next prompt carries the goal in full.
      c.hook("PreCompact", { trigger: "auto" });
      const after = c.hook("UserPromptSubmit", { prompt: "keep going" }).output as {
        hookSpecificOutput: { additionalContext: string };
      };
      expect(after.hookSpecificOutput.additionalContext).toMatch(/<session_goal [^>]*form="full"/);
      // VS Code keeps each turn's hook context in the history (docs/hosts/vscode-chat.md §5): the unchanged
      // goal, and the session's arguments its guidance gave, are not sent again.
      expect(c.hook("UserPromptSubmit", { prompt: "and then?" }).output).toBeNull();

      // Stop: blocked the only way VS Code reads.
      const stop = c.hook("Stop", { stop_hook_active: false }).output as Record<string, unknown>;
      expect(stop).toEqual({
        hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: expect.stringMatching(/should not stop yet/) },
      });
      expect(stop["decision"]).toBeUndefined();

      // Close: refused without evidence; accepted with evidence, then goalpost's own passing run.
      const refused = await c.tool("goalpost_close", { status: "complete" });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/Refusing to mark goal goal_\w+ complete/);
      c.hook("PreToolUse", { ...terminal("sed -i 's/read/stream/' src/importer.ts"), tool_use_id: "e1" });
      c.hook("PostToolUse", { ...terminal("sed -i 's/read/stream/' src/importer.ts"), tool_use_id: "e1", tool_response: "" });
      // A failing run: the terminal's exit code line decides, whatever the output says before it.
      c.hook("PreToolUse", { ...terminal("npm test"), tool_use_id: "t1" });
      c.hook("PostToolUse", {
        ...terminal("npm test"),
        tool_use_id: "t1",
        tool_response: "Tests 14 passed\nCommand exited with exit code 1",
      });
      c.hook("PreToolUse", { ...terminal("npm test"), tool_use_id: "t2" });
      c.hook("PostToolUse", {
        ...terminal("npm test"),
        tool_use_id: "t2",
        tool_response: " Test Files  3 passed (3)\n      Tests  14 passed (14)\n",
      });
      const receipts = createGoalStore({ root: vscode.stateRoot }).read(session.sessionId)!.goals.at(-1)!.receipts;
      expect(receipts.map((receipt) => receipt.passed)).toEqual([false, true]);
      const evidence = await c.tool("goalpost_update", {
        doneSoFar: ["Rewrote the reader in src/importer.ts as a line stream"],
        validationProof: ["Imported a 2 GB CSV with flat memory"],
        verificationResults: ["npm test: 14 passed"],
        requirementCoverage: [{ requirement: "1", evidence: "importer.test.ts 'streams 2 GB' passes" }],
        completionAudit: ["Requirement 1 checked against the passing streaming test"],
        remaining: [],
      });
      expect(evidence.isError, evidence.text).toBe(false);
      // The agent's receipts are progress; the close has goalpost run the user's check itself, and the
      // stop waits for its verdict.
      const closed = await c.tool("goalpost_close", { status: "complete" });
      expect(closed.isError, closed.text).toBe(false);
      expect(closed.text).toMatch(/goalpost is now running the user's checks itself \(`npm test`\)/);
      expect(c.hook("Stop", { stop_hook_active: false }).stdout).not.toMatch(/"decision"/);
      expect(createGoalStore({ root: vscode.stateRoot }).read(session.sessionId)!.goals.at(-1)).toMatchObject({
        status: "complete",
        verification: { state: "passed", verdict: expect.stringMatching(/node:test reports 1 passed/) },
      });
    } finally {
      await c.close();
    }
  });

  it("follows manage_todo_list: task goals under a goal, and with none the checklist and task back at the first prompt after a compaction", {
    timeout: 120_000,
  }, async () => {
    verifies("VSCODE-TASKS");
    const vscode = fakeVscode();
    expect((await vscode.bin("install")).exitCode).toBe(0);
    const todos = (inProgress: string, done: string[] = []) => ({
      tool_name: "manage_todo_list",
      tool_input: {
        operation: "write",
        todoList: [
          ...done.map((title, index) => ({ id: index + 1, title, status: "completed" })),
          { id: done.length + 1, title: inProgress, status: "in-progress" },
          { id: done.length + 2, title: "Run the tests", status: "not-started" },
        ],
      },
      tool_response: "Successfully wrote todo list",
    });
    // With a goal: the item in progress is a task goal under it, the list its checklist.
    const withGoal = await chat(vscode, spelling, { sessionId: `tasks-${spelling}`, cwd: vscode.project });
    withGoal.hook("SessionStart", { source: "new" });
    withGoal.hook("UserPromptSubmit", { prompt: "/goal make the importer stream large files" });
    withGoal.hook("PreToolUse", { ...todos("Rewrite the reader"), tool_use_id: "t1" });
    withGoal.hook("PostToolUse", { ...todos("Rewrite the reader"), tool_use_id: "t1" });
    let goals = createGoalStore({ root: vscode.stateRoot }).read(`tasks-${spelling}`)!.goals;
    const task = goals.find((goal) => goal.level === "task");
    expect(task).toMatchObject({ objective: "Rewrite the reader", closedAt: null });
    withGoal.hook("PreToolUse", { ...todos("Stream the writer", ["Rewrite the reader"]), tool_use_id: "t2" });
    withGoal.hook("PostToolUse", { ...todos("Stream the writer", ["Rewrite the reader"]), tool_use_id: "t2" });
    goals = createGoalStore({ root: vscode.stateRoot }).read(`tasks-${spelling}`)!.goals;
    expect(goals.find((goal) => goal.id === task?.id)).toMatchObject({ status: "complete" });
    expect(goals.find((goal) => goal.level === "epic")?.workingContext.progressMarkers).toEqual([
      { text: "Rewrite the reader", done: true },
      { text: "Stream the writer", done: false },
      { text: "Run the tests", done: false },
    ]);
    await withGoal.close();
    // With none: the list is the session's; a compaction takes it out of the conversation, the next prompt brings it back.
    const plain = await chat(vscode, spelling, { sessionId: `plain-${spelling}`, cwd: vscode.project });
    plain.hook("SessionStart", { source: "new" });
    plain.hook("UserPromptSubmit", { prompt: "let us rewrite the reader" });
    plain.hook("PostToolUse", { ...todos("Rewrite the reader"), tool_use_id: "p1" });
    plain.hook("PreCompact", { trigger: "auto" });
    const back = plain.hook("UserPromptSubmit", { prompt: "where were we?" }).output as {
      hookSpecificOutput: { additionalContext: string };
    };
    expect(back.hookSpecificOutput.additionalContext).toContain("<working_context>");
    expect(back.hookSpecificOutput.additionalContext).toContain("[ ] Rewrite the reader");
    expect(back.hookSpecificOutput.additionalContext).toContain("TASK: Rewrite the reader [in_progress]");
    await plain.close();
  });

  it("keys nothing by a guessed directory when VS Code sends no cwd, and leaves Copilot CLI's payloads alone", async () => {
    verifies("VSCODE-SPELLINGS");
    const vscode = fakeVscode();
    expect((await vscode.bin("install")).exitCode).toBe(0);
    const commands = vscode.hooks();
    // No workspace folder: no cwd, and the hook runs in the user's home.
    const noFolder = { sessionId: `nofolder-${spelling}`, cwd: null };
    const prompt = runInstalledHook(
      commands["UserPromptSubmit"]!,
      vscodePayload(spelling, "UserPromptSubmit", noFolder, { prompt: "/goal x" }),
      {
        env: vscode.env,
        cwd: vscode.home,
      },
    );
    expect(prompt.stdout).toBe("");
    expect(prompt.stderr).toContain("named no workspace folder");
    expect(createGoalStore({ root: vscode.stateRoot }).read(noFolder.sessionId)).toBeNull();
    // Copilot CLI reads ~/.copilot/hooks too, runs this PascalCase file with snake_case payloads much like
    // VS Code's, and sets COPILOT_CLI=1 for every hook (docs/hosts/copilot-cli.md §2, §3.3): not VS Code's, not answered.
    const copilot = runInstalledHook(
      commands["UserPromptSubmit"]!,
      {
        hook_event_name: "UserPromptSubmit",
        session_id: "cli-1",
        timestamp: new Date().toISOString(),
        cwd: vscode.project,
        prompt: "/goal from the CLI",
      },
      { env: { ...vscode.env, COPILOT_CLI: "1" }, cwd: vscode.project },
    );
    expect(copilot.stdout).toBe("");
    expect(copilot.stderr).toBe("");
    expect(createGoalStore({ root: vscode.stateRoot }).read("cli-1")).toBeNull();
    expect((await vscode.bin("doctor")).stdout).toMatch(/✓ hook errors: none in the last day/);
  });
});
