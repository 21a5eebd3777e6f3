// The demo's session, the same for every host: goalpost installed by the adapter's own installer into
// a fake home, then every hook run as the installed command line with the host's payload, and the goal
// tools called through the real MCP server over stdio. Each step says what goalpost answered; a step
// that did not go as scripted is reported, and the demo fails.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AdapterDescriptor } from "@goalpost/adapter-kit";
import { createGoalStore } from "@goalpost/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execa } from "execa";
import type { Colors } from "../terminal.js";
import { type DemoHost, type DemoSession, type HookCall, type Payload, readAnswer, type ShellResult } from "./demo-host.js";

interface SessionOutcome {
  readonly sessionId: string;
  readonly stateRoot: string;
  /** The steps that did not go as scripted; empty when the demo showed everything. */
  readonly failures: readonly string[];
}

const indent = (text: string, prefix = "      ") =>
  text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");
const firstLines = (text: string, count: number) => {
  const lines = text.split("\n");
  return lines.slice(0, count).join("\n") + (lines.length > count ? `\n… (${lines.length - count} more lines)` : "");
};
const firstSentence = (text: string | null) => (text ? `${text.split(". ")[0]}.` : "");

const BUGGY_IMPORTER = "export const importCsv = (text) => text.split('\\n').filter((line) => line !== '');\n";
const FIXED_IMPORTER = "export const importCsv = (text) => text.split('\\n');\n";
const IMPORTER_TEST = `import { test } from "node:test";
import assert from "node:assert/strict";
import { importCsv } from "./importer.js";

test("keeps every line", () => assert.deepEqual(importCsv("a,1\\nb,2"), ["a,1", "b,2"]));
test("keeps a trailing empty line", () => assert.deepEqual(importCsv("a,1\\n"), ["a,1", ""]));
`;

export async function playSession(options: {
  readonly descriptor: AdapterDescriptor;
  readonly host: DemoHost;
  readonly root: string;
  readonly say: (line: string) => void;
  readonly color: Colors;
}): Promise<SessionOutcome> {
  const { descriptor, host, root, say, color } = options;
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(join(project, "src"), { recursive: true });
  // A real project with a real suite: goalpost runs `npm test` here itself, and its first run fails.
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "importer", private: true, type: "module", scripts: { test: "node --test" } }, null, 2)}\n`,
  );
  writeFileSync(join(project, "src", "importer.js"), BUGGY_IMPORTER);
  writeFileSync(join(project, "src", "importer.test.js"), IMPORTER_TEST);
  // Every hook in its own process: a demo leaves no hook server running in a fake home it removes.
  const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", GOALPOST_HOOK_SERVER: "0", ...host.env(home, project) };
  const session: DemoSession = { sessionId: `demo-${host.id}-${Date.now().toString(36)}`, project, home };
  const failures: string[] = [];
  const expectStep = (happened: boolean, what: string) => {
    if (!happened) {
      failures.push(what);
      say(color.red(`   ✗ expected: ${what}`));
    }
  };
  let calls = 0;
  const nextId = () => `call_demo${String(++calls).padStart(4, "0")}`;

  const install = await execa(process.execPath, [descriptor.binPath, "install"], {
    env,
    extendEnv: false,
    cwd: project,
    reject: false,
  });
  if (install.exitCode !== 0) throw new Error(`${descriptor.bin} install failed: ${install.stderr}`);
  say(color.bold(`1. ${descriptor.bin} install`));
  say(indent(String(install.stdout).split("\n").slice(0, 3).join("\n")));
  const commands = host.hookCommands(env);

  async function hook([event, payload]: HookCall): Promise<Payload | null> {
    const command = commands[event];
    if (!command) throw new Error(`goalpost is not installed for ${descriptor.displayName}'s ${event}`);
    const result = await execa("sh", ["-c", command], {
      cwd: project,
      env,
      extendEnv: false,
      input: JSON.stringify(payload),
      reject: false,
      timeout: 20_000,
    });
    if (result.stderr) say(indent(String(result.stderr).trim(), "      (stderr) "));
    return result.stdout ? (JSON.parse(String(result.stdout)) as Payload) : null;
  }
  const shell = async (command: string, result: ShellResult = { exitCode: 0, output: "" }) => {
    const id = nextId();
    const before = readAnswer(await hook(host.shellBefore(session, id, command)));
    const after = before.denied ? null : readAnswer(await hook(host.shellAfter(session, id, command, result)));
    return { before, after };
  };

  await hook(host.sessionStart(session, "startup"));
  const objective = "make the CSV importer stream large files; done when the tests pass";
  say(color.bold(`\n2. You type: ${host.typedGoal?.(objective) ?? host.goalPrompt(objective)}`));
  const captured = readAnswer(await hook(host.prompt(session, host.goalPrompt(objective))));
  if (captured.userNote) say(`   ${captured.userNote}`);
  expectStep(captured.userNote?.includes("`npm test`") !== false, "the user told which check goalpost will run");
  say("   The model's context now starts with:");
  say(indent(firstLines(captured.context ?? "(nothing)", 4)));
  expectStep(captured.context?.includes(objective) === true, "the goal captured and put into the model's context");

  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [descriptor.binPath, "mcp"],
    env,
    stderr: "pipe",
  });
  const client = new Client({ name: "goalpost-demo", version: "0" });
  await client.connect(transport);
  const goalTool = async (name: string, args: Payload) => {
    const id = nextId();
    const before = readAnswer(await hook(host.goalToolBefore(session, id, name, args)));
    if (before.denied) return { text: before.denied, isError: true };
    const result = await client.callTool({
      name,
      arguments: { ...args, ...host.goalToolArgs?.(session) },
      _meta: host.goalToolMeta(id),
    });
    return { text: (result.content as { text: string }[]).map((part) => part.text).join("\n"), isError: result.isError === true };
  };

  try {
    say(color.bold("\n3. The agent inspects, then opens the goal through the MCP tool goalpost_open"));
    const opened = await goalTool("goalpost_open", {
      objective: "Make src/importer.js stream large CSV files in constant memory",
      requirements: ["Files over 1 GB import in constant memory", "importCsv keeps its signature"],
      remaining: ["rewrite importCsv as a stream", "add a streaming test"],
    });
    say(indent(firstLines(opened.text, 1)));
    expectStep(!opened.isError, "goalpost_open accepted");

    say(color.bold("\n4. The agent keeps calling tools without updating the goal"));
    let warned = false;
    let denied = false;
    for (const [index, command] of [
      "cat src/importer.js",
      "ls src",
      "git log --oneline -3",
      "cat package.json",
      "rg split src",
      "wc -l src/importer.js",
    ].entries()) {
      const { before } = await shell(command);
      warned ||= before.context !== null && !before.denied;
      denied ||= before.denied !== null;
      const note = before.denied
        ? color.red(`DENIED — ${firstSentence(before.denied)}`)
        : before.context
          ? color.yellow(`allowed, with a warning: ${firstSentence(before.context)}`)
          : "allowed";
      say(`   ${String(index + 1).padStart(2)}. ${command.padEnd(24)} → ${note}`);
    }
    expectStep(warned && denied, "drift warned, then denied");

    say(color.bold("\n5. The agent records progress (goalpost_update): the drift counter resets"));
    const progress = await goalTool("goalpost_update", {
      inspectionEvidence: ["Read src/importer.js: importCsv splits the whole text in memory"],
      discoveredIssues: ["issue 1: importCsv drops a trailing empty line"],
    });
    say(indent(firstLines(progress.text, 1)));

    say(color.bold(`\n6. ${descriptor.displayName} compacts the conversation`));
    const snapshot = readAnswer(await hook(host.preCompact(session)));
    say(`   before compaction → ${snapshot.userNote ?? "the goal is snapshotted"}`);
    const after = host.afterCompact(session);
    let restoredText: string;
    if (after) restoredText = readAnswer(await hook(after)).context ?? "";
    else {
      const next = await shell("ls src");
      restoredText = next.before.context ?? next.after?.context ?? "";
    }
    say(
      `   ${after ? "after compaction" : "no hook after compaction here: at the next tool call"} → the goal is restored in full (${restoredText.length} characters):`,
    );
    say(indent(firstLines(restoredText, 6)));
    expectStep(restoredText.includes("stream"), "the goal restored after compaction");

    say(color.bold("\n7. The agent tries to stop"));
    const stop = readAnswer(await hook(host.stop(session)));
    say(`   stop → ${stop.blocked ? color.red("BLOCKED") : "allowed"}:`);
    say(indent(firstLines(stop.blocked ?? "", 3)));
    expectStep(stop.blocked !== null, "the stop blocked while the goal is open");

    say(color.bold("\n8. The agent tries to close the goal as complete (goalpost_close)"));
    const refused = await goalTool("goalpost_close", { status: "complete" });
    say(`   ${refused.isError ? color.red("REFUSED") : "accepted"}:`);
    say(indent(firstLines(refused.text, 8)));
    expectStep(refused.isError, "the close refused without evidence");

    say(color.bold("\n9. The agent edits, and the host reports a passing `npm test` (the agent's own run)"));
    await shell("sed -i 's/split/stream/' src/importer.js");
    say("   sed -i … src/importer.js → recorded as an edit (it changed nothing: the bug is still there)");
    await shell("npm test", { exitCode: 0, output: "tests 14 passed (14)" });
    say(`   npm test → ${color.green("exit 0")}: a receipt of progress, no longer proof: goalpost runs the checks itself`);

    say(color.bold("\n10. The agent records the evidence (goalpost_update)"));
    const evidence = await goalTool("goalpost_update", {
      doneSoFar: ["Rewrote importCsv in src/importer.js as a line stream"],
      validationProof: ["Imported a 2 GB generated CSV with 60 MB peak memory"],
      verificationResults: ["npm test: 14 passed, 0 failed"],
      requirementCoverage: [
        { requirement: "1", evidence: "importer.test.js 'streams a 2 GB file' passes" },
        { requirement: "2", evidence: "importCsv(text) signature unchanged; api.test.js passes" },
      ],
      issueResolutions: [
        {
          covers: ["issue 1"],
          status: "resolved",
          resolution: "The line stream keeps a trailing empty line",
          evidence: ["importer.test.js 'keeps a trailing empty line' passes"],
        },
      ],
      completionAudit: ["Both requirements and issue 1 checked against passing tests"],
      remaining: [],
    });
    say(indent(evidence.text.split("\n").at(-1) ?? ""));

    /** The agent closes, then stops: the stop waits for goalpost's own run of the checks. */
    const closeThenStop = async (step: number) => {
      say(color.bold(`\n${step}. The agent closes the goal (goalpost_close), then stops`));
      const closing = await goalTool("goalpost_close", { status: "complete" });
      say(
        `   close → ${closing.isError ? color.red("REFUSED") : "accepted"}: ${firstSentence(closing.text.replace(/^Goal \S+: /, ""))}`,
      );
      let stop = readAnswer(await hook(host.stop(session)));
      if (stop.userNote?.includes("could not sandbox")) {
        // No sandbox on this machine (Linux: bubblewrap and socat): the goal waits for the user's word.
        const why = /could not sandbox the checks \((.*)\), so/.exec(stop.userNote)?.[1] ?? "no sandbox";
        say(color.yellow(`   the goal waits for you: goalpost could not sandbox the checks here (${why}).`));
        say(color.yellow("   You type `goal: accept`: goalpost runs them once without one."));
        await hook(host.prompt(session, "goal: accept"));
        stop = readAnswer(await hook(host.stop(session)));
      }
      // A stop waits a few seconds for the verdict; on a busy machine the run can take longer, and the
      // stop is held with "verifying": the agent stops again, as a host's next turn would.
      for (let held = 0; held < 2 && stop.blocked?.includes("is still running the user's checks"); held++) {
        say(color.dim("   stop → held: goalpost is still running the checks; the agent stops again"));
        stop = readAnswer(await hook(host.stop(session)));
      }
      return { closing, stop };
    };

    const first = await closeThenStop(11);
    say(`   stop → ${first.stop.blocked ? color.red("BLOCKED") : "allowed"}:`);
    say(indent(firstLines(first.stop.blocked ?? first.stop.userNote ?? "", 3)));
    expectStep(
      !first.closing.isError && /did not pass/.test(first.stop.blocked ?? ""),
      "goalpost's own run of `npm test` fails the close the agent's receipt claimed",
    );

    say(color.bold("\n12. The agent really fixes src/importer.js"));
    writeFileSync(join(project, "src", "importer.js"), FIXED_IMPORTER);
    await shell("npm test", { exitCode: 0, output: "tests 2 passed (2)" });
    say("   src/importer.js rewritten; npm test → exit 0");

    const second = await closeThenStop(13);
    say(`   stop → ${second.stop.blocked ? color.red("BLOCKED") : color.green("allowed")}`);
    // What goalpost recorded, read from its store (not every host shows the user a stop's note).
    const goal = createGoalStore({ root: descriptor.stateRoot(env) })
      .read(session.sessionId)
      ?.goals.find((candidate) => candidate.level === "epic");
    say(
      `   the goal is ${goal?.status ?? "missing"}; goalpost's own run: ${goal?.verification?.verdict ?? "none"} (${goal?.verification?.sandbox ?? "no run"})`,
    );
    expectStep(
      second.stop.blocked === null && goal?.status === "complete" && goal.verification?.state === "passed",
      "the goal closed as complete on goalpost's own passing run, and the stop allowed",
    );
    const end = host.sessionEnd(session);
    if (end) await hook(end);
  } finally {
    await client.close();
  }
  return { sessionId: session.sessionId, stateRoot: descriptor.stateRoot(env), failures };
}
