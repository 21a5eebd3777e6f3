// Every host as its installed hooks see it, for the tests that play the same scenario on all four:
// goalpost installed by each adapter's own `install` into a fake home, its hooks run as the host runs
// them (the installed command in a shell, the host's payload on stdin), and where the host keeps a
// record of token use, a line written where the host writes it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { takeNotes } from "@goalpost/adapter-kit";
import { installedHookCommands, runInstalledHook, type Tree, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore, type GoalRecord } from "@goalpost/core";
import { execa } from "execa";
import { expect } from "vitest";
import { ADAPTER_BIN } from "./claude-code-home.js";
import { CODEX_ADAPTER_BIN } from "./codex-home.js";
import { COPILOT_ADAPTER_BIN } from "./copilot-cli-home.js";

export interface Host {
  readonly name: string;
  readonly bin: string;
  /** The host's folder in the fake home (the adapter installs only where its host is). */
  readonly folder: string;
  readonly stateRoot: (home: string) => string;
  readonly hooks: (home: string) => { prompt: string; stop: string };
  /** The configuration file that holds goalpost's hooks. */
  readonly hooksFile: (home: string) => string;
  readonly prompt: (session: string, project: string, home: string, prompt: string) => object;
  readonly stop: (session: string, project: string, home: string, extra?: Record<string, unknown>) => object;
  /** Appends a model request's usage to the host's record (fresh tokens: 1,000 in, 100 out); absent where the host keeps none. */
  readonly spend?: (session: string, home: string) => void;
  /** Whether goalpost's notes reach the user: in the hook's answer, or through the session's outbox (`noteOutbox`). */
  readonly tellsUser: boolean;
  /** The host's answers carry no note; goalpost's extension shows what the hooks leave in the outbox (Copilot CLI). */
  readonly noteOutbox?: boolean;
  /**
   * The host's task tool's result as its installed hook gets it, putting `task` in progress: the hook
   * command and the payload. Absent where the plan reaches goalpost otherwise (Copilot CLI's extension).
   */
  readonly taskRan?: {
    readonly hook: (home: string) => string;
    readonly payload: (session: string, cwd: string, home: string, task: string) => object;
  };
}

const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const append = (path: string, line: object) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(line)}\n`, { flag: "a" });
};
let codexTotal = 0;
/** Codex's record holds running totals: a new session's starts again from nothing. */
export const resetCodexTotal = () => {
  codexTotal = 0;
};

const transcript = (home: string, session: string) => join(home, "records", `${session}.jsonl`);
const copilotLog = (home: string, session: string) => join(home, ".copilot", "session-state", session, "events.jsonl");

export const HOSTS: readonly Host[] = [
  {
    name: "claude-code",
    tellsUser: true,
    taskRan: {
      hook: (home) =>
        installedHookCommands(json(join(home, ".claude", "settings.json")).hooks, "goalpost-claude-code")["PostToolUse"]!,
      payload: (session, cwd, home, task) => ({
        session_id: session,
        transcript_path: transcript(home, session),
        cwd,
        hook_event_name: "PostToolUse",
        tool_name: "TodoWrite",
        tool_input: { todos: [{ content: task, status: "in_progress", activeForm: task }] },
        tool_response: { oldTodos: [], newTodos: [] },
        tool_use_id: "toolu_task",
      }),
    },
    bin: ADAPTER_BIN,
    folder: ".claude",
    stateRoot: (home) => join(home, ".claude", "goalpost"),
    hooksFile: (home) => join(home, ".claude", "settings.json"),
    hooks: (home) => {
      const commands = installedHookCommands(json(join(home, ".claude", "settings.json")).hooks, "goalpost-claude-code");
      return { prompt: commands["UserPromptSubmit"]!, stop: commands["Stop"]! };
    },
    prompt: (session, cwd, home, prompt) => ({
      session_id: session,
      transcript_path: transcript(home, session),
      cwd,
      hook_event_name: "UserPromptSubmit",
      prompt,
    }),
    stop: (session, cwd, home, extra = {}) => ({
      session_id: session,
      transcript_path: transcript(home, session),
      cwd,
      hook_event_name: "Stop",
      stop_hook_active: false,
      last_assistant_message: "I could not find where the tree is built.",
      background_tasks: [],
      session_crons: [],
      ...extra,
    }),
    // One message written as two lines (two content blocks), its usage repeated: counted once.
    spend: (session, home) => {
      const id = `msg_${Math.random().toString(36).slice(2)}`;
      const usage = { input_tokens: 900, cache_creation_input_tokens: 100, cache_read_input_tokens: 50_000, output_tokens: 100 };
      for (const block of ["thinking", "text"])
        append(transcript(home, session), {
          type: "assistant",
          message: { id, role: "assistant", content: [{ type: block }], usage },
        });
    },
  },
  {
    name: "codex",
    tellsUser: true,
    taskRan: {
      hook: (home) => installedHookCommands(json(join(home, ".codex", "hooks.json")).hooks, "goalpost-codex")["PostToolUse"]!,
      payload: (session, cwd, home, task) => ({
        session_id: session,
        turn_id: "t1",
        transcript_path: transcript(home, session),
        cwd,
        hook_event_name: "PostToolUse",
        model: "m",
        permission_mode: "default",
        tool_name: "update_plan",
        tool_input: { plan: [{ step: task, status: "in_progress" }] },
        tool_use_id: "call_task",
        tool_response: "Plan updated",
      }),
    },
    bin: CODEX_ADAPTER_BIN,
    folder: ".codex",
    stateRoot: (home) => join(home, ".codex", "goalpost"),
    hooksFile: (home) => join(home, ".codex", "hooks.json"),
    hooks: (home) => {
      const commands = installedHookCommands(json(join(home, ".codex", "hooks.json")).hooks, "goalpost-codex");
      return { prompt: commands["UserPromptSubmit"]!, stop: commands["Stop"]! };
    },
    prompt: (session, cwd, home, prompt) => ({
      session_id: session,
      turn_id: "t1",
      transcript_path: transcript(home, session),
      cwd,
      hook_event_name: "UserPromptSubmit",
      model: "m",
      permission_mode: "default",
      prompt,
    }),
    stop: (session, cwd, home, extra = {}) => ({
      session_id: session,
      turn_id: "t1",
      transcript_path: transcript(home, session),
      cwd,
      hook_event_name: "Stop",
      model: "m",
      permission_mode: "default",
      stop_hook_active: false,
      last_assistant_message: "I could not find where the tree is built.",
      ...extra,
    }),
    // Codex logs the session's running total (input includes the cached part).
    spend: (session, home) => {
      codexTotal += 1;
      append(transcript(home, session), {
        type: "event_msg",
        payload: {
          type: "token_count",
          info: {
            total_token_usage: {
              input_tokens: codexTotal * 51_000,
              cached_input_tokens: codexTotal * 50_000,
              output_tokens: codexTotal * 100,
            },
          },
        },
      });
    },
  },
  {
    name: "copilot-cli",
    tellsUser: true,
    noteOutbox: true,
    bin: COPILOT_ADAPTER_BIN,
    folder: ".copilot",
    stateRoot: (home) => join(home, ".copilot", "goalpost"),
    hooksFile: (home) => join(home, ".copilot", "hooks", "goalpost.json"),
    hooks: (home) => {
      const hooks = json(join(home, ".copilot", "hooks", "goalpost.json")).hooks as Record<string, { bash: string }[]>;
      return { prompt: hooks["userPromptSubmitted"]![0]!.bash, stop: hooks["agentStop"]![0]!.bash };
    },
    prompt: (sessionId, cwd, _home, prompt) => ({ sessionId, timestamp: Date.now(), cwd, prompt }),
    stop: (sessionId, cwd, home, extra = {}) => ({
      sessionId,
      timestamp: Date.now(),
      cwd,
      transcriptPath: copilotLog(home, sessionId),
      stopReason: "end_turn",
      stop_hook_active: false,
      ...extra,
    }),
    spend: (session, home) =>
      append(copilotLog(home, session), {
        type: "session.usage_record",
        data: { usage: { inputTokens: 51_000, outputTokens: 100, cacheReadTokens: 50_000, cacheWriteTokens: 0 } },
      }),
  },
  {
    name: "vscode-chat",
    tellsUser: true,
    taskRan: {
      hook: (home) =>
        (json(join(home, ".copilot", "hooks", "goalpost-vscode.json")).hooks as Record<string, { command: string }[]>)[
          "PostToolUse"
        ]![0]!.command,
      payload: (session_id, cwd, _home, task) => ({
        timestamp: new Date().toISOString(),
        hook_event_name: "PostToolUse",
        session_id,
        transcript_path: "/nowhere/transcript.jsonl",
        cwd,
        tool_name: "manage_todo_list",
        tool_input: { todoList: [{ id: 1, title: task, status: "in-progress" }] },
        tool_response: "Todo list updated",
        tool_use_id: "call_task",
      }),
    },
    bin: join(dirname(COPILOT_ADAPTER_BIN), "..", "..", "adapter-vscode-chat", "dist", "goalpost-vscode-chat.js"),
    folder: join(".config", "Code", "User"),
    stateRoot: (home) => join(home, ".config", "Code", "User", "goalpost"),
    hooksFile: (home) => join(home, ".copilot", "hooks", "goalpost-vscode.json"),
    hooks: (home) => {
      const hooks = json(join(home, ".copilot", "hooks", "goalpost-vscode.json")).hooks as Record<string, { command: string }[]>;
      return { prompt: hooks["UserPromptSubmit"]![0]!.command, stop: hooks["Stop"]![0]!.command };
    },
    prompt: (session_id, cwd, _home, prompt) => ({
      timestamp: new Date().toISOString(),
      hook_event_name: "UserPromptSubmit",
      session_id,
      transcript_path: "/nowhere/transcript.jsonl",
      prompt,
      cwd,
    }),
    stop: (session_id, cwd, _home, extra = {}) => ({
      timestamp: new Date().toISOString(),
      hook_event_name: "Stop",
      session_id,
      transcript_path: "/nowhere/transcript.jsonl",
      stop_hook_active: false,
      cwd,
      ...extra,
    }),
  },
];

/** A fake home with the host's folder and goalpost installed; `project` the project's tree (or a folder made by `makeProject`). */
export async function installed(
  host: Host,
  options: { project?: Tree; env?: Record<string, string>; makeProject?: (dir: string) => void } = {},
) {
  const root = testdir({
    home: { [host.folder.split("/")[0]!]: {} },
    project: options.project ?? { "parser.js": "export const parse = () => null;\n" },
  });
  const home = join(root, "home");
  mkdirSync(join(home, host.folder), { recursive: true });
  const project = join(root, "project");
  options.makeProject?.(project);
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home, ...options.env };
  const install = await execa(process.execPath, [host.bin, "install"], { cwd: project, env, extendEnv: false, reject: false });
  expect(install.exitCode, String(install.stderr)).toBe(0);
  const hooks = host.hooks(home);
  // What the user hears: the hook's answer and its stderr, and where the host's answers carry no note,
  // what the hook left in the session's outbox (which goalpost's extension shows).
  const run = (command: string, payload: object, session: string) => {
    const result = runInstalledHook(command, payload, { env, cwd: project });
    expect(result.status, result.stderr).toBe(0);
    const notes = host.noteOutbox ? takeNotes(host.stateRoot(home), session) : [];
    return { said: [result.stdout, result.stderr, ...notes].join("\n"), output: result.output };
  };
  const store = createGoalStore({ root: host.stateRoot(home) });
  return {
    home,
    project,
    store,
    prompt: (session: string, text: string) => run(hooks.prompt, host.prompt(session, project, home, text), session),
    stop: (session: string, extra?: Record<string, unknown>) =>
      run(hooks.stop, host.stop(session, project, home, extra), session),
    goal: (session: string): GoalRecord => store.read(session)!.goals.at(-1)!,
    /** The host's task tool ran, putting `task` in progress (where its hooks see the host's plan). */
    taskRan: host.taskRan
      ? (session: string, task: string) =>
          run(host.taskRan!.hook(home), host.taskRan!.payload(session, project, home, task), session)
      : undefined,
    env,
  };
}
