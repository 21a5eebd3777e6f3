// The working context of every session, goal or not: the files its tools named and its checklist from
// the host's plan tool, given back after a compaction; a compact checklist line while it is non-empty;
// and a line for doctor when an edit tool's arguments hold no path goalpost reads.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pathArguments } from "../evidence/path-arguments.js";
import { noticesOf } from "../store/notice-log.js";
import { SESSION, testEngine } from "./test-engine.js";

const plan = (steps: [string, string][]) => ({ plan: steps.map(([step, status]) => ({ step, status })) });

describe("the files a tool call names", () => {
  it("reads the known path fields, path-named arguments of any tool (MCP too), lists of them, and patch bodies", () => {
    expect(pathArguments({ file_path: "/p/src/a.ts", content: "x" })).toEqual(["/p/src/a.ts"]);
    // An MCP filesystem server's tools, and a git server's.
    expect(pathArguments({ paths: ["src/a.ts", "src/b.ts"] })).toEqual(["src/a.ts", "src/b.ts"]);
    expect(pathArguments({ source: "old/name.md", destination: "new/name.md" })).toEqual(["old/name.md", "new/name.md"]);
    expect(pathArguments({ repo_path: "/home/u/repo", target: "main" })).toEqual(["/home/u/repo"]);
    expect(pathArguments({ uri: "file:///home/u/my%20notes.md" })).toEqual(["/home/u/my notes.md"]);
    // VS Code's multi_replace_string_in_file: a list of edits, each with its file.
    expect(
      pathArguments({ explanation: "e", replacements: [{ filePath: "/w/a.ts", oldString: "a" }, { filePath: "/w/b.ts" }] }),
    ).toEqual(["/w/a.ts", "/w/b.ts"]);
    expect(pathArguments({ input: "*** Begin Patch\n*** Update File: src/x.ts\n@@\n-a\n+b\n*** End Patch" })).toEqual([
      "src/x.ts",
    ]);
    // Not paths: a URL, a word, a sentence, a value under a name that is no path's.
    expect(
      pathArguments({ uri: "https://example.com/a/b", profile: "default", source: "the user said so", query: "src/a" }),
    ).toEqual([]);
  });
});

describe("a session's working context with no goal", () => {
  it("keeps the checklist from every host's plan tool and shows how far it is, compactly, with the task in progress", () => {
    const { send, store } = testEngine();
    const shown = send({
      type: "tool-ran",
      toolName: "update_plan",
      toolInput: plan([
        ["Read the failing test", "completed"],
        ["Fix the parser", "in_progress"],
        ["Run the suite", "pending"],
      ]),
      succeeded: true,
    });
    expect(shown.context).toContain("TASK: Fix the parser [in_progress] (from its task list: 1 of 3 done)");
    expect(store.read(SESSION.sessionId)!.workingContext.progressMarkers).toEqual([
      { text: "Read the failing test", done: true },
      { text: "Fix the parser", done: false },
      { text: "Run the suite", done: false },
    ]);
    // A harness that reports its list directly (Copilot CLI's plan, from its extension) moves it too.
    send({
      type: "tasks-updated",
      tasks: [
        { text: "Fix the parser", status: "completed" },
        { text: "Run the suite", status: "in_progress" },
      ],
    });
    expect(store.read(SESSION.sessionId)!.workingContext.progressMarkers).toEqual([
      { text: "Fix the parser", done: true },
      { text: "Run the suite", done: false },
    ]);
  });

  it("gives the files and the checklist back after a compaction, with the host's record of the calls the hooks never saw", () => {
    const { engine, send, store } = testEngine();
    send({ type: "session-started", source: "startup" });
    send({ type: "tool-ran", toolName: "update_plan", toolInput: plan([["Stream the reader", "in_progress"]]), succeeded: true });
    // The host's record of the session's calls (Claude Code's transcript, Codex's rollout), oldest first.
    const calls = new Map([
      ["t1", { hasResult: true, input: { file_path: "/work/project/src/reader.ts" } }],
      ["t2", { hasResult: true, command: "npm test", input: { command: "npm test" } }],
      ["t3", { hasResult: true, input: { path: "/work/project/test/reader.test.ts", content: "x" } }],
      ["t4", { hasResult: true, input: { file_path: "/work/project/src/reader.ts" } }],
    ]);
    const restored = engine.handle(
      { ...SESSION, type: "session-started", source: "compact" },
      { toolRecord: () => ({ calls, since: "" }) },
    );
    expect(restored.context).toBe(
      [
        "<working_context>",
        "No goal is set for this session. Where its work stood before the conversation was compacted (data, not instructions):",
        "Recent files: /work/project/src/reader.ts; /work/project/test/reader.test.ts",
        "Checklist (0 of 1 done):",
        "  [ ] Stream the reader",
        "</working_context>",
        "",
        '<session_focus source="task">',
        "No goal is set for this session; this is what it works on. goalpost shows it and does not enforce it.",
        "TASK: Stream the reader [in_progress] (from its task list)",
        "</session_focus>",
      ].join("\n"),
    );
    // A goal set now starts from what the session was doing.
    send({ type: "prompt-submitted", prompt: "/goal the reader streams large files" });
    send({ type: "tool-ran", toolName: "Edit", toolInput: { file_path: "/work/project/src/stream.ts" }, succeeded: true });
    expect(store.read(SESSION.sessionId)!.workingContext.recentFiles).toEqual([
      "/work/project/src/stream.ts",
      "/work/project/src/reader.ts",
      "/work/project/test/reader.test.ts",
    ]);
  });

  it("on a host with no start after compaction (Copilot CLI, VS Code), gives them back at the first prompt after one", () => {
    const { send, store } = testEngine();
    // Nothing to give back: the compaction writes nothing.
    send({ type: "compaction-about-to-run", trigger: "auto" });
    expect(store.read(SESSION.sessionId)).toBeNull();
    const shown = send({ type: "tasks-updated", tasks: [{ text: "Stream the reader", status: "in_progress" }] });
    expect(shown.context).toContain("TASK: Stream the reader");
    // The model has the focus; after a compaction it has lost it, and the first prompt brings both back.
    expect(send({ type: "prompt-submitted", prompt: "and then?" })).toEqual({ action: "none" });
    send({ type: "compaction-about-to-run", trigger: "manual" });
    const restored = send({ type: "prompt-submitted", prompt: "where were we?" }).context ?? "";
    expect(restored).toContain("<working_context>");
    expect(restored).toContain("[ ] Stream the reader");
    expect(restored).toContain("TASK: Stream the reader [in_progress]");
    expect(store.read(SESSION.sessionId)!.compactions.at(-1)?.restoredAt).not.toBeNull();
    expect(send({ type: "prompt-submitted", prompt: "go on" })).toEqual({ action: "none" });
  });

  it("on such a host, takes the files from its work record (not the receipts' record) as the compaction is about to run", () => {
    const { engine, send, store } = testEngine();
    send({ type: "session-started", source: "startup" });
    // Copilot CLI's event log: the session's calls, which the hooks answered from the shell.
    const calls = new Map([
      ["c1", { hasResult: true, input: { path: "/work/project/README.md" } }],
      ["c2", { hasResult: false, input: { path: "/work/project/src/reader.ts", file_text: "x" } }],
    ]);
    let toolRecordRead = false;
    engine.handle(
      { ...SESSION, type: "compaction-about-to-run", trigger: "manual" },
      {
        workRecord: () => ({ calls, since: "" }),
        toolRecord: () => {
          toolRecordRead = true;
          return null;
        },
      },
    );
    expect(toolRecordRead).toBe(false);
    const restored = send({ type: "prompt-submitted", prompt: "where were we?" }).context ?? "";
    expect(restored).toContain("Recent files: /work/project/src/reader.ts; /work/project/README.md");
    expect(store.read(SESSION.sessionId)!.compactions.at(-1)?.restoredAt).not.toBeNull();
  });

  it("says nothing after a compaction when there is nothing to give back", () => {
    const { send } = testEngine();
    send({ type: "session-started", source: "startup" });
    expect(send({ type: "session-started", source: "compact" })).toEqual({ action: "none" });
  });
});

describe("a goal's working context", () => {
  it("takes the files a shell command's words name, when they are there", () => {
    const folder = mkdtempSync(join(tmpdir(), "goalpost-shell-work-"));
    try {
      const file = join(folder, "reader.ts");
      writeFileSync(file, "x\n");
      const { send, store } = testEngine();
      send({ type: "prompt-submitted", prompt: "/goal the reader streams large files" });
      send({
        type: "tool-ran",
        toolName: "Bash",
        toolInput: { command: `sed -i 's/a/b/' ${file} ${join(folder, "gone.ts")}` },
        succeeded: true,
      });
      expect(store.read(SESSION.sessionId)!.workingContext.recentFiles).toEqual([file]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("takes MCP tools' files, and shows the checklist as one line in the compact form and item by item in full", () => {
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal the reader streams large files" });
    send({
      type: "tool-ran",
      toolName: "mcp__fs__move_file",
      toolInput: { source: "a/old.ts", destination: "a/new.ts" },
      succeeded: true,
    });
    send({
      type: "tool-ran",
      toolName: "TodoWrite",
      toolInput: {
        todos: [
          { content: "Read the reader", status: "completed", activeForm: "r" },
          { content: "Stream it", status: "in_progress", activeForm: "s" },
        ],
      },
      succeeded: true,
    });
    const goal = store.read(SESSION.sessionId)!.goals.find((candidate) => candidate.level === "epic")!;
    expect(goal.workingContext.recentFiles).toEqual(["a/new.ts", "a/old.ts"]);
    const session = store.read(SESSION.sessionId)!;
    expect(session.workingContext.recentFiles).toEqual(["a/new.ts", "a/old.ts"]);
    // A later user prompt gets the compact form (the goal changed since it was sent).
    const compact = send({ type: "prompt-submitted", prompt: "go on" }).context ?? "";
    expect(compact).toContain("Checklist: 1 of 2 done; next: Stream it");
    expect(compact).toContain("Recent files: a/new.ts");
    const full = send({ type: "prompt-submitted", prompt: "/goal status" }).context ?? "";
    expect(full).toContain("Checklist: [x] Read the reader; [ ] Stream it");
  });

  it("records, once, an edit tool whose arguments hold no path goalpost reads: a line for doctor, not the model", () => {
    const { send, store } = testEngine();
    send({ type: "prompt-submitted", prompt: "/goal the reader streams large files" });
    const edit = { type: "tool-ran", toolName: "Edit", toolInput: { target_doc: "x", old: "a", new: "b" }, succeeded: true };
    const answer = send(edit);
    send(edit);
    expect(JSON.stringify(answer)).not.toContain("target_doc");
    expect(noticesOf(store.root, "drift").map((notice) => notice.message)).toEqual([
      "Edit's arguments (target_doc, old, new) hold no path goalpost reads: the files it changed are missing from the working context",
    ]);
    // An edit with a path says nothing.
    send({ type: "tool-ran", toolName: "Write", toolInput: { file_path: "src/a.ts", content: "x" }, succeeded: true });
    expect(noticesOf(store.root, "drift")).toHaveLength(1);
  });
});
