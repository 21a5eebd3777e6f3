// goalpost's verifier on projects of every shape users point agents at, with the real runner in the real
// sandbox: the check derived from the project, the starting point taken, a close on the bug refused in the
// runner's own words, and the fix closed on goalpost's run, naming the tests it fixed. The node shapes'
// runners are installed from the npm registry into the shapes repository; a shape whose toolchain is not
// installed here (Go, cargo, Python) is skipped, saying so.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createGoalEngine, createGoalStore, createGoalTools, type VerificationRequest } from "@goalpost/core";
import { openCheckSandbox, runStartingPoint, runVerification } from "@goalpost/verifier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProjectShape, RUNNERS, SHAPES } from "./project-shapes.js";
import { verifies } from "./requirements.js";

const onPath = (program: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const probe = await openCheckSandbox({
  project: tmpdir(),
  runDir: mkdtempSync(join(tmpdir(), "goalpost-probe-")),
  readable: [],
  unreadable: [],
});
const unavailable = "unavailable" in probe ? probe.unavailable : null;
if (unavailable) console.warn(`project-shapes: no sandbox here (${unavailable}); skipped`);

let repo = "";
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd: repo, stdio: "pipe" });

beforeAll(() => {
  if (unavailable) return;
  // One repository, the shapes as its folders: a session in a shape's folder runs the top's runners.
  repo = mkdtempSync(join(tmpdir(), "goalpost-shapes-"));
  writeFileSync(
    join(repo, "package.json"),
    `${JSON.stringify({ name: "shapes", private: true, devDependencies: RUNNERS }, null, 2)}\n`,
  );
  writeFileSync(join(repo, ".gitignore"), "node_modules/\n");
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
    cwd: repo,
    stdio: "pipe",
    timeout: 300_000,
  });
  for (const shape of SHAPES)
    for (const [path, text] of Object.entries(shape.files)) {
      const file = join(repo, shape.name, path);
      mkdirSync(dirname(file), { recursive: true });
      // Each starts with its bug.
      writeFileSync(file, path === shape.file ? text.replace(shape.fixed, shape.buggy) : text);
    }
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "the shapes, each with its bug");
}, 360_000);
afterAll(() => {
  if (repo) rmSync(repo, { recursive: true, force: true });
});

/** A virtual environment with pytest, as `python3 -m venv` and an editable install would leave it. */
function virtualEnvironment(project: string): string {
  execFileSync("python3", ["-m", "venv", "--system-site-packages", ".venv"], { cwd: project });
  const python = join(project, ".venv", "bin", "python");
  const site = execFileSync(python, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], {
    encoding: "utf8",
  }).trim();
  writeFileSync(join(site, "_shape_editable.pth"), `${join(project, "src")}\n`);
  writeFileSync(
    join(project, ".venv", "bin", "pytest"),
    `#!${python}\nimport sys\nfrom pytest import console_main\nsys.exit(console_main())\n`,
  );
  chmodSync(join(project, ".venv", "bin", "pytest"), 0o755);
  return join(project, ".venv", "bin");
}

async function verifyShape(shape: ProjectShape) {
  const cwd = join(repo, shape.name);
  const searchPath = [shape.name === "pytest" ? virtualEnvironment(cwd) : null, process.env["PATH"]].filter(Boolean).join(":");
  const store = createGoalStore({ root: join(mkdtempSync(join(tmpdir(), "goalpost-shape-state-")), "state") });
  const requests: VerificationRequest[] = [];
  const startVerification = (request: VerificationRequest) => requests.push(request);
  const engine = createGoalEngine({ store, startVerification });
  const identity = { sessionId: `shape-${shape.name}`, host: "test", cwd };
  engine.handle({
    type: "prompt-submitted",
    ...identity,
    prompt: `/goal ${shape.goal ?? "fix the bug; done when the tests pass"}`,
    searchPath,
  });
  const goal = () => store.read(identity.sessionId)!.goals.at(-1)!;
  expect(goal().checks.map((check) => check.command)).toEqual([shape.check]);

  const start = await runStartingPoint(store, requests.find((request) => request.task === "start")!);
  expect(start).toMatchObject({ state: "done", summary: expect.stringMatching(/fail/) });

  const tools = createGoalTools(store, { startVerification });
  tools.update(identity, {
    status: "active",
    doneSoFar: [`Changed ${shape.file} to fix the bug the tests show`],
    validationProof: ["the project's own tests cover the bug"],
    verificationResults: [`${shape.check}: the tests ran`],
    inspectionEvidence: [`Read ${shape.file} and the tests that cover it`],
    completionAudit: ["Checked the fix against the objective"],
  });
  store.update(identity, (session) => {
    const current = session.goals.at(-1)!;
    session.goals[session.goals.length - 1] = {
      ...current,
      toolHistory: [{ at: new Date().toISOString(), tool: "Edit", kind: "action", summary: `Edit: ${shape.file}` }],
    };
  });
  const close = async () => {
    tools.close(identity, { status: "complete" });
    return (await runVerification(store, requests.at(-1)!))!;
  };

  const refused = await close();
  expect(refused.outcome, refused.run.results[0]?.output).toBe("refused");
  expect(refused.run.verdict, refused.run.results[0]?.output).toMatch(shape.refusal);

  const file = join(cwd, shape.file);
  writeFileSync(file, readFileSync(file, "utf8").replace(shape.buggy, shape.fixed));
  const closed = await close();
  expect(closed.outcome, `${closed.run.verdict}\n${closed.run.results[0]?.output}`).toBe("closed");
  expect(closed.run.results[0]?.start?.fixedCount).toBeGreaterThan(0);
  // What the work changed, named for the user: the fixed file.
  expect(closed.run.changed?.files.map((change) => change.path)).toContain(shape.file);
}

describe.skipIf(unavailable !== null)("goalpost's verifier on projects of every shape, real runners in the real sandbox", () => {
  for (const shape of SHAPES) {
    const missing = shape.needs && !onPath(shape.needs) ? shape.needs : null;
    if (missing) console.warn(`project-shapes: ${shape.name} skipped: no ${missing} on this machine`);
    it.skipIf(missing !== null)(
      `${shape.what}: the check derived, the bug refused in the runner's words, the fix closed`,
      async () => {
        verifies("VERIFIER-PROJECT-SHAPES");
        await verifyShape(shape);
      },
    );
  }
});
