// Claude Code 2.1.197: what `npm install -g @anthropic-ai/claude-code` gives a Node 20 user. It puts
// tool-hook context in other places than 2.1.330 (docs/hosts/claude-code.md §4); goalpost must not care.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLAUDE_BIN_2_1_197, runClaude } from "./claude-code-home.js";
import { requestKind, toolResults } from "./mock-anthropic.js";
import { bash, installedHome, readSession, useMockModel } from "./real-host.js";
import { verifies } from "./requirements.js";

const model = useMockModel();

describe("goalpost in Claude Code 2.1.197", () => {
  it("captures the goal, denies drift, blocks the stop, and restores the goal after compaction", async () => {
    verifies("CC-VERSIONS");
    const mock = await model.start({ main: Array.from({ length: 6 }, (_, index) => bash(`echo step-${index + 1}`)) });
    const home = await installedHome(mock);
    const id = randomUUID();
    const run = await runClaude(home, "/goal tidy the scripts", {
      bin: CLAUDE_BIN_2_1_197,
      args: ["--session-id", id, "--allowedTools", "Bash"],
    });
    expect(run.exitCode, run.stderr).toBe(0);

    expect(JSON.stringify(mock.requests[0])).toContain("tidy the scripts");
    const results = toolResults(mock.requests);
    expect(results.slice(0, 5).every((result) => !result.isError)).toBe(true);
    expect(results[5]?.text).toContain("goalpost drift guard: 5 tool calls");
    expect(mock.requests.map((request) => JSON.stringify(request)).join("\n")).toContain("Stop hook feedback");

    const beforeCompact = mock.requests.length;
    expect((await runClaude(home, "/compact", { bin: CLAUDE_BIN_2_1_197, args: ["--resume", id] })).exitCode).toBe(0);
    expect(mock.requests.slice(beforeCompact).some((request) => requestKind(request) === "compaction")).toBe(true);
    const beforeNext = mock.requests.length;
    expect((await runClaude(home, "what next?", { bin: CLAUDE_BIN_2_1_197, args: ["--resume", id] })).exitCode).toBe(0);
    const next = JSON.stringify(mock.requests[beforeNext]);
    expect(next).toContain("MOCK_SUMMARY");
    expect(next).toContain("tidy the scripts");
    expect(readSession(home, id).compactions.at(-1)?.restoredAt).not.toBeNull();
  });
});
