// The real Codex terminal UI, driven in a pseudo-terminal (util-linux `script`), against the scripted
// Responses API on 127.0.0.1: a `/goal` typed there is handled by the UI itself and reaches no hook
// (docs/hosts/codex.md §6), so goalpost finds it in Codex's goal store and holds it like any goal.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { goalStoreEngine } from "@goalpost/adapter-codex";
import { removeTestdirs } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import { afterEach, describe, expect, it } from "vitest";
import { CODEX_BIN, type CodexHome, createCodexHome, goalpostCodex } from "./codex-home.js";
import { inputTexts, type MockResponses, startMockResponses, toolOutputs } from "./mock-openai-responses.js";
import { verifies } from "./requirements.js";
import { killProcessesOf } from "./terminal-ui.js";

const canRun = existsSync("/usr/bin/script") && goalStoreEngine() !== "none";
if (!canRun) console.warn("codex.tui.real.test: needs util-linux's script and a SQLite reader (sqlite3); skipped");

let mock: MockResponses | undefined;
let tui: ChildProcess | undefined;
let codexHome: string | undefined;
afterEach(async () => {
  const exited = tui && tui.exitCode === null && tui.signalCode === null ? once(tui, "exit") : undefined;
  tui?.kill("SIGKILL");
  await exited;
  // The terminal UI starts a managed app-server daemon from CODEX_HOME, which outlives the UI.
  if (codexHome) await killProcessesOf(codexHome);
  await mock?.close();
  removeTestdirs();
});

/** Codex's terminal UI in a 120×40 pseudo-terminal; its screen, as text with the escapes left in. */
function startTui(home: CodexHome) {
  const command = `stty cols 120 rows 40; exec "${process.execPath}" "${CODEX_BIN}" --no-alt-screen`;
  const child = spawn("/usr/bin/script", ["-qfec", command, "/dev/null"], {
    cwd: home.project,
    env: { ...home.env(), TERM: "xterm-256color" },
  });
  tui = child;
  let screen = "";
  child.stdout!.on("data", (data) => {
    screen += String(data);
  });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // Typed as a person types, then Enter once the slash-command popup has caught up.
  const type = async (text: string) => {
    for (const char of text) {
      child.stdin!.write(char);
      await pause(30);
    }
    await pause(500);
    child.stdin!.write("\r");
  };
  return { screen: () => screen, type };
}

async function eventually<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!canRun)("goalpost in the real Codex terminal UI", () => {
  it("holds a goal typed as /goal in the terminal UI: mirrored from Codex's store, completion refused, stops blocked", async () => {
    verifies("CODEX-GOAL-STORE");
    // The model tries to mark the goal complete at once, then only talks (Codex keeps starting goal turns).
    let tried = false;
    mock = await startMockResponses(
      (request) => {
        const goalTurn = (request.body.tools?.length ?? 0) > 0 && inputTexts(request).join("\n").includes("ship the CSV export");
        if (goalTurn && !tried) {
          tried = true;
          return { call: { name: "update_goal", arguments: { status: "complete" } } };
        }
        return { text: "working on it" };
      },
      { maxRequests: 200 },
    );
    const home = createCodexHome({ mockUrl: mock.url });
    codexHome = home.home;
    expect((await goalpostCodex(home, ["install"])).exitCode).toBe(0);
    const ui = startTui(home);
    // Ready once the welcome lists its commands (the composer shows earlier, while the session still loads).
    await eventually(() => (/To get started/.test(ui.screen()) ? true : undefined), 30_000);
    // A /goal entered while Codex's app-server daemon is still starting is dropped with a warning: typed again then.
    for (let attempt = 0; attempt < 3 && mock.requests.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await ui.type("/goal ship the CSV export");
      await eventually(() => (mock!.requests.length > 0 ? true : undefined), 10_000).catch(() => undefined);
    }

    const store = createGoalStore({ root: home.stateRoot, warn: () => {} });
    const session = await eventually(() => {
      const found = store.sessions()[0];
      const blocked = found?.goals.some((goal) => goal.history.some((entry) => entry.type === "stop-blocked"));
      return blocked && tried ? found : undefined;
    }, 60_000);
    expect(session.goals[0]).toMatchObject({ objective: "ship the CSV export", source: "native", closedAt: null });
    expect(session.hostGoal?.goal).toMatchObject({ objective: "ship the CSV export" });
    const refusal = await eventually(
      () => [...toolOutputs(mock!.requests).values()].find((output) => output.includes("goalpost's goal is still open")),
      30_000,
    );
    expect(refusal).toMatch(/^Tool call blocked by PreToolUse hook: goalpost's goal is still open/);
  }, 150_000);
});
