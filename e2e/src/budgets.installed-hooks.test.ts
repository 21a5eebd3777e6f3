// A goal that costs what it should, on every host: goalpost installed by each adapter's own `install`
// into a fake home, its hooks run as the host runs them (the installed command in a shell, the host's
// payload on stdin), the host's own record of token use written where the host writes it. Each host:
// a model that updates its goal every turn without progress is let go as needs-input; a budget of 3
// turns ends as budget-limited, the spend told to the user; tokens are charged from the host's record
// where it keeps one. Claude Code also says when background work runs: that stop is no stall.
import { removeTestdirs } from "@goalpost/adapter-kit/testing";
import { createGoalTools } from "@goalpost/core";
import { afterEach, describe, expect, it } from "vitest";
import { HOSTS, installed, resetCodexTotal } from "./installed-hosts.js";
import { verifies } from "./requirements.js";

afterEach(removeTestdirs);

/** Whether a hook's answer refused the stop, in the host's own words for it. */
const refused = (answer: { output: Record<string, unknown> | null }) => JSON.stringify(answer.output ?? {}).includes('"block"');

describe.each(HOSTS)("budgets and the backstop on $name", { timeout: 120_000 }, (host) => {
  it("a model that updates its goal every turn without progress is let go as needs-input, and the user's word takes it up", async () => {
    verifies("ANY-BACKSTOP");
    const h = await installed(host);
    const session = `${host.name}-stuck`;
    h.prompt(session, "/goal make the parser return a syntax tree");
    // The agent's goal tools (as its MCP server runs them) act on the same store.
    const tools = createGoalTools(h.store);
    const caller = { sessionId: session, host: host.name, cwd: h.project };
    tools.open(caller, { objective: "The parser returns a syntax tree", remaining: ["find where the tree is built"] });
    for (let turn = 1; turn <= 3; turn++) {
      expect(refused(h.stop(session, turn > 1 ? { stop_hook_active: true } : {}))).toBe(true);
      tools.update(caller, { doneSoFar: [`Looked again, turn ${turn}`] });
    }
    const letGo = h.stop(session, { stop_hook_active: true });
    expect(refused(letGo)).toBe(false);
    if (host.tellsUser)
      expect(letGo.said).toMatch(/needs your input: the agent tried to stop 3 times without changing the work tree/);
    expect(h.goal(session).status).toBe("needs-input");
    expect(refused(h.stop(session))).toBe(false);
    h.prompt(session, "the tree is built in src/tree.js");
    expect(h.goal(session).status).toBe("active");
    expect(refused(h.stop(session))).toBe(true);
  });

  it("a budget of 3 turns ends as budget-limited, with the spend told to the user and kept on the goal", async () => {
    verifies("ANY-BUDGET");
    const h = await installed(host);
    const session = `${host.name}-budget`;
    resetCodexTotal();
    host.spend?.(session, h.home);
    h.prompt(session, "/goal make the parser return a syntax tree budget 3 turns");
    expect(h.goal(session).budget).toEqual({ turns: 3, seconds: null, tokens: null });
    host.spend?.(session, h.home);
    expect(refused(h.stop(session))).toBe(true);
    host.spend?.(session, h.home);
    // One turn left: told to finish the item in hand and write down what is left.
    const windDown = h.stop(session, { stop_hook_active: true });
    expect(refused(windDown)).toBe(true);
    // The model is told in the refusal's reason, on every host.
    expect(windDown.said).toMatch(/used most of its budget \(2 of 3 turns/);
    host.spend?.(session, h.home);
    const limited = h.stop(session, { stop_hook_active: true });
    expect(refused(limited)).toBe(false);
    if (host.tellsUser) expect(limited.said).toMatch(/reached its budget \(3 of 3 turns/);
    const goal = h.goal(session);
    expect(goal.status).toBe("budget-limited");
    expect(goal.spent.turns).toBe(3);
    // Tokens from the host's record: 1,100 fresh per request (cache reads are not counted), three since the goal was set.
    if (host.spend) {
      expect(goal.spent.tokens).toBe(3_300);
      if (host.tellsUser) expect(limited.said).toMatch(/3,300 tokens/);
    } else {
      expect(goal.spent.tokens).toBeNull();
    }
    // Raising it takes the goal up again (a draft still: the agent never opened it).
    h.prompt(session, "/goal budget 10 turns");
    expect(h.goal(session).status).toBe("draft");
    expect(refused(h.stop(session))).toBe(true);
  });

  it.runIf(host.name === "claude-code")(
    "a stop while a background subagent runs is no stall: let through, not counted",
    async () => {
      verifies("CC-BACKGROUND-STOP");
      const h = await installed(host);
      const session = "claude-background";
      h.prompt(session, "/goal make the parser return a syntax tree");
      const running = { background_tasks: [{ id: "a1", type: "subagent", status: "running", description: "build the tree" }] };
      for (let turn = 0; turn < 5; turn++) expect(refused(h.stop(session, running))).toBe(false);
      expect(h.goal(session)).toMatchObject({ status: "draft", stopStreak: { count: 0 } });
      expect(refused(h.stop(session))).toBe(true);
    },
  );
});
