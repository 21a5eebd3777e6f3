// Session files an older goalpost wrote (__fixtures__/written-by-61706bf, as its README says), read
// by today's: the goal, its task stack and checklist are kept, what the older file lacks is derived,
// and the session carries on — the goal enforced, its working context given back after a compaction.
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createGoalEngine } from "../engine/goal-engine.js";
import { TEST_PROFILE } from "../engine/test-engine.js";
import { createGoalStore } from "./goal-store.js";
import { temporaryRoot } from "./test-root.js";

const WRITTEN = fileURLToPath(new URL("./__fixtures__/written-by-61706bf", import.meta.url));
const WITH_GOAL = "sess-written-by-61706bf";
const NO_GOAL = "no-goal-written-by-61706bf";

function olderStore() {
  const root = temporaryRoot();
  cpSync(WRITTEN, join(root, "by-session"), { recursive: true, filter: (path) => !path.endsWith(".md") });
  const warnings: string[] = [];
  return { root, store: createGoalStore({ root, warn: (line) => warnings.push(line) }), warnings };
}

describe("session files written by an older goalpost", () => {
  it("read as they were written, with the session's own working context derived empty", () => {
    const { store, warnings } = olderStore();
    const written = JSON.parse(readFileSync(join(WRITTEN, `${WITH_GOAL}.json`), "utf8"));
    expect(written.workingContext).toBeUndefined();
    const session = store.read(WITH_GOAL)!;
    expect(warnings).toEqual([]);
    expect(session.workingContext).toEqual({ recentFiles: [], progressMarkers: [] });
    const [epic, task] = session.goals;
    expect(epic).toMatchObject({ status: "active", level: "epic", objective: written.goals[0].objective });
    expect(epic!.workingContext).toEqual({
      recentFiles: ["/home/user/project/src/index.js"],
      progressMarkers: [
        { text: "Find the Date compare", done: true },
        { text: "Fix it", done: false },
        { text: "Run the tests", done: false },
      ],
    });
    expect(task).toMatchObject({ level: "task", objective: "Fix it", parentId: epic!.id });
    expect(store.read(NO_GOAL)!.focus).toMatchObject({ task: "Fix the parser" });
  });

  it("carry on: the older goal is still enforced, and its session keeps working context from here on", () => {
    const { store } = olderStore();
    const engine = createGoalEngine({ store, profile: TEST_PROFILE, startVerification: () => null });
    const caller = { sessionId: WITH_GOAL, host: "claude-code", cwd: "/home/user/project" };
    expect(engine.handle({ ...caller, type: "stop-requested" }).action).toBe("block-stop");
    engine.handle({ ...caller, type: "tool-ran", toolName: "Edit", toolInput: { file_path: "src/date.js" }, succeeded: true });
    const session = store.read(WITH_GOAL)!;
    expect(session.workingContext.recentFiles).toEqual(["src/date.js"]);
    expect(session.goals[0]!.workingContext.recentFiles).toEqual(["src/date.js", "/home/user/project/src/index.js"]);
    // The no-goal session, compacted: its task comes back (its checklist began before the session kept one).
    const compacted = engine.handle({
      sessionId: NO_GOAL,
      host: "codex",
      cwd: "/home/user/project",
      type: "session-started",
      source: "compact",
    });
    expect(compacted.context).toContain("TASK: Fix the parser [in_progress]");
  });
});
