// The user's notifier hears of a close on goalpost's own run, with what proved it.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runVerification } from "./run-verification.js";
import { buggyProject, FIXED_ADD, goalOn, sandboxUnavailable } from "./test-projects.js";

const unavailable = await sandboxUnavailable();

async function written(path: string): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < 100 && !(existsSync(path) && readFileSync(path, "utf8").endsWith("\n")); tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}

describe("notifications", () => {
  it.skipIf(unavailable !== null)("tells the user when goalpost's own run closes their goal", async () => {
    const cwd = buggyProject();
    writeFileSync(join(cwd, "math.js"), FIXED_ADD);
    const setup = goalOn(cwd);
    const out = join(mkdtempSync(join(tmpdir(), "goalpost-notify-")), "closed.json");
    writeFileSync(join(setup.store.root, "config.json"), JSON.stringify({ notify: `cat > '${out}'` }));
    setup.tools.close(setup.identity, { status: "complete" });
    const report = await runVerification(setup.store, setup.requests[0]!);
    expect(report?.outcome).toBe("closed");
    expect(await written(out)).toMatchObject({
      event: "closed",
      goal: { status: "complete" },
      message: expect.stringMatching(
        /^Closed as complete on goalpost's own run of the checks: `npm test`: node:test reports 1 passed/,
      ),
      todo: null,
    });
  });
});
