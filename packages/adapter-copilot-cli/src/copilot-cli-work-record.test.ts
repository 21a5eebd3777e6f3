// Copilot CLI's event log read for the session's working context: each call's arguments by its id,
// found by the session's id when the payload names no log.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { copilotWorkRecord } from "./copilot-cli-work-record.js";

afterEach(removeTestdirs);

const line = (type: string, data: Record<string, unknown>) => JSON.stringify({ type, data, id: "e", timestamp: "t" });

describe("Copilot CLI's event log as the working context's record", () => {
  it("gives each call's arguments by its id, found by the session's id, answered or not", () => {
    const home = testdir();
    const folder = join(home, "session-state", "s-1");
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, "events.jsonl"),
      [
        line("session.start", { sessionId: "s-1" }),
        line("tool.execution_start", { toolCallId: "c1", toolName: "view", arguments: { path: "/p/README.md" } }),
        line("tool.execution_complete", { toolCallId: "c1", success: true }),
        "{not json",
        line("tool.execution_start", { toolCallId: "c2", toolName: "create", arguments: { path: "/p/a.ts", file_text: "x" } }),
        "",
      ].join("\n"),
    );
    const record = copilotWorkRecord({ sessionId: "s-1", cwd: "/p" }, { COPILOT_HOME: home });
    expect(record?.since).toBe("");
    expect([...(record?.calls ?? [])]).toEqual([
      ["c1", { hasResult: true, input: { path: "/p/README.md" } }],
      ["c2", { hasResult: false, input: { path: "/p/a.ts", file_text: "x" } }],
    ]);
  });

  it("is none for a session with no log yet, or a session id that is no file name", () => {
    const home = testdir();
    expect(copilotWorkRecord({ sessionId: "s-2" }, { COPILOT_HOME: home })).toBeNull();
    expect(copilotWorkRecord({ sessionId: "../../etc" }, { COPILOT_HOME: home })).toBeNull();
  });
});
