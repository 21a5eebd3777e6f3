// A goal that costs what it should, on every host: goalpost installed by each adapter's own `install`
// into a fake home, its hooks run as the host runs them (the installed command in a shell, the host's
// payload on stdin), the host's own record of token use written where the host writes it. Each host:
// a model that updates its goal every turn without progress is let go as needs-input; a budget of 3
// turns ends as budget-limited, the spend told to the user; tokens are charged from the host's record
// where it keeps one. Claude Code also says when background work runs: that stop is no stall.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { installedHookCommands, removeTestdirs, runInstalledHook, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore, createGoalTools, type GoalRecord } from "@goalpost/core";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { ADAPTER_BIN } from "./claude-code-home.js";
import { CODEX_ADAPTER_BIN } from "./codex-home.js";
import { COPILOT_ADAPTER_BIN } from "./copilot-cli-home.js";
import { verifies } from "./requirements.js";

afterEach(removeTestdirs);

interface Host {
  readonly name: string;
  readonly bin: string;
  /** The host's folder in the fake home (the adapter installs only where its host is). */
  readonly folder: string;
  readonly stateRoot: (home: string) => string;
  readonly hooks: (home: string) => { prompt: string; stop: string };
  readonly prompt: (session: string, project: string, home: string, prompt: string) => object;
  readonly stop: (session: string, project: string, home: string, extra?: Record<string, unknown>) => object;
  /** Appends a model request's usage to the host's record (fresh tokens: 1,000 in, 100 out); absent where the host keeps none. */
  readonly spend?: (session: string, home: string) => void;
  /** false where the host's stop answer has no field for a note to the user (Copilot CLI). */
  readonly tellsUser: boolean;
}

const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const append = (path: string, line: object) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(line)}\n`, { flag: "a" });
};
let codexTotal = 0;

const transcript = (home: string, session: string) => join(home, "records", `${session}.jsonl`);
const copilotLog = (home: string, session: string) => join(home, ".copilot", "session-state", session, "events.jsonl");

const HOSTS: readonly Host[] = [
  {
    name: "claude-code",
    tellsUser: true,
    bin: ADAPTER_BIN,
    folder: ".claude",
    stateRoot: (home) => join(home, ".claude", "goalpost"),
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
    bin: CODEX_ADAPTER_BIN,
    folder: ".codex",
    stateRoot: (home) => join(home, ".codex", "goalpost"),
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
    tellsUser: false,
    bin: COPILOT_ADAPTER_BIN,
    folder: ".copilot",
    stateRoot: (home) => join(home, ".copilot", "goalpost"),
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
    bin: join(dirname(COPILOT_ADAPTER_BIN), "..", "..", "adapter-vscode-chat", "dist", "goalpost-vscode-chat.js"),
    folder: join(".config", "Code", "User"),
    stateRoot: (home) => join(home, ".config", "Code", "User", "goalpost"),
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

async function installed(host: Host) {
  const root = testdir({
    home: { [host.folder.split("/")[0]!]: {} },
    project: { "parser.js": "export const parse = () => null;\n" },
  });
  const home = join(root, "home");
  mkdirSync(join(home, host.folder), { recursive: true });
  const project = join(root, "project");
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: home };
  const install = await execa(process.execPath, [host.bin, "install"], { cwd: project, env, extendEnv: false, reject: false });
  expect(install.exitCode, String(install.stderr)).toBe(0);
  const hooks = host.hooks(home);
  const run = (command: string, payload: object) => {
    const result = runInstalledHook(command, payload, { env, cwd: project });
    expect(result.status, result.stderr).toBe(0);
    return { said: `${result.stdout}\n${result.stderr}`, output: result.output };
  };
  const store = createGoalStore({ root: host.stateRoot(home) });
  return {
    home,
    project,
    store,
    prompt: (session: string, text: string) => run(hooks.prompt, host.prompt(session, project, home, text)),
    stop: (session: string, extra?: Record<string, unknown>) => run(hooks.stop, host.stop(session, project, home, extra)),
    goal: (session: string): GoalRecord => store.read(session)!.goals.at(-1)!,
  };
}

/** Whether a hook's answer refused the stop, in the host's own words for it. */
const refused = (answer: { output: Record<string, unknown> | null }) => JSON.stringify(answer.output ?? {}).includes('"block"');

describe.each(HOSTS)("budgets and the backstop on $name", { timeout: 120_000 }, (host) => {
  it("a model that updates its goal every turn without progress is let go as needs-input, and the user's word takes it up", async () => {
    verifies("ANY-BACKSTOP");
    const h = await installed(host);
    const session = `${host.name}-stuck`;
    h.prompt(session, "/goal make the parser return a syntax tree");
    // The agent's goal tools (as its MCP server runs them) act on the same store.
    const tools = createGoalTools(h.store);
    const caller = { sessionId: session, host: host.name, cwd: h.project };
    tools.open(caller, { objective: "The parser returns a syntax tree", remaining: ["find where the tree is built"] });
    for (let turn = 1; turn <= 3; turn++) {
      expect(refused(h.stop(session, turn > 1 ? { stop_hook_active: true } : {}))).toBe(true);
      tools.update(caller, { doneSoFar: [`Looked again, turn ${turn}`] });
    }
    const letGo = h.stop(session, { stop_hook_active: true });
    expect(refused(letGo)).toBe(false);
    if (host.tellsUser)
      expect(letGo.said).toMatch(/needs your input: the agent tried to stop 3 times without changing the work tree/);
    expect(h.goal(session).status).toBe("needs-input");
    expect(refused(h.stop(session))).toBe(false);
    h.prompt(session, "the tree is built in src/tree.js");
    expect(h.goal(session).status).toBe("active");
    expect(refused(h.stop(session))).toBe(true);
  });

  it("a budget of 3 turns ends as budget-limited, with the spend told to the user and kept on the goal", async () => {
    verifies("ANY-BUDGET");
    const h = await installed(host);
    const session = `${host.name}-budget`;
    codexTotal = 0;
    host.spend?.(session, h.home);
    h.prompt(session, "/goal make the parser return a syntax tree budget 3 turns");
    expect(h.goal(session).budget).toEqual({ turns: 3, seconds: null, tokens: null });
    host.spend?.(session, h.home);
    expect(refused(h.stop(session))).toBe(true);
    host.spend?.(session, h.home);
    // One turn left: told to finish the item in hand and write down what is left.
    const windDown = h.stop(session, { stop_hook_active: true });
    expect(refused(windDown)).toBe(true);
    // The model is told in the refusal's reason, on every host.
    expect(windDown.said).toMatch(/used most of its budget \(2 of 3 turns/);
    host.spend?.(session, h.home);
    const limited = h.stop(session, { stop_hook_active: true });
    expect(refused(limited)).toBe(false);
    if (host.tellsUser) expect(limited.said).toMatch(/reached its budget \(3 of 3 turns/);
    const goal = h.goal(session);
    expect(goal.status).toBe("budget-limited");
    expect(goal.spent.turns).toBe(3);
    // Tokens from the host's record: 1,100 fresh per request (cache reads are not counted), three since the goal was set.
    if (host.spend) {
      expect(goal.spent.tokens).toBe(3_300);
      if (host.tellsUser) expect(limited.said).toMatch(/3,300 tokens/);
    } else {
      expect(goal.spent.tokens).toBeNull();
    }
    // Raising it takes the goal up again (a draft still: the agent never opened it).
    h.prompt(session, "/goal budget 10 turns");
    expect(h.goal(session).status).toBe("draft");
    expect(refused(h.stop(session))).toBe(true);
  });

  it.runIf(host.name === "claude-code")(
    "a stop while a background subagent runs is no stall: let through, not counted",
    async () => {
      verifies("CC-BACKGROUND-STOP");
      const h = await installed(host);
      const session = "claude-background";
      h.prompt(session, "/goal make the parser return a syntax tree");
      const running = { background_tasks: [{ id: "a1", type: "subagent", status: "running", description: "build the tree" }] };
      for (let turn = 0; turn < 5; turn++) expect(refused(h.stop(session, running))).toBe(false);
      expect(h.goal(session)).toMatchObject({ status: "draft", stopStreak: { count: 0 } });
      expect(refused(h.stop(session))).toBe(true);
    },
  );
});
