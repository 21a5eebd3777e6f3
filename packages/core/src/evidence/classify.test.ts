import { describe, expect, it } from "vitest";
import { defineHostProfile } from "../host/host-profile.js";
import { classifyCommand, isMutatingCommand } from "./classify-command.js";
import { createToolClassifier } from "./classify-tool-call.js";
import { goalToolInvocation, goalToolName, mentionsGoalpost } from "./goal-tool-names.js";

// Profiles as adapters write them: the classifier knows a host's tools only through its profile.
const claudeLike = defineHostProfile({
  host: "claude-like",
  tools: { shell: ["Bash"], read: ["Read", "Grep", "Glob"], edit: ["Edit", "Write", "MultiEdit"], task: ["TodoWrite"] },
  mcpToolName: "^mcp__(?:plugin_[^_]+_)?[^_]+(?:_[^_]+)*?__(.+)$",
});
const vscodeLike = defineHostProfile({
  host: "vscode-like",
  tools: {
    shell: ["run_in_terminal"],
    read: ["read_file", "grep_search", "list_dir"],
    edit: ["replace_string_in_file", "create_file", "apply_patch"],
    test: ["runTests"],
    task: ["manage_todo_list"],
  },
});
const STATE_ROOT = "/home/u/.claude/goalpost";
const claude = createToolClassifier(claudeLike, { stateRoot: STATE_ROOT });
const vscode = createToolClassifier(vscodeLike, { stateRoot: STATE_ROOT });

describe("tool calls judged through the host's profile", () => {
  it.each([
    [claude, "Read", { file_path: "/p/src/a.ts" }, "inspection"],
    [claude, "Grep", { pattern: "x" }, "inspection"],
    [claude, "Edit", { file_path: "/p/src/a.ts" }, "action"],
    [claude, "MultiEdit", { file_path: "/p/src/a.ts" }, "action"],
    [claude, "Bash", { command: "npm test" }, "verification"],
    [claude, "Bash", { command: "cat src/a.ts | head -20" }, "inspection"],
    [claude, "Bash", { command: "cargo test --all" }, "verification"],
    [vscode, "read_file", { filePath: "/p/src/a.ts" }, "inspection"],
    [vscode, "replace_string_in_file", { filePath: "/p/src/a.ts" }, "action"],
    [vscode, "apply_patch", { input: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch" }, "action"],
    [vscode, "run_in_terminal", { command: "npx tsc --noEmit" }, "verification"],
    [vscode, "runTests", {}, "verification"],
    // Another host's names mean nothing here: unknown tools are never evidence.
    [claude, "read_file", { filePath: "/p/src/a.ts" }, "other"],
    [vscode, "Bash", { command: "npm test" }, "other"],
    // goalpost's own tools under every host's prefix, its CLI, and its state files.
    [claude, "mcp__goalpost__goalpost_update", {}, "goal"],
    [vscode, "mcp_goalpost_goalpost_status", {}, "goal"],
    [vscode, "goalpost-goalpost_close", {}, "goal"],
    [claude, "mcp__plugin_goalpost_goalpost__goalpost_open", {}, "goal"],
    [claude, "Bash", { command: "npx goalpost status" }, "goal"],
    [claude, "Read", { file_path: `${STATE_ROOT}/by-session/s.json` }, "goal"],
    [claude, "Read", { file_path: "/home/u/.claude/goalpost-notes.md" }, "inspection"],
    [claude, "Agent", { prompt: "x" }, "other"],
  ] as const)("%#: %s %j → %s", (classifier, tool, input, kind) => {
    expect(classifier.classify(tool, input).kind).toBe(kind);
  });

  it("marks edits, shell mutations and task tools", () => {
    expect(claude.classify("Edit", { file_path: "a" }).edits).toBe(true);
    expect(claude.classify("Bash", { command: "sed -i s/a/b/ x.ts" }).edits).toBe(true);
    expect(claude.classify("Bash", { command: "echo done" }).edits).toBe(false);
    expect(claude.classify("TodoWrite", { todos: [] }).tasks).toBe(true);
    expect(vscode.classify("manage_todo_list", {}).tasks).toBe(true);
    expect(vscode.classify("apply_patch", { input: "*** Begin Patch\n*** Add File: n.ts\n*** End Patch" }).paths).toEqual([
      "n.ts",
    ]);
  });

  it("strips the host's MCP prefix to the bare tool name", () => {
    expect(claude.describe("mcp__github__create_issue", {}).tool).toBe("create_issue");
    expect(vscode.describe("mcp__github__create_issue", {}).tool).toBe("mcp__github__create_issue");
  });

  it("falls back to a generic profile for a harness that gives none", () => {
    const generic = createToolClassifier();
    expect(generic.classify("bash", { command: "npm test" }).kind).toBe("verification");
    expect(generic.classify("write_file", { path: "a.ts" }).kind).toBe("action");
  });
});

describe("classifyCommand", () => {
  it.each([
    ["npm test", "test"],
    ["pnpm -r test", "test"],
    ["yarn test:unit", "test"],
    ["CI=1 npx vitest run", "test"],
    ["cd pkg && go test ./...", "test"],
    ["python -m pytest tests/", "test"],
    ["make check", "test"],
    ["node --test", "test"],
    ["tsc --noEmit -p .", "typecheck"],
    ["npm run typecheck", "typecheck"],
    ["mypy src", "typecheck"],
    ["eslint .", "lint"],
    ["npx biome check .", "lint"],
    ["ruff check", "lint"],
    ["cargo clippy", "lint"],
    ["npm run build", "build"],
    ["cargo build --release", "build"],
    ["tsc -p tsconfig.json", "build"],
  ])("%s verifies (%s)", (command, category) => {
    expect(classifyCommand(command)).toEqual({ kind: "verification", category });
  });

  it.each(["cat a.ts", "rg foo src", "git diff HEAD~1", "ls -la && git status", "sed -n 1,20p a.ts"])(
    "%s inspects",
    (command) => {
      expect(classifyCommand(command).kind).toBe("inspection");
    },
  );

  it.each(["node script.js", "echo hi > out.txt", "mkdir -p x", "git commit -m x"])("%s acts", (command) => {
    expect(classifyCommand(command).kind).toBe("action");
  });

  it("tells mutating commands apart", () => {
    expect(isMutatingCommand("npm test 2>&1 | tail")).toBe(false);
    expect(isMutatingCommand("npm test > /dev/null")).toBe(false);
    expect(isMutatingCommand("cat a > b")).toBe(true);
    expect(isMutatingCommand("git checkout -- src")).toBe(true);
  });
});

describe("goal tool names", () => {
  it("recognises goalpost tools whatever the prefix, and nothing else", () => {
    expect(goalToolName("goalpost_status")).toBe("goalpost_status");
    expect(goalToolName("mcp__goalpost__goalpost_close")).toBe("goalpost_close");
    expect(goalToolName("goalpost/goalpost_update")).toBe("goalpost_update");
    expect(goalToolName("goalpost(goalpost_open)")).toBe("goalpost_open");
    expect(goalToolName("my_goalpost_statusx")).toBeNull();
    expect(goalToolName("Bash")).toBeNull();
  });

  it("a shell goal tool is one direct run of a goalpost bin, and nothing else", () => {
    expect(goalToolInvocation(`goalpost-claude-code update '{"doneSoFar":["x"]}'`)).toEqual({
      verb: "update",
      args: ['{"doneSoFar":["x"]}'],
    });
    expect(goalToolInvocation('"goalpost-claude-code" status')).toEqual({ verb: "status", args: [] });
    expect(goalToolInvocation("node /opt/gp/dist/goalpost-claude-code.js close - <<'EOF'\n{}\nEOF")).toEqual({
      verb: "close",
      args: ["-"],
    });
    for (const command of [
      "rm -rf src; echo goalpost-claude-code",
      "git push --force # goalpost-claude-code",
      "goalpost-claude-code hook PostToolUse",
      "echo '{}' | goalpost-claude-code update -",
      "bash -c 'goalpost-claude-code update {}'",
      "$G update '{}'",
      "`which goalpost-claude-code` update '{}'",
      "goalpost-claude-code update '{}' > /tmp/x",
      "goalpost-claude-code update '{}' && rm -rf src",
    ])
      expect(goalToolInvocation(command), command).toBeNull();
    expect(mentionsGoalpost('"goal"post-claude-code')).toBe(false);
    expect(mentionsGoalpost("x=GOALPOST; $x")).toBe(true);
  });
});
