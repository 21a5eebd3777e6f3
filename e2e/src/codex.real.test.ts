// The real `codex` (pinned @openai/codex) against a scripted Responses API on 127.0.0.1, with
// goalpost installed into a fake CODEX_HOME by its own `install` command. No run passes
// --dangerously-bypass-hook-trust: the hooks run because install trusted them as Codex does.
import { removeTestdirs } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { type CodexHome, createCodexHome, goalpostCodex, onlyCodexSession, runCodex } from "./codex-home.js";
import {
  type CodexReply,
  inputTexts,
  type MockResponses,
  requestKind,
  scriptedResponder,
  startMockResponses,
} from "./mock-openai-responses.js";
import { verifies } from "./requirements.js";

let mock: MockResponses | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  removeTestdirs();
});

async function setUp(
  script: Parameters<typeof scriptedResponder>[0],
  options: { config?: Record<string, string | number>; project?: Record<string, string> } = {},
): Promise<CodexHome> {
  mock = await startMockResponses(scriptedResponder(script));
  const home = createCodexHome({ mockUrl: mock.url, ...options });
  const install = await goalpostCodex(home, ["install"]);
  expect(install.exitCode, String(install.stderr)).toBe(0);
  return home;
}

const requests = () => mock!.requests;
const texts = (index: number) => inputTexts(requests()[index]!).join("\n");
const allTexts = () =>
  requests()
    .map((request) => inputTexts(request).join("\n"))
    .join("\n");
const shell = (cmd: string): CodexReply => ({ call: { name: "exec_command", arguments: { cmd } } });
const openGoal = (home: CodexHome) =>
  onlyCodexSession(home).goals.find((goal) => goal.closedAt === null && goal.level !== "task");

describe("goalpost in the real Codex CLI", () => {
  it('captures `codex exec "/goal …"` as a draft the model sees right after the prompt, with hooks trusted by install', async () => {
    verifies("CODEX-INSTALL", "CODEX-CAPTURE");
    const home = await setUp({ main: [] });
    const run = await runCodex(home, ["/goal make the importer stream large files"]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(openGoal(home)).toMatchObject({ status: "draft", source: "slash", objective: "make the importer stream large files" });
    const first = requests()[0]!.body.input;
    const prompt = first.findIndex((item) => JSON.stringify(item).includes("/goal make the importer"));
    expect(JSON.stringify(first[prompt + 1])).toMatch(/"role":"developer".*<session_goal/);
  });

  it("captures a `goal: …` prompt too", async () => {
    verifies("CODEX-CAPTURE");
    const home = await setUp({ main: [] });
    expect((await runCodex(home, ["goal: add a --dry-run flag to the importer"])).exitCode).toBe(0);
    expect(openGoal(home)).toMatchObject({ source: "marker", objective: "add a --dry-run flag to the importer" });
  });

  it("blocks a stop while the goal is open, continuing the turn with goalpost's reason, and its own cap ends the loop", async () => {
    verifies("CODEX-STOP-BLOCK");
    const home = await setUp({ main: [] });
    const run = await runCodex(home, ["/goal write the release notes"]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const hookPrompts = requests().filter((request) =>
      /<hook_prompt[^>]*>goalpost: this session should not stop yet/.test(texts(requests().indexOf(request))),
    );
    expect(hookPrompts).toHaveLength(3);
    expect(requests().filter((request) => requestKind(request) === "turn")).toHaveLength(4);
    const state = onlyCodexSession(home);
    expect(state.counters.stalls).toBe(1);
  });

  it("warns about drift, then denies the next tool with a reason the model reads", async () => {
    verifies("CODEX-DRIFT-DENY");
    const home = await setUp({ main: Array.from({ length: 6 }, (_, index) => shell(`echo step-${index + 1}`)) });
    expect((await runCodex(home, ["/goal tidy the scripts"])).exitCode).toBe(0);
    const outputs = requests()
      .map((request) => request.body.input.at(-1)!)
      .filter((item) => item["type"] === "function_call_output")
      .map((item) => String(item["output"]));
    expect(outputs.slice(0, 5).every((output) => /Process exited with code 0/.test(output))).toBe(true);
    expect(outputs[5]).toMatch(/^Command blocked by PreToolUse hook: goalpost drift guard: 5 tool calls have run/);
    expect(allTexts()).toContain("goalpost drift warning: 3 tool calls have run since the goal was last updated");
  });
});
