// Codex's rollout as its record of tool calls: read for the calls' ids, commands, inputs and results
// (the receipts' corroboration at a stop), and, with no goal open, the files they named come back
// after a compaction through the installed hook.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runHook } from "@goalpost/adapter-kit";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { codexAdapter } from "./codex-adapter.js";
import { codexToolRecord } from "./codex-tool-record.js";

afterEach(removeTestdirs);

const FIXTURES = join(import.meta.dirname, "__fixtures__");
const line = (timestamp: string, payload: Record<string, unknown>) =>
  JSON.stringify({ timestamp, type: "response_item", payload });
const PATCH = "*** Begin Patch\n*** Add File: src/stream.js\n+export const stream = 1;\n*** End Patch\n";

/** A rollout as Codex 0.169.0 writes it: a recorded exec_command call and its output, then an apply_patch call. */
function rollout(root: string): string {
  const path = join(root, "rollout.jsonl");
  writeFileSync(
    path,
    `${[
      readFileSync(join(FIXTURES, "codex-rollout-call_1.jsonl"), "utf8").trim(),
      line("2026-11-23T21:15:43.000Z", { type: "custom_tool_call", call_id: "call_2", name: "apply_patch", input: PATCH }),
      line("2026-11-23T21:15:43.100Z", { type: "custom_tool_call_output", call_id: "call_2", output: "Success" }),
      line("2026-11-23T21:15:44.000Z", {
        type: "function_call",
        call_id: "call_3",
        name: "view_image",
        arguments: JSON.stringify({ path: "/home/user/proj/docs/flow.png" }),
      }),
    ].join("\n")}\n`,
  );
  return path;
}

describe("Codex's rollout as the record of tool calls", () => {
  it("reads each call's id, command, input and whether its result came, in the order made", () => {
    const record = codexToolRecord({ transcript_path: rollout(testdir()) })!;
    expect(record.since).toBe("");
    expect([...record.calls.keys()]).toEqual(["call_1", "call_2", "call_3"]);
    expect(record.calls.get("call_1")).toEqual({
      command: "echo '3 passed'; exit 1",
      hasResult: true,
      input: { cmd: "echo '3 passed'; exit 1" },
    });
    expect(record.calls.get("call_2")).toEqual({ hasResult: true, input: { input: PATCH } });
    expect(record.calls.get("call_3")?.hasResult).toBe(false);
    expect(codexToolRecord({ transcript_path: join(testdir(), "missing.jsonl") })).toBeNull();
    expect(codexToolRecord({})).toBeNull();
  });

  it("with no goal, gives back after a compaction the files the session's calls named", () => {
    const root = testdir({ home: {} });
    const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", CODEX_HOME: join(root, "home"), GOALPOST_HOOK_SERVER: "0" };
    const base = { session_id: "thread-1", cwd: "/home/user/proj", transcript_path: rollout(root), model: "m" };
    const hook = (event: string, fields: Record<string, unknown>) =>
      runHook(codexAdapter, event, () => JSON.stringify({ ...base, hook_event_name: event, ...fields }), env) as {
        stdout: string;
      };
    hook("SessionStart", { source: "startup" });
    const answer = JSON.parse(hook("SessionStart", { source: "compact" }).stdout);
    expect(answer.hookSpecificOutput.additionalContext).toContain("Recent files: /home/user/proj/docs/flow.png; src/stream.js");
  });
});
