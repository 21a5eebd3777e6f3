// `goalpost demo`: a scripted Claude Code session through a fake Claude Code home, with no network and
// no model. goalpost is installed by its own installer; every hook runs as the installed command line
// with a payload the real Claude Code sent (recorded fixtures, session and tool details swapped in);
// goal tools go through the real MCP server over stdio. The transcript says what goalpost answered.
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execa } from "execa";
import { CLAUDE_CODE_BIN, CLAUDE_CODE_FIXTURES } from "./claude-code-host.js";

interface HookAnswer {
  decision?: string;
  reason?: string;
  systemMessage?: string;
  hookSpecificOutput?: { additionalContext?: string; permissionDecision?: string; permissionDecisionReason?: string };
}

const bold = (text: string) => (process.stdout.isTTY ? `\u001b[1m${text}\u001b[22m` : text);
const indent = (text: string, prefix = "      ") =>
  text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");
const firstLines = (text: string, count: number) => {
  const lines = text.split("\n");
  return lines.slice(0, count).join("\n") + (lines.length > count ? `\n… (${lines.length - count} more lines)` : "");
};

export async function runDemo(options: { keep?: boolean; write?: (line: string) => void } = {}): Promise<{ stateFile: string }> {
  const say = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const root = mkdtempSync(join(tmpdir(), "goalpost-demo-"));
  const home = join(root, "home");
  const configDir = join(home, ".claude");
  const project = join(root, "project");
  mkdirSync(configDir, { recursive: true });
  mkdirSync(join(project, "src"), { recursive: true });
  writeFileSync(join(project, "src", "importer.js"), "export const importCsv = (text) => text.split('\\n');\n");
  const env = {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    HOME: home,
    CLAUDE_CONFIG_DIR: configDir,
    CLAUDE_PROJECT_DIR: project,
  };
  const sessionId = randomUUID();
  let toolUses = 0;

  const template = (name: string) =>
    JSON.parse(readFileSync(join(CLAUDE_CODE_FIXTURES, `claude-code-${name}.json`), "utf8")) as Record<string, unknown>;
  const settings = () =>
    JSON.parse(readFileSync(join(configDir, "settings.json"), "utf8")) as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };

  async function hook(event: string, fixture: string, fields: Record<string, unknown> = {}): Promise<HookAnswer | null> {
    const command = settings()
      .hooks[event]?.flatMap((group) => group.hooks)
      .find((handler) => handler.command.includes("goalpost-claude-code"))?.command;
    if (!command) throw new Error(`goalpost is not installed for ${event}`);
    const payload = {
      ...template(fixture),
      session_id: sessionId,
      cwd: project,
      transcript_path: join(configDir, "projects", `${sessionId}.jsonl`),
      ...fields,
    };
    const result = await execa("sh", ["-c", command], {
      cwd: project,
      env,
      extendEnv: false,
      input: JSON.stringify(payload),
      reject: false,
      timeout: 20_000,
    });
    if (result.stderr) say(indent(String(result.stderr).trim(), "      (stderr) "));
    return result.stdout ? (JSON.parse(String(result.stdout)) as HookAnswer) : null;
  }

  const tool = async (name: string, input: Record<string, unknown>, result?: { failed?: string; response?: unknown }) => {
    const toolUseId = `toolu_demo${String(++toolUses).padStart(4, "0")}`;
    const fixture =
      name === "Bash" ? "PreToolUse-Bash" : name.startsWith("mcp__") ? "PreToolUse-mcp-goalpost" : "PreToolUse-Write";
    const before = await hook("PreToolUse", fixture, { tool_name: name, tool_input: input, tool_use_id: toolUseId });
    const denied = before?.hookSpecificOutput?.permissionDecision === "deny";
    if (!denied && !name.startsWith("mcp__")) {
      if (result?.failed)
        await hook("PostToolUseFailure", "PostToolUseFailure-Bash", {
          tool_name: name,
          tool_input: input,
          tool_use_id: toolUseId,
          error: result.failed,
        });
      else
        await hook("PostToolUse", name === "Bash" ? "PostToolUse-Bash" : "PostToolUse-Write", {
          tool_name: name,
          tool_input: input,
          tool_use_id: toolUseId,
          tool_response: result?.response ?? { stdout: "", stderr: "", interrupted: false, isImage: false },
        });
    }
    return { before, denied, toolUseId };
  };

  say(bold("goalpost demo — a scripted Claude Code session through a fake home (no network, no model)"));
  say(`fake home: ${home}\nproject:   ${project}\n`);

  const install = await execa(process.execPath, [CLAUDE_CODE_BIN, "install"], { env, extendEnv: false, reject: false });
  if (install.exitCode !== 0) throw new Error(`install failed: ${install.stderr}`);
  say(bold("1. goalpost-claude-code install"));
  say(indent(String(install.stdout).split("\n").slice(0, 2).join("\n")));

  await hook("SessionStart", "SessionStart-startup");
  say(bold("\n2. You type: /goal make the CSV importer stream large files"));
  const captured = await hook("UserPromptSubmit", "UserPromptSubmit-goal", {
    prompt: "/goal make the CSV importer stream large files",
  });
  say(`   ${captured?.systemMessage ?? "goalpost: (no answer)"}`);
  say("   The model's context now starts with:");
  say(indent(firstLines(captured?.hookSpecificOutput?.additionalContext ?? "", 4)));

  const transport = new StdioClientTransport({ command: process.execPath, args: [CLAUDE_CODE_BIN, "mcp"], env, stderr: "pipe" });
  const client = new Client({ name: "goalpost-demo", version: "0" });
  await client.connect(transport);
  const goalTool = async (name: string, args: Record<string, unknown>) => {
    const { toolUseId } = await tool(`mcp__goalpost__${name}`, args);
    const result = await client.callTool({ name, arguments: args, _meta: { "claudecode/toolUseId": toolUseId } });
    const text = (result.content as { text: string }[]).map((part) => part.text).join("\n");
    return { text, isError: result.isError === true };
  };

  try {
    say(bold("\n3. The agent inspects, then opens the goal through the MCP tool goalpost_open"));
    const opened = await goalTool("goalpost_open", {
      objective: "Make src/importer.js stream large CSV files in constant memory",
      requirements: ["Files over 1 GB import in constant memory", "importCsv keeps its signature"],
      remaining: ["rewrite importCsv as a stream", "add a streaming test"],
    });
    say(indent(firstLines(opened.text, 1)));

    say(bold("\n4. The agent keeps calling tools without updating the goal"));
    for (const [index, command] of [
      "cat src/importer.js",
      "ls src",
      "git log --oneline -3",
      "cat package.json",
      "rg split src",
      "wc -l src/importer.js",
    ].entries()) {
      const { before, denied } = await tool("Bash", { command, description: "look around" });
      const note = denied
        ? `DENIED — ${before?.hookSpecificOutput?.permissionDecisionReason?.split(". ")[0]}.`
        : before?.hookSpecificOutput?.additionalContext
          ? `allowed, with a warning: ${before.hookSpecificOutput.additionalContext.split(". ")[0]}.`
          : "allowed";
      say(`   ${String(index + 1).padStart(2)}. Bash ${command.padEnd(24)} → ${note}`);
    }

    say(bold("\n5. The agent records progress (goalpost_update): the drift counter resets"));
    const progress = await goalTool("goalpost_update", {
      inspectionEvidence: ["Read src/importer.js: importCsv splits the whole text in memory"],
      discoveredIssues: ["issue 1: importCsv drops a trailing empty line"],
    });
    say(indent(firstLines(progress.text, 1)));

    say(bold("\n6. Claude Code compacts the conversation"));
    const snapshot = await hook("PreCompact", "PreCompact-manual");
    say(`   PreCompact → ${snapshot?.systemMessage ?? "(nothing)"}`);
    await hook("SubagentStop", "SubagentStop-compaction");
    const restored = await hook("SessionStart", "SessionStart-compact");
    const restoredText = restored?.hookSpecificOutput?.additionalContext ?? "";
    say(`   SessionStart(compact) → the goal is restored in full (${restoredText.length} characters):`);
    say(indent(firstLines(restoredText, 8)));

    say(bold("\n7. The agent tries to stop"));
    const stop = await hook("Stop", "Stop-first");
    say(`   Stop → ${stop?.decision === "block" ? "BLOCKED" : "allowed"}:`);
    say(indent(firstLines(stop?.reason ?? "", 3)));

    say(bold("\n8. The agent tries to close the goal as complete (goalpost_close)"));
    const refused = await goalTool("goalpost_close", { status: "complete" });
    say(`   ${refused.isError ? "REFUSED" : "accepted"}:`);
    say(indent(refused.text));

    say(bold("\n9. The agent does the work: an edit, then the tests (the host reports the result)"));
    await tool(
      "Write",
      { file_path: join(project, "src", "importer.js"), content: "// streaming importer\n" },
      { response: { type: "update", filePath: join(project, "src", "importer.js") } },
    );
    say("   Write src/importer.js → recorded as an edit");
    await tool(
      "Bash",
      { command: "npm test", description: "run the tests" },
      { response: { stdout: "tests 14 passed (14)", stderr: "", interrupted: false, isImage: false } },
    );
    say("   Bash npm test → passed: recorded as a verification receipt");

    say(bold("\n10. The agent records the evidence (goalpost_update)"));
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
          evidence: ["importer.test.js 'keeps trailing empty line' passes"],
        },
      ],
      completionAudit: ["Both requirements and issue 1 checked against passing tests"],
      remaining: [],
    });
    say(indent(evidence.text.split("\n").at(-1) ?? ""));

    say(bold("\n11. The agent closes the goal (goalpost_close)"));
    const closed = await goalTool("goalpost_close", { status: "complete" });
    say(`   ${closed.isError ? "REFUSED" : "accepted"}: ${closed.text}`);

    say(bold("\n12. The agent stops"));
    const finalStop = await hook("Stop", "Stop-first");
    say(`   Stop → ${finalStop?.decision === "block" ? "BLOCKED" : "allowed: the goal is closed"}`);
    await hook("SessionEnd", "SessionEnd-other");
  } finally {
    await client.close();
  }

  const stateFile = join(configDir, "goalpost", "by-session", `${sessionId}.json`);
  say(bold("\nState"));
  say(`   goal file: ${stateFile}`);
  say(`   audit log: ${join(configDir, "goalpost", "audit.log")}`);
  if (!options.keep) {
    rmSync(root, { recursive: true, force: true });
    say("   (the fake home was removed; run `goalpost demo --keep` to keep it)");
  }
  return { stateFile };
}
