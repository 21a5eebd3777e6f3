import { describe, expect, it } from "vitest";
import { CompletionRefusedError, EmptyUpdateError, InvalidInputError } from "../base/errors.js";
import { HISTORY_LIMITS, pushToolCall } from "../record/bounded-history.js";
import { goalRecordSchema } from "../record/goal-record.js";
import { at, completableGoal, draftGoal, T0 } from "../record/test-goals.js";
import { applyGoalUpdate, closeGoal, createGoal, retireGoal } from "./goal-lifecycle.js";

describe("createGoal", () => {
  it("makes a record the schema accepts, with a redacted preview and a prompt hash", () => {
    const goal = createGoal(
      {
        sessionId: "s",
        cwd: "/p",
        host: "claude-code",
        objective: "Ship it",
        source: "slash",
        sourcePrompt: `/goal ship it with key ${"sk-ant-"}api03-${"a".repeat(40)}`,
      },
      T0,
    );
    expect(goalRecordSchema.safeParse(goal).success).toBe(true);
    expect(goal.sourcePromptPreview).toContain("[REDACTED:anthropic-key]");
    expect(goal.sourcePromptHash).toMatch(/^[0-9a-f]{64}$/);
    expect(goal.history[0]?.type).toBe("opened");
  });

  it("refuses an objective that is empty after sanitising", () => {
    expect(() => createGoal({ sessionId: "s", cwd: "/p", host: "t", objective: " \u0000\u200B ", source: "api" })).toThrow(
      InvalidInputError,
    );
  });
});

describe("applyGoalUpdate", () => {
  it("replaces remaining and blockers, so a queue can be cleared on purpose", () => {
    const goal = draftGoal({ remaining: ["a step", "another step"] });
    const { goal: next, changed } = applyGoalUpdate(goal, { remaining: [], blockers: ["waiting on review"] }, at(1));
    expect(next.remaining).toEqual([]);
    expect(next.blockers).toEqual(["waiting on review"]);
    expect(changed).toEqual(["remaining", "blockers"]);
  });

  it("only grows discoveredIssues and evidence lists", () => {
    const goal = applyGoalUpdate(
      draftGoal(),
      { discoveredIssues: ["bug 1: crash on empty file"], doneSoFar: ["Read importer.ts"] },
      at(1),
    ).goal;
    const next = applyGoalUpdate(
      goal,
      { discoveredIssues: ["bug 2: slow on wide rows"], doneSoFar: ["Wrote the stream pipeline"] },
      at(2),
    ).goal;
    expect(next.discoveredIssues).toEqual(["bug 1: crash on empty file", "bug 2: slow on wide rows"]);
    expect(next.doneSoFar).toEqual(["Read importer.ts", "Wrote the stream pipeline"]);
  });

  it("replaces the objective of the model's own goal when given, bumps the revision and resets drift", () => {
    const goal = { ...draftGoal({ source: "tool" }), drift: { sinceUpdate: 4 } };
    const next = applyGoalUpdate(goal, { objective: "Stream files of any size" }, at(1)).goal;
    expect(next.objective).toBe("Stream files of any size");
    expect(next.revision).toBe(goal.revision + 1);
    expect(next.drift.sinceUpdate).toBe(0);
    expect(next.history.at(-1)).toMatchObject({ type: "updated", note: "objective" });
  });

  it("keeps the user's words for a goal the user set: the model's statement goes beside them", () => {
    const goal = draftGoal({ objective: "migrate all 40 API endpoints to the v2 client" });
    const next = applyGoalUpdate(goal, { objective: "add a comment to README" }, at(1));
    expect(next.goal.objective).toBe("migrate all 40 API endpoints to the v2 client");
    expect(next.goal.statement).toBe("add a comment to README");
    expect(next.changed).toEqual(["statement"]);
  });

  it("refuses what the gate would refuse, when it is written: vague coverage, wildcard or catch-all resolutions", () => {
    const goal = applyGoalUpdate(
      draftGoal({ requirements: ["streams files"] }),
      { discoveredIssues: ["issue 1: the parser buffers", "issue 2: the writer leaks handles"] },
      at(1),
    ).goal;
    for (const evidence of ["Requirement satisfied", "requirement met", "it's done and dusted"])
      expect(() => applyGoalUpdate(goal, { requirementCoverage: [{ requirement: "1", evidence }] }), evidence).toThrow(
        /does not name something checkable/,
      );
    expect(
      applyGoalUpdate(
        goal,
        { requirementCoverage: [{ requirement: "1", evidence: "test/stream.test.ts streams a 2 GB file" }] },
        at(2),
      ).changed,
    ).toEqual(["requirementCoverage"]);
    const resolution = {
      status: "resolved" as const,
      resolution: "Rewrote both to stream",
      evidence: ["src/parser.ts and src/writer.ts now stream; npm test passes"],
    };
    expect(() => applyGoalUpdate(goal, { issueResolutions: [{ ...resolution, covers: ["all issues"] }] })).toThrow(/wildcard/);
    expect(() =>
      applyGoalUpdate(goal, {
        issueResolutions: [{ ...resolution, covers: ["issue 1: the parser buffers issue 2: the writer leaks handles"] }],
      }),
    ).toThrow(/several issues in one reference/);
    expect(applyGoalUpdate(goal, { issueResolutions: [{ ...resolution, covers: ["issue 1"] }] }, at(3)).changed).toEqual([
      "issueResolutions",
    ]);
  });

  it("refuses an update that changes nothing, naming the fields that count", () => {
    const goal = applyGoalUpdate(draftGoal(), { doneSoFar: ["Read importer.ts"] }, at(1)).goal;
    const attempt = () => applyGoalUpdate(goal, { doneSoFar: ["read importer.ts"], remaining: [], objective: goal.objective });
    expect(attempt).toThrow(EmptyUpdateError);
    expect(attempt).toThrow(/doneSoFar.*remaining.*issueResolutions/s);
  });

  it("redacts secrets in every list it stores", () => {
    const next = applyGoalUpdate(
      draftGoal(),
      { verificationResults: [`ran with GITHUB_TOKEN=${"ghp_"}${"b".repeat(36)}`] },
      at(1),
    ).goal;
    expect(JSON.stringify(next)).not.toContain("ghp_");
  });
});

describe("closeGoal", () => {
  it("closes with evidence", () => {
    const closed = closeGoal(completableGoal(), { status: "complete" }, at(10));
    expect(closed.status).toBe("complete");
    expect(closed.closedAt).toBe(at(10).toISOString());
  });

  it("refuses complete without evidence and lists every unmet condition", () => {
    const attempt = () => closeGoal({ ...draftGoal(), status: "active" }, { status: "complete" });
    expect(attempt).toThrow(CompletionRefusedError);
    try {
      attempt();
    } catch (error) {
      expect((error as CompletionRefusedError).unmet.length).toBeGreaterThan(5);
    }
  });

  it("closes as blocked or cancelled without proof", () => {
    expect(closeGoal(draftGoal(), { status: "cancelled", reason: "cleared by user" }).closeReason).toBe("cleared by user");
    expect(closeGoal(draftGoal(), { status: "blocked", reason: "no access" }).closedAt).not.toBeNull();
  });
});

describe("retireGoal", () => {
  it("is the one way out of the open states: status, closedAt, reason, revision and history move together", () => {
    const goal = draftGoal();
    const moved = retireGoal(goal, { status: "cancelled", reason: "moved to session s2", eventType: "moved" }, at(9));
    expect(moved).toMatchObject({
      status: "cancelled",
      closedAt: at(9).toISOString(),
      updatedAt: at(9).toISOString(),
      closeReason: "moved to session s2",
      revision: goal.revision + 1,
    });
    expect(moved.history.at(-1)).toMatchObject({ type: "moved", note: "cancelled: moved to session s2" });
    expect(goalRecordSchema.safeParse(moved).success).toBe(true);
    expect(retireGoal(goal, { status: "complete", reason: null }, at(9)).history.at(-1)).toMatchObject({
      type: "closed",
      note: "complete",
    });
  });
});

describe("bounded tool history", () => {
  it("evicts noise before evidence and keeps the newest entry", () => {
    let goal = completableGoal();
    goal = pushToolCall(goal, { at: at(4).toISOString(), tool: "Bash", kind: "verification", summary: "Bash: npm test" });
    for (let index = 0; index < 500; index++) {
      goal = pushToolCall(goal, { at: at(5).toISOString(), tool: "Agent", kind: "other", summary: `noise ${index}` });
    }
    expect(goal.toolHistory).toHaveLength(HISTORY_LIMITS.toolCalls);
    expect(goal.toolHistory.filter((entry) => entry.kind === "verification")).toHaveLength(2);
    expect(goal.toolHistory.at(-1)?.summary).toBe("noise 499");
  });
});
