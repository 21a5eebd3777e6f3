// The report's hierarchy, through the built CLI: the stack as the session holds it, each level with its
// source — the issue's milestone, the GitHub issue (from the branch), the user's goal, a task of the
// host's list.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeTestdirs, testdir } from "@goalpost/adapter-kit/testing";
import { createGoalStore } from "@goalpost/core";
import { createGoal } from "@goalpost/core/internal";
import { afterEach, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));
afterEach(removeTestdirs);

describe("the report's hierarchy", () => {
  it("shows the milestone, the issue, the goal and its task, each with where it came from", () => {
    const root = testdir({ state: {}, project: {} });
    const identity = { sessionId: "s1", host: "claude-code", cwd: join(root, "project") };
    const goal = createGoal({ ...identity, objective: "make the importer stream", source: "slash" });
    const task = {
      ...createGoal({ ...identity, objective: "rewrite the reader", source: "task", level: "task" }),
      parentId: goal.id,
    };
    createGoalStore({ root: join(root, "state") }).update(identity, (state) => {
      state.goals.push(goal, task);
      state.issue = {
        number: 29,
        repo: null,
        source: "branch",
        title: "Stream large CSV files",
        milestone: "Q1 Automation Platform",
        lookedUp: true,
        at: new Date().toISOString(),
      };
    });
    const report = spawnSync(process.execPath, [bin, "report", goal.id, "--root", join(root, "state"), "--out", "-"], {
      encoding: "utf8",
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: root },
    });
    expect(report.status, report.stderr).toBe(0);
    const tree = report.stdout.slice(report.stdout.indexOf('<div class="tree">'));
    expect(tree).toMatch(
      /<li data-level="milestone">Q1 Automation Platform <small>milestone of #29<\/small><ul><li data-level="issue">#29 Stream large CSV files <small>GitHub issue, from the branch<\/small><ul><li class="current" data-level="epic">make the importer stream/,
    );
    expect(tree).toContain("<small>epic, from the user&#39;s /goal</small>");
    expect(tree).toMatch(/data-level="task">rewrite the reader .*<small>task, from a task in the host&#39;s plan<\/small>/);
  });
});
