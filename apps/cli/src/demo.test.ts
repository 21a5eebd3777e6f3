import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/goalpost.js", import.meta.url));

describe("goalpost demo", () => {
  it("runs a whole scripted Claude Code session through a fake home and tells each step", async () => {
    const { exitCode, stdout } = await execa(process.execPath, [bin, "demo"], { reject: false, timeout: 60_000 });
    expect(exitCode).toBe(0);
    const transcript = String(stdout);
    const expected = [
      /hooks for 10 events/,
      /goalpost: goal captured as a draft \(goal_\w+\)/,
      /<session_goal id="goal_\w+" status="draft" form="full">/,
      /4\. Bash cat package\.json +→ allowed, with a warning: goalpost drift warning: 3 tool calls/,
      /6\. Bash wc -l src\/importer\.js +→ DENIED — goalpost drift guard: 5 tool calls/,
      /PreCompact → goalpost: goal goal_\w+ saved for after compaction/,
      /SessionStart\(compact\) → the goal is restored in full/,
      /Stop → BLOCKED:/,
      /REFUSED:\n\s+Refusing to mark goal goal_\w+ complete/,
      /No passing verification receipt/,
      /The completion gate is satisfied/,
      /accepted: Goal goal_\w+ is closed as complete\./,
      /Stop → allowed: the goal is closed/,
      /goal file: .*\/\.claude\/goalpost\/by-session\/[0-9a-f-]+\.json/,
    ];
    for (const pattern of expected) expect(transcript).toMatch(pattern);
    // The steps appear in the order of the story.
    const positions = expected.map((pattern) => transcript.search(pattern));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("keeps the fake home with --keep, and `status`/`show` read it", async () => {
    const demo = await execa(process.execPath, [bin, "demo", "--keep"], { timeout: 60_000 });
    const stateFile = /goal file: (\S+)/.exec(String(demo.stdout))?.[1] ?? "";
    const root = stateFile.replace(/\/by-session\/.*$/, "");
    const status = await execa(process.execPath, [bin, "status", "--root", root]);
    expect(String(status.stdout)).toContain("No open goals.");
    expect(String(status.stdout)).toMatch(/1 closed goal\(s\)/);
    const goalId = /(goal_\w+) is closed as complete/.exec(String(demo.stdout))?.[1] ?? "";
    const show = await execa(process.execPath, [bin, "show", goalId, "--root", root]);
    expect(String(show.stdout)).toContain(`<session_goal id="${goalId}" status="complete, closed" form="full">`);
    expect(String(show.stdout)).toContain("Completion gate: satisfied.");
    expect(String(show.stdout)).toMatch(/closed: complete/);
    const missing = await execa(process.execPath, [bin, "show", "goal_nope", "--root", root], { reject: false });
    expect(missing.exitCode).toBe(1);
    const fakeRoot = root.replace(/\/home\/\.claude\/goalpost$/, "");
    if (fakeRoot.startsWith(tmpdir()) && fakeRoot.includes("goalpost-demo-")) rmSync(fakeRoot, { recursive: true, force: true });
  });
});
