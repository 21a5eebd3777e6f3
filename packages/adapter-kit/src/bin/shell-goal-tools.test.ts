import { describe, expect, it } from "vitest";
import { acmeAdapter } from "../../examples/example-host/src/acme-adapter.js";
import { runHook } from "../hook/run-hook.js";
import { removeTestdirs, testdir } from "../testing/index.js";
import { runGoalCommand } from "./shell-goal-tools.js";

const adapter = acmeAdapter;
const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

function shell(session?: string) {
  const env = { GOALPOST_HOME: testdir(), ...(session ? { ACME_SESSION: session } : {}) };
  /** The agent runs `command` in its shell: the host's before_tool hook sees it first. */
  const hookSees = (command: string, sessionId = session ?? "none") =>
    runHook(
      adapter,
      "before_tool",
      () => JSON.stringify({ event: "before_tool", session: sessionId, dir: "/work/p", tool: "sh", args: { command } }),
      env,
    );
  const agent = (verb: "status" | "open" | "update" | "close", ...args: string[]) => {
    hookSees(["goalpost-acme", verb, ...args.map(quote)].join(" "));
    return runGoalCommand(adapter, verb, args, env);
  };
  return { env, hookSees, agent };
}

describe("goal tools from the shell", () => {
  it("ties the call to the session the host names in its session variable", () => {
    const { agent, env } = shell("session-1");
    expect(agent("status").stdout).toContain("This session has no open goal.");
    const opened = agent("open", '{"objective":"Tidy the scripts folder"}');
    expect(opened).toMatchObject({ exitCode: 0 });
    expect(opened.stdout).toMatch(/^Goal goal_\S+ is open: Tidy the scripts folder/);
    expect(agent("update", '{"doneSoFar":["Moved the deploy script into scripts/"]}').stdout).toMatch(/updated \(doneSoFar\)/);
    expect(agent("status").stdout).toContain("Objective: Tidy the scripts folder");
    expect(runGoalCommand(adapter, "status", [], { ...env, ACME_SESSION: "another" }).stdout).toContain("no open goal");
    removeTestdirs();
  });

  it("refuses with the reason: no session, bad JSON, an unknown flag, the completion gate", () => {
    expect(runGoalCommand(adapter, "status", [], shell().env)).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining("no session: run it inside Acme Agent (which sets ACME_SESSION)"),
    });
    const { agent } = shell("s");
    expect(agent("open", "{not json")).toMatchObject({ exitCode: 2, stderr: expect.stringContaining("must be a JSON object") });
    expect(agent("status", "--sesion", "x").exitCode).toBe(2);
    agent("open", '{"objective":"Tidy the scripts folder"}');
    const refused = agent("close", '{"status":"complete"}');
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/^Refusing to mark goal \S+ complete/);
    removeTestdirs();
  });

  it("changes the goal only for a run the main session's hook saw: not a subagent's, not hidden, not another session's", () => {
    const { agent, hookSees, env } = shell("main");
    agent("open", '{"objective":"Tidy the scripts folder"}');
    const update = '{"doneSoFar":["Deleted the old deploy script in scripts/"]}';
    // No hook saw it (a subagent's shell, or a run the hook never saw).
    expect(runGoalCommand(adapter, "update", [update], env)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/hook did not see this run from the main agent/),
    });
    // Hidden in bash -c or behind a variable: the hook sees a command, not a goal-tool run.
    hookSees(`bash -c ${quote(`goalpost-acme update ${quote(update)}`)}`);
    hookSees(`G=goalpost-acme; $G update ${quote(update)}`);
    expect(runGoalCommand(adapter, "update", [update], env).exitCode).toBe(1);
    // --session naming another session finds no note there: the hook noted it in this session.
    const victimOpen = ['{"objective":"The other goal"}', "--session", "victim"];
    hookSees(["goalpost-acme", "open", ...victimOpen.map(quote)].join(" "), "victim");
    expect(runGoalCommand(adapter, "open", victimOpen, env).exitCode).toBe(0);
    hookSees(`goalpost-acme update ${quote(update)} --session victim`);
    expect(runGoalCommand(adapter, "update", [update, "--session", "victim"], env)).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining("session victim"),
    });
    // A note is used once.
    hookSees(`goalpost-acme update ${quote(update)}`);
    expect(runGoalCommand(adapter, "update", [update], env).exitCode).toBe(0);
    expect(runGoalCommand(adapter, "update", [update], env).exitCode).toBe(1);
    removeTestdirs();
  });
});
