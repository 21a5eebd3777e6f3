// What the session works toward, on every host, through its installed hooks: the GitHub issue its
// branch names (a real git repository), with the title and milestone a stand-in `gh` on PATH gives
// as the real one does, as the session's focus with no goal and in the goal's block with one; and the
// goal set in the user's own language.

import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { HOSTS, installed } from "./installed-hosts.js";
import { verifies } from "./requirements.js";

afterEach(removeTestdirs);

/** The project: a git repository on a branch that names issue 29. */
function onIssueBranch(dir: string): void {
  const git = (...args: string[]) => execFileSync("git", ["-c", "init.defaultBranch=main", ...args], { cwd: dir, stdio: "pipe" });
  git("init", "-q");
  git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "start");
  git("checkout", "-q", "-b", "29-stream-csv");
}

/** A folder with a `gh` that answers `gh issue view 29 --json title,milestone` as the real one does, and logs each call. */
function standInGh(): { dir: string; calls: () => string[] } {
  const dir = testdir({});
  const log = join(dir, "calls.log");
  const answer = JSON.stringify({
    milestone: { number: 3, title: "Q1 Automation Platform", description: "", dueOn: null },
    title: "Stream large CSV files",
  });
  writeFileSync(
    join(dir, "gh"),
    `#!/bin/sh\necho "$*" >> '${log}'\nif [ "$1 $2 $3" = "issue view 29" ]; then printf '%s\\n' '${answer}'; exit 0; fi\necho "GraphQL: Could not resolve to an issue" >&2\nexit 1\n`,
  );
  chmodSync(join(dir, "gh"), 0o755);
  return { dir, calls: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []) };
}

async function eventually<T>(probe: () => T | undefined | null, what: string): Promise<T> {
  for (const end = Date.now() + 15_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}

const PATH = [dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(":");
/** A real gh in the system's folders would answer instead of none (it cannot find this issue offline either). */
const ghInstalled = ["/usr/local/bin/gh", "/usr/bin/gh", "/bin/gh"].some((path) => existsSync(path));

describe.each(HOSTS)("what the session works toward on $name", { timeout: 120_000 }, (host) => {
  it("takes the issue from the branch, its title and milestone from gh off the hook's path, shown with no goal and in the goal", async () => {
    verifies("ANY-ISSUE-CONTEXT");
    const gh = standInGh();
    const h = await installed(host, { makeProject: onIssueBranch, env: { PATH: `${gh.dir}:${PATH}` } });
    const session = `${host.name}-issue`;
    // No goal: the issue is what the session works on — told to the model, nothing enforced.
    expect(h.prompt(session, "have a look at the importer").said).toContain("ISSUE: #29 (from the branch)");
    const issue = await eventually(
      () => (h.store.read(session)?.issue?.title ? h.store.read(session)!.issue : null),
      "gh's answer",
    );
    expect(issue).toMatchObject({
      number: 29,
      title: "Stream large CSV files",
      milestone: "Q1 Automation Platform",
      source: "branch",
    });
    expect(gh.calls()).toEqual(["issue view 29 --json title,milestone"]);
    const told = h.prompt(session, "go on").said;
    expect(told).toContain("EPIC: Q1 Automation Platform (the issue's milestone)");
    expect(told).toContain("ISSUE: #29 Stream large CSV files (milestone: Q1 Automation Platform; from the branch)");
    expect(JSON.stringify(h.stop(session).output ?? {})).not.toContain('"block"');
    // A goal set now carries the issue in its block.
    expect(h.prompt(session, "/goal make the importer stream").said).toContain(
      "Issue: #29 Stream large CSV files (milestone: Q1 Automation Platform; from the branch)",
    );
    expect(gh.calls()).toHaveLength(1);
  });

  it.skipIf(ghInstalled)("keeps the issue's number alone where gh is missing, and nothing fails", async () => {
    verifies("ANY-ISSUE-CONTEXT");
    const h = await installed(host, { makeProject: onIssueBranch, env: { PATH } });
    const session = `${host.name}-no-gh`;
    expect(h.prompt(session, "have a look").said).toContain("ISSUE: #29 (from the branch)");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(h.store.read(session)?.issue).toMatchObject({ number: 29, title: null, lookedUp: true });
    expect(h.prompt(session, "/goal make the importer stream").said).toContain("Issue: #29 (from the branch)");
  });

  it.skipIf(!host.tellsUser)("tells the user once per session that `goal:` exists, with no goal, task or issue", async () => {
    verifies("ANY-GOAL-HINT");
    const h = await installed(host);
    const first = h.prompt(`${host.name}-hint`, "fix the flaky test");
    expect(first.said).toContain("goalpost: no goal is set for this session. Type goal: <what done means>");
    expect(h.prompt(`${host.name}-hint`, "and the docs").said).not.toContain("no goal is set");
    expect(h.store.read(`${host.name}-hint`)?.goals).toEqual([]);
  });

  it.skipIf(!host.taskRan)(
    "with no goal, takes the task the host's own task tool puts in progress as the focus: shown, never enforced",
    async () => {
      verifies("ANY-TASK-FOCUS");
      const h = await installed(host);
      const session = `${host.name}-task`;
      h.prompt(session, "let us rewrite the reader");
      const shown = h.taskRan!(session, "Rewrite the reader as a stream");
      expect(shown.said).toContain("TASK: Rewrite the reader as a stream [in_progress] (from its task list)");
      expect(h.store.read(session)?.focus).toMatchObject({ task: "Rewrite the reader as a stream" });
      expect(h.store.read(session)?.goals).toEqual([]);
      expect(JSON.stringify(h.stop(session).output ?? {})).not.toContain('"block"');
    },
  );

  it("sets the goal in the user's own language", async () => {
    verifies("ANY-LANGUAGES");
    const h = await installed(host);
    for (const [session, prompt, objective] of [
      ["de", "Ziel: den Importer streamen lassen", "den Importer streamen lassen"],
      ["zh", "目标：让导入器流式处理大文件", "让导入器流式处理大文件"],
      ["fr", "but : accélérer l'import", "accélérer l'import"],
    ] as const) {
      h.prompt(`${host.name}-${session}`, prompt);
      expect(h.goal(`${host.name}-${session}`)).toMatchObject({ objective, source: "marker", closedAt: null });
    }
  });
});
