import { describe, expect, it } from "vitest";
import { createGoal } from "../lifecycle/goal-lifecycle.js";
import type { GoalRecord } from "../record/goal-record.js";
import { stopBlockReason } from "./policy-text.js";

const open = (fields: Partial<GoalRecord>): GoalRecord => ({
  ...createGoal({ sessionId: "s", cwd: "/p", host: "test", source: "marker", objective: "fix the parser" }),
  status: "active",
  remaining: [],
  ...fields,
});

describe("a refused stop's next step", () => {
  it("after goalpost's run refused the close, is what the run found, not more evidence", () => {
    const failed = open({
      verification: { state: "failed", verdict: "1 of 3 tests failed: parses quotes" } as GoalRecord["verification"],
    });
    expect(stopBlockReason(failed)).toContain(
      "did not pass: 1 of 3 tests failed: parses quotes. Next: make what failed pass, then call goalpost_close again.",
    );
    const proved = open({
      verification: { state: "void", verdict: "a file changed during the run" } as GoalRecord["verification"],
    });
    expect(stopBlockReason(proved, true)).toContain(
      "Next: mend what kept the run from proving anything, then call goalpost_close again.",
    );
    expect(stopBlockReason(open({}))).toContain("Next: record the evidence.");
    // A step the agent wrote down comes first, whatever the run said.
    expect(stopBlockReason({ ...failed, remaining: ["fix quoting"] })).toContain("Next: fix quoting.");
  });
});
