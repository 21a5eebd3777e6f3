// The README is read in three minutes and every claim in it holds: its commands exist, what it says to
// type does what its table says on every host (through the installed hooks), the state roots are where
// it says, the status lines are the ones goalpost draws, and its links lead somewhere. Setup on a prefix
// without a bin folder: apps/cli/src/setup-path.test.ts; `--json` on every command and uninstall keeping
// config.json: apps/cli/src/cli.test.ts.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeTestdirs } from "@goalpost/adapter-kit/testing";
import { createGoal, type GoalRecord, type SessionFile, statusSegment, storeRegistryDir } from "@goalpost/core/internal";
import { afterEach, describe, expect, it } from "vitest";
import { HOSTS, installed } from "./installed-hosts.js";

afterEach(removeTestdirs);

const repo = fileURLToPath(new URL("../../", import.meta.url));
const readme = readFileSync(join(repo, "README.md"), "utf8");
const cli = join(repo, "apps", "cli", "dist", "goalpost.js");

/** The rows of the README's "What to type" table: what the user types, first cell. */
function typedRows(): string[] {
  const section = readme.slice(readme.indexOf("## What to type"), readme.indexOf("\n## ", readme.indexOf("## What to type") + 3));
  return [...section.matchAll(/^\| (`goal:.*?) \|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`(goal:[^`]*)`/g)].map((m) => m[1]!),
  );
}

describe("the README", () => {
  it("is read in three minutes", () => {
    // About 230 words a minute, code blocks included.
    expect(readme.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(700);
  });

  it("opens with the demo and the tests, each a script that exists, and setup", () => {
    const first = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(first.split("\n")[0]).toMatch(/^npm run demo\b/);
    expect(first.split("\n")[1]).toMatch(/^npm test\b/);
    const scripts = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")).scripts as Record<string, string>;
    for (const name of ["demo", "test", "setup"]) expect(scripts[name], name).toBeDefined();
    expect(readme).toContain("npm run setup");
  });

  it("names only goalpost commands that exist, and each answers --help", () => {
    const help = spawnSync(process.execPath, [cli, "--help"], { encoding: "utf8" }).stdout;
    const commands = new Set([...help.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((match) => match[1]!));
    const named = [...new Set([...readme.matchAll(/`goalpost ([a-z]+)/g)].map((match) => match[1]!))];
    expect(named.length).toBeGreaterThan(5);
    for (const name of named) {
      expect(commands.has(name), `goalpost ${name}`).toBe(true);
      expect(spawnSync(process.execPath, [cli, name, "--help"], { encoding: "utf8" }).status, name).toBe(0);
    }
  });

  it("says where each host's state root is, and that GOALPOST_HOME puts them in one", async () => {
    for (const name of ["claude-code", "codex", "copilot-cli", "vscode-chat"]) {
      const { descriptor } = (await import(`@goalpost/adapter-${name}/descriptor`)) as {
        descriptor: { stateRoot(env: Record<string, string>): string };
      };
      expect(readme, name).toContain(`\`${descriptor.stateRoot({ HOME: "/h" }).replace(/^\/h/, "~")}\``);
      expect(descriptor.stateRoot({ HOME: "/h", GOALPOST_HOME: "/one" })).toBe("/one");
    }
    // The registry uninstall keeps beside the records.
    expect(readme).toContain(`\`${dirname(storeRegistryDir({ HOME: "/h" })).replace(/^\/h/, "~")}\``);
  });

  it("shows the status lines goalpost draws, open and closed", () => {
    const at = new Date("2026-11-29T10:00:00Z");
    const goal = createGoal(
      { sessionId: "s", cwd: "/p", host: "claude-code", source: "marker", objective: "tidy the readme" },
      at,
    );
    const session = (goals: GoalRecord[]) =>
      ({ goals, activeGoalId: goals[0]!.id, sessionId: "s", cwd: "/p", host: "claude-code" }) as unknown as SessionFile;
    const open: GoalRecord = {
      ...goal,
      status: "active",
      requirements: ["the install steps are right", "the links work"],
      requirementCoverage: [{ requirement: "1", evidence: "npm test passed: 12 tests in readme.test.ts" }],
      checks: [{ command: "npm test", kind: "test" }] as GoalRecord["checks"],
    };
    const closed: GoalRecord = {
      ...open,
      status: "complete",
      closedAt: at.toISOString(),
      verification: { state: "passed" } as GoalRecord["verification"],
    };
    expect(readme).toContain(`\`${statusSegment(session([open]), at)}\``);
    expect(readme).toContain(`\`${statusSegment(session([closed]), new Date(at.getTime() + 60_000))}\``);
  });

  it("links only to files that exist", () => {
    const links = [...readme.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)]
      .map((match) => match[1]!)
      .filter((link) => !/^https?:/.test(link));
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(existsSync(join(repo, link)), link).toBe(true);
  });
});

describe.each(HOSTS)("what the README says to type, on $name", { timeout: 120_000 }, (host) => {
  it("does what its table says, through the installed hooks", async () => {
    const rows = typedRows();
    const h = await installed(host);
    const session = `${host.name}-readme`;
    const goal = () => h.goal(session);
    const effects: Record<string, () => void> = {
      "goal: <what done means>": () => {
        const said = h.prompt(session, "goal: make the parser return the rows").said;
        expect(goal()).toMatchObject({ objective: "make the parser return the rows", source: "marker" });
        expect(said).toMatch(/goal captured/);
      },
      "goal: status": () => expect(h.prompt(session, "goal: status").said).toContain("make the parser return the rows"),
      "goal: check add npm test": () => {
        h.prompt(session, "goal: check add npm test");
        expect(goal().checks.map((check) => check.command)).toContain("npm test");
      },
      "goal: accept": () => expect(h.prompt(session, "goal: accept").said).toMatch(/nothing|no goal|waits/i),
      "goal: refuse": () => expect(h.prompt(session, "goal: refuse").said).toMatch(/nothing|no goal|waits/i),
      "goal: budget 2h": () => {
        h.prompt(session, "goal: budget 2h");
        expect(goal().budget).toMatchObject({ seconds: 7200 });
      },
      "goal: pause": () => {
        h.prompt(session, "goal: pause");
        expect(goal().status).toBe("paused");
      },
      "goal: resume": () => {
        h.prompt(session, "goal: resume");
        expect(goal().status).not.toBe("paused");
      },
      "goal: clear": () => {
        h.prompt(session, "goal: clear");
        expect(goal().status).toBe("cancelled");
      },
    };
    // Every row is one this test knows, in the README's order; nothing typed set a second goal.
    expect(rows.length).toBeGreaterThan(5);
    for (const typed of rows) {
      expect(effects[typed], `a README row this test does not know: ${typed}`).toBeDefined();
      effects[typed]!();
      expect(h.store.read(session)!.goals.filter((each) => each.objective !== "make the parser return the rows")).toEqual([]);
    }
  });
});
