// Shared by the tests that run the real `claude`: one scripted model per test (closed afterwards),
// a fake home with goalpost installed by its own CLI, and readers for what goalpost stored.

import { removeTestdirs, type Tree } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import type { SessionFile } from "@goalpost/core/internal";
import { afterEach, expect } from "vitest";
import { type ClaudeHome, createClaudeHome, goalpostCli } from "./claude-code-home.js";
import { type MockAnthropic, type MockReply, scriptedResponder, startMockAnthropic } from "./mock-anthropic.js";

interface MockModel {
  /** Starts (or replaces) the scripted model. */
  start(script: Parameters<typeof scriptedResponder>[0]): Promise<MockAnthropic>;
  /** The running model. */
  readonly current: MockAnthropic;
}

/** Registers cleanup for this test file and returns the model handle. */
export function useMockModel(): MockModel {
  let mock: MockAnthropic | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
    removeTestdirs();
  });
  return {
    async start(script) {
      await mock?.close();
      mock = await startMockAnthropic(scriptedResponder(script));
      return mock;
    },
    get current() {
      if (!mock) throw new Error("the mock model is not running");
      return mock;
    },
  };
}

/** A fake Claude Code home using `mock`, with goalpost installed in user scope. */
export async function installedHome(mock: MockAnthropic, project?: Tree): Promise<ClaudeHome> {
  const home = createClaudeHome({ mockUrl: mock.url, ...(project ? { project } : {}) });
  const install = await goalpostCli(home, ["install", "--scope", "user"]);
  expect(install.exitCode, String(install.stderr)).toBe(0);
  return home;
}

export function readSession(home: ClaudeHome, id: string): SessionFile {
  const state = createGoalStore({ root: home.stateRoot, warn: () => {} }).read(id);
  if (!state) throw new Error(`no goalpost state for session ${id}`);
  return state;
}

export const openGoal = (state: SessionFile) => state.goals.find((goal) => goal.closedAt === null && goal.level !== "task");

/** The scripted Claude model calls a tool by its name. */
export const toolUse = (name: string, input: Record<string, unknown>): MockReply => ({ text: "", toolUse: { name, input } });

/** The scripted Claude model calls one of goalpost's MCP tools. */
export const goalpostMcp = (tool: string, input: Record<string, unknown>): MockReply => toolUse(`mcp__goalpost__${tool}`, input);

export const bash = (command: string): MockReply => ({
  text: "",
  toolUse: { name: "Bash", input: { command, description: "mock step" } },
});
