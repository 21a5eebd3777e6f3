// The agent's receipts against Claude Code's own transcript: a call Claude Code made is corroborated;
// a PreToolUse + PostToolUse pair a script fed to the hook never reached the transcript, and shows so.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runHook } from "@goalpost/adapter-kit";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import { afterEach, describe, expect, it } from "vitest";
import { claudeCodeAdapter } from "./claude-code-adapter.js";
import { claudeCodeToolRecord, claudeCodeUserPrompts } from "./claude-code-transcript.js";

afterEach(removeTestdirs);

/** Transcript lines as Claude Code 2.1.330 writes a Bash call and its result. */
const toolUse = (id: string, command: string, timestamp: string) =>
  JSON.stringify({
    type: "assistant",
    timestamp,
    message: { role: "assistant", content: [{ type: "tool_use", id, name: "Bash", input: { command, description: "step" } }] },
  });
const toolResult = (id: string, timestamp: string) =>
  JSON.stringify({
    type: "user",
    timestamp,
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "# pass 1", is_error: false }] },
    toolUseResult: { stdout: "# pass 1", stderr: "" },
  });

/** A session of Claude Code's installed hooks, run in process, with its transcript's path (the file is the test's to write). */
function session() {
  const root = testdir({ project: {}, config: {} });
  const env = {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    CLAUDE_CONFIG_DIR: join(root, "config"),
    GOALPOST_HOOK_SERVER: "0",
  };
  const transcript = join(root, "t.jsonl");
  const base = { session_id: "s-1", cwd: join(root, "project"), transcript_path: transcript };
  const hook = (event: string, fields: Record<string, unknown>) =>
    runHook(claudeCodeAdapter, event, () => JSON.stringify({ ...base, hook_event_name: event, ...fields }), env) as {
      stdout: string;
    };
  return { env, transcript, hook };
}

describe("Claude Code's transcript as the record of tool calls", () => {
  it("reads each call's id, command and whether its result came, and from when it covers them", () => {
    const root = testdir();
    const path = join(root, "t.jsonl");
    writeFileSync(
      path,
      `${[
        '{"type":"attachment","timestamp":"2026-11-25T10:00:00.000Z"}',
        toolUse("toolu_1", "npm test", "2026-11-25T10:00:01.000Z"),
        toolResult("toolu_1", "2026-11-25T10:00:02.000Z"),
        toolUse("toolu_2", "npm run lint", "2026-11-25T10:00:03.000Z"),
      ].join("\n")}\n`,
    );
    const record = claudeCodeToolRecord({ transcript_path: path })!;
    expect(record.since).toBe("");
    expect([...record.calls]).toEqual([
      ["toolu_1", { command: "npm test", hasResult: true, input: { command: "npm test", description: "step" } }],
      ["toolu_2", { command: "npm run lint", hasResult: false, input: { command: "npm run lint", description: "step" } }],
    ]);
    expect(claudeCodeToolRecord({ transcript_path: join(root, "missing.jsonl") })).toBeNull();
    expect(claudeCodeToolRecord({})).toBeNull();
  });

  it("with no goal, gives back after a compaction the files the session's calls named, which no hook saw", () => {
    const { transcript, hook } = session();
    hook("SessionStart", { source: "startup" });
    // Calls the fast path answered unstarted (no goal open): only the transcript has them.
    const call = (id: string, name: string, input: Record<string, unknown>) =>
      JSON.stringify({
        type: "assistant",
        timestamp: "2026-11-28T10:00:00.000Z",
        message: { role: "assistant", content: [{ type: "tool_use", id, name, input }] },
      });
    writeFileSync(
      transcript,
      `${[
        call("toolu_1", "Read", { file_path: "/p/src/reader.ts" }),
        call("toolu_2", "mcp__fs__read_multiple_files", { paths: ["/p/docs/stream.md", "/p/README.md"] }),
        call("toolu_3", "Edit", { file_path: "/p/src/reader.ts", old_string: "a", new_string: "b" }),
      ].join("\n")}\n`,
    );
    const answer = JSON.parse(hook("SessionStart", { source: "compact" }).stdout);
    expect(answer.hookSpecificOutput.additionalContext).toContain(
      "Recent files: /p/src/reader.ts; /p/README.md; /p/docs/stream.md",
    );
  });

  it("marks at a stop the receipt Claude Code recorded as corroborated, and a forged pair as not", () => {
    const { env, transcript, hook } = session();
    hook("UserPromptSubmit", { prompt: "/goal make the tests pass" });
    for (const id of ["toolu_real", "toolu_forged"]) {
      const call = { tool_name: "Bash", tool_input: { command: "npm test" }, tool_use_id: id };
      hook("PreToolUse", call);
      hook("PostToolUse", {
        ...call,
        tool_response: { stdout: "# tests 1\n# pass 1\n# fail 0", stderr: "", interrupted: false },
      });
    }
    // Claude Code's transcript holds the real call and its result; the forged pair never reached it.
    writeFileSync(
      transcript,
      `${[toolUse("toolu_real", "npm test", "2026-11-25T10:00:01.000Z"), toolResult("toolu_real", "2026-11-25T10:00:02.000Z")].join("\n")}\n`,
    );
    hook("Stop", { stop_hook_active: false });
    const receipts = createGoalStore({ root: claudeCodeAdapter.stateRoot(env) }).read("s-1")!.goals[0]!.receipts;
    expect(receipts.map((receipt) => [receipt.toolUseId, receipt.passed, receipt.corroborated])).toEqual([
      ["toolu_real", true, true],
      ["toolu_forged", true, false],
    ]);
  });
});

describe("Claude Code's transcript as the record of token use", () => {
  /** An assistant message's line as Claude Code writes it, with its usage. */
  const message = (id: string, usage: Record<string, number>) =>
    JSON.stringify({ type: "assistant", message: { id, role: "assistant", content: [{ type: "text", text: "…" }], usage } });

  it("charges what a model response can have; forged usage beyond any is told, not charged", () => {
    const { env, transcript, hook } = session();
    writeFileSync(transcript, "");
    hook("UserPromptSubmit", { prompt: "/goal make the tests pass budget 50k tokens" });
    // One real response, then a line the agent appended to make the goal look spent.
    writeFileSync(
      transcript,
      `${[
        message("msg_1", { input_tokens: 3000, cache_read_input_tokens: 20_000, output_tokens: 1000 }),
        message("msg_forged", { input_tokens: 5_000_000, output_tokens: 10 }),
      ].join("\n")}\n`,
    );
    const stop = hook("Stop", { stop_hook_active: false });
    const goal = createGoalStore({ root: claudeCodeAdapter.stateRoot(env) }).read("s-1")!.goals[0]!;
    expect(goal.status).not.toBe("budget-limited");
    expect(goal.spent.tokens).toBe(4000);
    expect(stop.stdout).toContain('"decision":"block"');
    const next = hook("UserPromptSubmit", { prompt: "go on" });
    expect(next.stdout).toMatch(
      /gained usage no model response can have \(5,000,000 input tokens in one message\); goalpost did not charge it to the goal's budget/,
    );
  });

  it("charges no more responses than the turn's hooks saw: plausible lines appended by a script are told, not charged", () => {
    const { env, transcript, hook } = session();
    writeFileSync(transcript, "");
    hook("UserPromptSubmit", { prompt: "/goal make the tests pass budget 200k tokens" });
    writeFileSync(transcript, `${message("msg_1", { input_tokens: 3000, output_tokens: 1000 })}\n`);
    hook("Stop", { stop_hook_active: false });
    const spent = () => createGoalStore({ root: claudeCodeAdapter.stateRoot(env) }).read("s-1")!.goals[0]!;
    expect(spent().spent.tokens).toBe(4000);

    // An honest turn: a prompt, two tool calls, three responses — charged.
    hook("UserPromptSubmit", { prompt: "go on" });
    for (const id of ["toolu_1", "toolu_2"])
      hook("PreToolUse", { tool_name: "Bash", tool_input: { command: "npm test" }, tool_use_id: id });
    const honest = ["msg_2", "msg_3", "msg_4"].map((id) => message(id, { input_tokens: 2000, output_tokens: 500 }));
    writeFileSync(transcript, `${[message("msg_1", { input_tokens: 3000, output_tokens: 1000 }), ...honest].join("\n")}\n`);
    hook("Stop", { stop_hook_active: false });
    expect(spent().spent.tokens).toBe(11_500);

    // A turn with one tool call whose record gains six responses of 150k tokens each, as a script appends them.
    hook("UserPromptSubmit", { prompt: "and the rest" });
    hook("PreToolUse", { tool_name: "Bash", tool_input: { command: "node spend.js" }, tool_use_id: "toolu_3" });
    const forged = [1, 2, 3, 4, 5, 6].map((n) => message(`msg_f${n}`, { input_tokens: 150_000, output_tokens: 800 }));
    writeFileSync(
      transcript,
      `${[message("msg_1", { input_tokens: 3000, output_tokens: 1000 }), ...honest, ...forged, message("msg_5", { input_tokens: 2000, output_tokens: 100 })].join("\n")}\n`,
    );
    hook("Stop", { stop_hook_active: false });
    expect(spent().spent.tokens).toBe(11_500);
    expect(spent().status).not.toBe("budget-limited");
    expect(hook("UserPromptSubmit", { prompt: "why?" }).stdout).toMatch(
      /gained 7 model responses since goalpost last read it, where goalpost's hooks saw at most 5 .*goalpost did not charge their 906,900 tokens/,
    );
  });
});

describe("Claude Code's transcript as the record of what the user typed", () => {
  it("reads the user's prompts, as typed or beside an image, never a tool's result or Claude Code's own meta lines", () => {
    const root = testdir();
    const path = join(root, "t.jsonl");
    const user = (content: unknown, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ type: "user", timestamp: "2026-11-25T10:00:00.000Z", message: { role: "user", content }, ...extra });
    writeFileSync(
      path,
      `${[
        user("goal: tidy the readme wording"),
        toolUse("toolu_1", "npm test", "2026-11-25T10:00:01.000Z"),
        toolResult("toolu_1", "2026-11-25T10:00:02.000Z"),
        user("<local-command-caveat>Caveat: …</local-command-caveat>", { isMeta: true }),
        user([
          { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBOR" } },
          { type: "text", text: "goal: resume tidy the readme" },
        ]),
      ].join("\n")}\n`,
    );
    expect(claudeCodeUserPrompts({ transcript_path: path })).toEqual([
      "goal: tidy the readme wording",
      "goal: resume tidy the readme",
    ]);
    expect(claudeCodeUserPrompts({ transcript_path: join(root, "missing.jsonl") })).toBeNull();
    expect(claudeCodeUserPrompts({})).toBeNull();
  });
});
