// bubblewrap installed but refused at run time — a machine where no user namespace may be made, as in
// some containers — is "could not sandbox", with the sandbox's own words and the way out, never a test
// failure. Made real: the adapter's `verify` runs as `nobody` inside a user namespace whose limit of new
// user namespaces is 0, so bubblewrap starts and is refused.
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoalStore, createGoalTools, type VerificationRequest } from "@goalpost/core";
import { createGoal, deriveChecks } from "@goalpost/core/internal";
import { afterAll, describe, expect, it } from "vitest";

const BUILT = fileURLToPath(new URL("../../examples/example-host/dist/goalpost-acme.cjs", import.meta.url));
const root = process.getuid?.() === 0;
const tools = ["/usr/bin/unshare", "/usr/bin/setpriv", "/usr/bin/bwrap"].every(existsSync);
/** The bin `nobody` can read: the built one, or a copy of its self-contained dist in a folder anyone may read. */
function binForNobody(): string {
  const copy = mkdtempSync(join(tmpdir(), "goalpost-acme-dist-"));
  cpSync(dirname(BUILT), copy, { recursive: true });
  chmodSync(copy, 0o755);
  return join(copy, basename(BUILT));
}
/** Whether files can be given to nobody: not in a user namespace that maps no other user (goalpost's own walls). */
function canGiveToNobody(): boolean {
  const probe = mkdtempSync(join(tmpdir(), "goalpost-chown-"));
  try {
    chownSync(probe, 65534, 65534);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
const BIN = root && tools && existsSync(BUILT) && canGiveToNobody() ? binForNobody() : null;
afterAll(() => {
  if (BIN) rmSync(dirname(BIN), { recursive: true, force: true });
});

/**
 * Runs `args` as nobody where no user namespace can be made: a new user namespace whose id maps the
 * parent writes, a shell started again once they are there (only then is it root in it), the limit set to
 * 0, then nobody.
 */
const NO_USER_NAMESPACES = `
unshare --user sh -c 'while [ -z "$(cat /proc/self/gid_map)" ]; do sleep 0.05; done; exec sh -c "echo 0 > /proc/sys/user/max_user_namespaces && exec setpriv --reuid=65534 --regid=65534 --clear-groups \\"\\$@\\"" sh "$@"' sh "$@" &
pid=$!
until echo "0 0 65536" > /proc/$pid/uid_map 2>/dev/null; do sleep 0.05; done
echo "0 0 65536" > /proc/$pid/gid_map
wait $pid
`;

const git = (cwd: string, ...args: string[]) =>
  spawnSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd, encoding: "utf8" });

function chownTree(path: string) {
  chownSync(path, 65534, 65534);
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) chownTree(join(path, name));
}

describe.skipIf(!BIN)("a sandbox refused at run time", () => {
  it("is 'could not sandbox' in bubblewrap's words, with the way out — never a failing test", () => {
    const dir = mkdtempSync(join(tmpdir(), "goalpost-refused-"));
    chmodSync(dir, 0o755);
    try {
      const cwd = join(dir, "project");
      const home = join(dir, "home");
      for (const folder of [cwd, home]) spawnSync("mkdir", ["-p", folder]);
      writeFileSync(join(cwd, "package.json"), JSON.stringify({ scripts: { test: "node --test" } }));
      writeFileSync(join(cwd, "math.test.js"), 'require("node:test")("adds", () => {});\n');
      git(cwd, "init", "-q");
      git(cwd, "add", "-A");
      git(cwd, "commit", "-qm", "one");
      const state = join(dir, "state");
      const store = createGoalStore({ root: state });
      const identity = { sessionId: "s", host: "acme", cwd };
      const checks = deriveChecks("the tests pass", cwd);
      store.update(identity, (session) => {
        const goal = {
          ...createGoal({
            ...identity,
            objective: "the tests pass",
            source: "slash",
            status: "active",
            checks,
            checkPath: process.env["PATH"] ?? null,
          }),
          doneSoFar: ["Wrote math.test.js with one test"],
          validationProof: ["math.test.js asserts adds"],
          verificationResults: ["node --test: 1 pass"],
          inspectionEvidence: ["Read math.test.js"],
          completionAudit: ["The objective checked against math.test.js"],
          toolHistory: [{ at: new Date().toISOString(), tool: "Edit", kind: "action" as const, summary: "Edit: math.test.js" }],
        };
        session.goals.push(goal);
        session.activeGoalId = goal.id;
      });
      const requests: VerificationRequest[] = [];
      const goalTools = createGoalTools(store, { startVerification: (request) => requests.push(request) });
      goalTools.close(identity, { status: "complete" });
      const request = requests[0]!;
      chownTree(dir);
      const run = spawnSync(
        "sh",
        ["-c", NO_USER_NAMESPACES, "sh", process.execPath, BIN!, "verify", state, "s", request.goalId, request.verificationId],
        {
          env: { PATH: process.env["PATH"], HOME: home, LANG: "C.UTF-8" },
          encoding: "utf8",
          timeout: 60_000,
        },
      );
      expect(run.stdout).toMatch(
        /^void: no sandbox could run the checks \(the sandbox refused to start a check: bwrap: .*namespace.*\); nothing was run/,
      );
      const goal = store.read("s")!.goals[0]!;
      expect(goal.verification).toMatchObject({
        state: "void",
        results: [expect.objectContaining({ verdict: expect.stringMatching(/^the sandbox did not start it \(bwrap: /) })],
      });
      expect(goal.awaitingUser).toMatchObject({
        reason: "unsandboxed",
        summary: expect.stringMatching(/could not sandbox the checks .*`goal: accept`.*`goalpost doctor`/),
      });
      expect(goal.status).toBe("active");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
