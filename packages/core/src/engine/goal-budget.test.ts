// A goal's budget: the user's words, the spend goalpost counts at each turn's end, the wind-down near
// it, and budget-limited at it (stops go through, the user is told what was spent, raising it resumes).
import { describe, expect, it } from "vitest";
import { parseBudget, spendText, splitTrailingBudget } from "../record/goal-budget.js";
import { parseGoalCommand } from "./goal-command.js";
import { SESSION, testEngine } from "./test-engine.js";

describe("a budget in the user's words", () => {
  it.each([
    ["2h", { turns: null, seconds: 7200, tokens: null }],
    ["90 min", { turns: null, seconds: 5400, tokens: null }],
    ["200k", { turns: null, seconds: null, tokens: 200_000 }],
    ["1.5m tokens", { turns: null, seconds: null, tokens: 1_500_000 }],
    ["30 turns", { turns: 30, seconds: null, tokens: null }],
    ["2h, 500k tokens", { turns: null, seconds: 7200, tokens: 500_000 }],
    ["45m and 20 turns", { turns: 20, seconds: 2700, tokens: null }],
  ])("%s", (words, budget) => expect(parseBudget(words)).toEqual(budget));

  it("words that are not a budget are none", () => {
    for (const words of ["the quarterly report", "2 apples", "", "0 turns"]) expect(parseBudget(words)).toBeNull();
  });

  it("a budget at the end of an objective is taken off it; anything else stays the objective", () => {
    expect(splitTrailingBudget("fix the CSV parser budget 2h")).toEqual({
      objective: "fix the CSV parser",
      budget: { turns: null, seconds: 7200, tokens: null },
    });
    expect(splitTrailingBudget("cut the marketing budget by 10%").budget).toBeNull();
    expect(parseGoalCommand("/goal budget 200k")).toEqual({
      kind: "budget",
      budget: { turns: null, seconds: null, tokens: 200_000 },
    });
    expect(parseGoalCommand("goal: budget 2h")).toMatchObject({ kind: "budget" });
    expect(parseGoalCommand("/goal budget")).toEqual({ kind: "budget", budget: null });
    expect(parseGoalCommand("/goal budget the quarterly report")).toMatchObject({
      kind: "set",
      objective: "budget the quarterly report",
    });
  });

  it("the spend reads as sentences, against each limit", () => {
    const budget = { turns: 5, seconds: 7200, tokens: 200_000 };
    expect(spendText(budget, { turns: 3, seconds: 780, tokens: 41_200, windDownAt: null })).toBe(
      "3 of 5 turns, 13 min of 2 h, 41,200 of 200,000 tokens",
    );
    expect(spendText(budget, { turns: 1, seconds: 30, tokens: null, windDownAt: null })).toBe(
      "1 of 5 turns, 30 s of 2 h, tokens not recorded by this host (budget 200,000)",
    );
  });
});

describe("a goal with a budget", () => {
  function withGoal(prompt: string, config: Parameters<typeof testEngine>[0] = {}) {
    const harness = testEngine({ stopBlockLimit: 50, ...config });
    const captured = harness.send({ type: "prompt-submitted", prompt, tokensUsed: 1_000 });
    harness.tools.open(SESSION, { objective: "The parser returns a syntax tree", remaining: ["the tree builder", "its tests"] });
    const goal = () => harness.store.read(SESSION.sessionId)!.goals.at(-1)!;
    return { ...harness, captured, goal };
  }

  it("is told to wind down near its budget, then its stops go through as budget-limited, the spend shown", () => {
    const { send, goal, captured } = withGoal("/goal make the parser return a syntax tree budget 100k");
    expect(captured.userNote).toMatch(/Budget: 100,000 tokens\./);
    expect(goal()).toMatchObject({ objective: "make the parser return a syntax tree", budget: { tokens: 100_000 } });
    // The host's record says the session grew from 1,000 to 50,000 tokens: 49% of the budget.
    expect(send({ type: "stop-requested", tokensUsed: 50_000 }).reason).toMatch(/still open/);
    expect(goal().spent).toMatchObject({ turns: 1, tokens: 49_000 });
    // 89%: one more turn, to finish the item in hand and write down what is left.
    const windDown = send({ type: "stop-requested", tokensUsed: 90_000 });
    expect(windDown.action).toBe("block-stop");
    expect(windDown.reason).toMatch(/used most of its budget \(2 turns, .*89,000 of 100,000 tokens\)\. Wind down/);
    const limited = send({ type: "stop-requested", tokensUsed: 95_000 });
    expect(limited.action).toBe("none");
    expect(limited.userNote).toMatch(/reached its budget \(3 turns, .*94,000 of 100,000 tokens\).*goal: budget <more>/);
    expect(goal().status).toBe("budget-limited");
    expect(send({ type: "stop-requested", tokensUsed: 96_000 })).toEqual({ action: "none" });
    // Let go: no more turns are charged; tokens the host records late still belong to the goal's work.
    expect(goal().spent).toMatchObject({ turns: 3, tokens: 95_000 });

    // A prompt tells the user again; /goal resume asks for more budget; /goal budget raises it and takes the goal up.
    expect(send({ type: "prompt-submitted", prompt: "what now?", tokensUsed: 96_000 }).userNote).toMatch(
      /has spent 3 turns, .*95,000 of 100,000 tokens/,
    );
    expect(send({ type: "prompt-submitted", prompt: "/goal resume" }).userNote).toMatch(/Raise the budget to carry on/);
    const raised = send({ type: "prompt-submitted", prompt: "/goal budget 300k", tokensUsed: 96_000 });
    expect(raised.userNote).toMatch(/budget is now 300,000 tokens; spent so far 3 turns/);
    expect(raised.context).toMatch(/status="active"/);
    expect(goal().status).toBe("active");
    expect(send({ type: "stop-requested", tokensUsed: 120_000 }).action).toBe("block-stop");
    expect(goal().spent.tokens).toBe(119_000);
  });

  it("counts turns, and takes the config's default budget when the user names none", () => {
    const { send, goal } = withGoal("/goal make the parser return a syntax tree", { budget: "3 turns" });
    expect(goal().budget).toEqual({ turns: 3, seconds: null, tokens: null });
    expect(send({ type: "stop-requested" }).action).toBe("block-stop");
    expect(send({ type: "stop-requested" }).action).toBe("block-stop");
    // 3 of 3: spent.
    const limited = send({ type: "stop-requested" });
    expect(limited.userNote).toMatch(/reached its budget \(3 of 3 turns/);
    // Where the host records no tokens, none are claimed.
    expect(goal().spent.tokens).toBeNull();
    expect(send({ type: "prompt-submitted", prompt: "/goal budget" }).userNote).toMatch(/has spent 3 of 3 turns, \d+ s\./);
  });

  it("a goal without a budget is charged all the same, for status and the report", () => {
    const { send, goal } = withGoal("/goal make the parser return a syntax tree");
    send({ type: "stop-requested", tokensUsed: 5_000 });
    expect(goal()).toMatchObject({ budget: null, spent: { turns: 1, tokens: 4_000 } });
    expect(goal().spent.seconds).toBeGreaterThan(0);
  });
});
