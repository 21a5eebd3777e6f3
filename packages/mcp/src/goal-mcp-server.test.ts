// The real server as a child process over stdio, driven by the MCP SDK's own client.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createGoalEngine, createGoalStore, type GoalStore } from "@goalpost/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, afterEach, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
// A real project with a passing suite: closing as complete has goalpost run `npm test` there itself.
const project = mkdtempSync(join(tmpdir(), "goalpost-mcp-project-"));
writeFileSync(join(project, "package.json"), JSON.stringify({ name: "p", private: true, scripts: { test: "node --test" } }));
writeFileSync(join(project, "a.test.js"), 'require("node:test")("streams", () => {});\n');
const session = { sessionId: "mcp-session", host: "claude-code", cwd: project };
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(() => rmSync(project, { recursive: true, force: true }));
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(strategy: string) {
  const root = mkdtempSync(join(tmpdir(), "goalpost-mcp-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, "--root", root, "--host", "claude-code", "--session-from", strategy],
    stderr: "pipe",
  });
  const client = new Client({ name: "goalpost-test", version: "0" });
  await client.connect(transport);
  cleanups.push(() => client.close());
  const store = createGoalStore({ root });
  return { client, store, engine: createGoalEngine({ store }) };
}

/** What the PreToolUse hook does before Claude Code calls a goal tool: record the call's id with its session. */
function hookSawGoalTool(engine: ReturnType<typeof createGoalEngine>, toolUseId: string, tool: string, subagent = false) {
  engine.handle({
    ...session,
    type: "tool-about-to-run",
    toolName: `mcp__goalpost__${tool}`,
    toolInput: {},
    toolUseId,
    subagent,
  });
}

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as { type: string; text: string }[]).map((part) => part.text).join("\n");
}

let ids = 0;
async function call(
  client: Client,
  engine: ReturnType<typeof createGoalEngine>,
  name: string,
  args: Record<string, unknown>,
  subagent = false,
) {
  const toolUseId = `toolu_${++ids}`;
  hookSawGoalTool(engine, toolUseId, name, subagent);
  return client.callTool({ name, arguments: args, _meta: { "claudecode/toolUseId": toolUseId } });
}

function seedReceipts(store: GoalStore, engine: ReturnType<typeof createGoalEngine>) {
  engine.handle({
    ...session,
    type: "tool-ran",
    toolName: "Read",
    toolInput: { file_path: "/work/project/src/a.ts" },
    succeeded: true,
  });
  engine.handle({
    ...session,
    type: "tool-ran",
    toolName: "Edit",
    toolInput: { file_path: "/work/project/src/a.ts" },
    succeeded: true,
  });
  const npmTest = { toolName: "Bash", toolInput: { command: "npm test" }, toolUseId: "seed-npm-test" };
  engine.handle({ ...session, type: "tool-about-to-run", ...npmTest });
  engine.handle({ ...session, type: "tool-ran", ...npmTest, succeeded: true, output: "3 passed" });
  return store;
}

describe("goalpost MCP server over stdio", { timeout: 30_000 }, () => {
  it("reports the version its package.json says, as `changeset version` left it", async () => {
    const { client } = await connect("tool-use-id");
    const { readFileSync } = await import("node:fs");
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(client.getServerVersion()).toEqual({ name: "goalpost", version });
  });

  it("lists the four goal tools with input schemas derived from the core and descriptions that teach the protocol", async () => {
    const { client } = await connect("tool-use-id");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "goalpost_close",
      "goalpost_open",
      "goalpost_status",
      "goalpost_update",
    ]);
    const update = tools.find((tool) => tool.name === "goalpost_update")!;
    expect(update.description).toMatch(/remaining and blockers are replaced whole/);
    expect(Object.keys(update.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["doneSoFar", "remaining", "issueResolutions", "requirementCoverage"]),
    );
    const close = tools.find((tool) => tool.name === "goalpost_close")!;
    expect(JSON.stringify(close.inputSchema)).toContain('"complete"');
  });

  it("ties calls to the session through the tool-use id the hook recorded: open, refused close, close with evidence", async () => {
    const { client, store, engine } = await connect("tool-use-id");
    const opened = await call(client, engine, "goalpost_open", {
      objective: "Stream large files",
      requirements: ["constant memory"],
    });
    expect(opened.isError).toBeFalsy();
    expect(text(opened)).toMatch(/^Goal goal_\S+ is open: Stream large files/);

    const refused = await call(client, engine, "goalpost_close", { status: "complete" });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/Refusing to mark goal \S+ complete/);
    expect(text(refused)).toMatch(/Requirement 1 \("constant memory"\) has no coverage evidence/);
    expect(text(refused)).toMatch(/goalpost has not run the checks \(`npm test`\) yet/);

    seedReceipts(store, engine);
    const updated = await call(client, engine, "goalpost_update", {
      doneSoFar: ["Rewrote src/a.ts as a stream pipeline"],
      inspectionEvidence: ["Read src/a.ts and its tests"],
      validationProof: ["Imported a 2 GB fixture at 80 MB peak"],
      verificationResults: ["npm test: 3 passed, 0 failed"],
      requirementCoverage: [{ requirement: "1", evidence: "a.test.ts 'streams 2 GB' passes" }],
      completionAudit: ["Requirement 1 checked against the passing test"],
    });
    expect(text(updated)).toMatch(/- goalpost has not run the checks \(`npm test`\) yet/);
    // The close starts goalpost's own run of the project's tests, in the server's process; the goal
    // closes when it passes.
    const closed = await call(client, engine, "goalpost_close", { status: "complete" });
    expect(closed.isError).toBeFalsy();
    expect(text(closed)).toMatch(/goalpost is now running the user's checks itself \(`npm test`\)/);
    const deadline = Date.now() + 20_000;
    while (store.read(session.sessionId)!.goals[0]!.status !== "complete" && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.read(session.sessionId)!.goals[0]).toMatchObject({
      status: "complete",
      verification: { state: "passed", verdict: expect.stringMatching(/node:test reports 1 passed/) },
    });
  });

  it("refuses a call it cannot tie to a session, and a subagent's call", async () => {
    const { client, engine } = await connect("tool-use-id");
    const orphan = await client.callTool({ name: "goalpost_status", arguments: {} });
    expect(orphan.isError).toBe(true);
    expect(text(orphan)).toMatch(/carries no tool-use id/);
    const unknown = await client.callTool({
      name: "goalpost_status",
      arguments: {},
      _meta: { "claudecode/toolUseId": "toolu_never_seen" },
    });
    expect(text(unknown)).toMatch(/no record of tool call toolu_never_seen/);
    const fromSubagent = await call(client, engine, "goalpost_open", { objective: "sneaky" }, true);
    expect(fromSubagent.isError).toBe(true);
    expect(text(fromSubagent)).toMatch(/belong to the main session/);
  });

  it("refuses an update that changes nothing, naming the fields that count", async () => {
    const { client, engine } = await connect("tool-use-id");
    await call(client, engine, "goalpost_open", { objective: "Stream large files" });
    const empty = await call(client, engine, "goalpost_update", { doneSoFar: [] });
    expect(empty.isError).toBe(true);
    expect(text(empty)).toMatch(
      /The update changed nothing\. An update must add or change at least one of: objective, status, doneSoFar/,
    );
  });

  it("accepts sessionId and cwd arguments only for a session goalpost knows in that directory", async () => {
    const { client, engine } = await connect("arguments");
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === "goalpost_status")!.inputSchema.required).toEqual(["sessionId", "cwd"]);
    const stranger = await client.callTool({
      name: "goalpost_status",
      arguments: { sessionId: "made-up", cwd: "/work/project" },
    });
    expect(text(stranger)).toMatch(/knows no session made-up/);
    engine.handle({ ...session, type: "prompt-submitted", prompt: "/goal stream large files" });
    const known = await client.callTool({
      name: "goalpost_status",
      arguments: { sessionId: session.sessionId, cwd: session.cwd },
    });
    expect(known.isError).toBeFalsy();
    expect(text(known)).toContain("Objective: stream large files");
  });

  it("ties one tool call to one MCP call: a replayed tool-use id is refused", async () => {
    const { client, engine } = await connect("tool-use-id");
    engine.handle({ ...session, type: "prompt-submitted", prompt: "/goal stream large files" });
    hookSawGoalTool(engine, "toolu_once", "goalpost_status");
    const first = await client.callTool({
      name: "goalpost_status",
      arguments: {},
      _meta: { "claudecode/toolUseId": "toolu_once" },
    });
    expect(first.isError).toBeFalsy();
    const replay = await client.callTool({
      name: "goalpost_status",
      arguments: {},
      _meta: { "claudecode/toolUseId": "toolu_once" },
    });
    expect(replay.isError).toBe(true);
    expect(text(replay)).toMatch(/already used/);
  });

  it("refuses a _meta session id goalpost's hooks have never seen", async () => {
    const { client } = await connect("meta");
    const made_up = await client.callTool({ name: "goalpost_status", arguments: {}, _meta: { sessionId: "made-up" } });
    expect(made_up.isError).toBe(true);
    expect(text(made_up)).toMatch(/have not seen session made-up/);
  });

  it("reads the session from _meta.sessionId (Codex)", async () => {
    const { client, engine } = await connect("meta");
    engine.handle({ ...session, type: "prompt-submitted", prompt: "/goal stream large files" });
    const status = await client.callTool({
      name: "goalpost_status",
      arguments: {},
      _meta: {
        sessionId: session.sessionId,
        threadId: session.sessionId,
        "x-codex-turn-metadata": { workspaces: { [session.cwd]: {} } },
      },
    });
    expect(text(status)).toContain('status="draft"');
  });
});
