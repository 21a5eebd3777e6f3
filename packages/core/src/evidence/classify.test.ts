import { describe, expect, it } from "vitest";
import { classifyCommand, isMutatingCommand } from "./classify-command.js";
import { classifyToolCall } from "./classify-tool-call.js";
import { bareToolName, goalToolName, isGoalpostCommand } from "./goal-tool-names.js";

describe("classifyToolCall across hosts", () => {
  it.each([
    // Claude Code
    ["Read", { file_path: "/p/src/a.ts" }, "inspection"],
    ["Grep", { pattern: "x" }, "inspection"],
    ["Glob", { pattern: "**/*.ts" }, "inspection"],
    ["Edit", { file_path: "/p/src/a.ts" }, "action"],
    ["Write", { file_path: "/p/src/b.ts" }, "action"],
    ["MultiEdit", { file_path: "/p/src/a.ts" }, "action"],
    ["Bash", { command: "npm test" }, "verification"],
    ["Bash", { command: "cat src/a.ts | head -20" }, "inspection"],
    // Codex
    ["apply_patch", { command: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch" }, "action"],
    ["Bash", { command: "cargo test --all" }, "verification"],
    // Copilot CLI
    ["view", { path: "/p/src/a.ts" }, "inspection"],
    ["edit", { path: "/p/src/a.ts" }, "action"],
    ["create", { path: "/p/src/c.ts" }, "action"],
    ["bash", { command: "pytest -q" }, "verification"],
    ["glob", { pattern: "*.py" }, "inspection"],
    // VS Code
    ["read_file", { filePath: "/p/src/a.ts" }, "inspection"],
    ["grep_search", { query: "x" }, "inspection"],
    ["file_search", { query: "*.ts" }, "inspection"],
    ["list_dir", { path: "/p" }, "inspection"],
    ["replace_string_in_file", { filePath: "/p/src/a.ts" }, "action"],
    ["create_file", { filePath: "/p/src/d.ts" }, "action"],
    ["run_in_terminal", { command: "npx tsc --noEmit" }, "verification"],
    ["runTests", {}, "verification"],
    // goalpost's own tools under every host's prefix
    ["mcp__goalpost__goalpost_update", {}, "goal"],
    ["mcp_goalpost_goalpost_status", {}, "goal"],
    ["goalpost-goalpost_close", {}, "goal"],
    ["mcp__plugin_goalpost_goalpost__goalpost_open", {}, "goal"],
    ["Bash", { command: "npx goalpost status" }, "goal"],
    ["Read", { file_path: "/home/u/.claude/goalpost/by-session/s.json" }, "goal"],
    ["Agent", { prompt: "x" }, "other"],
  ] as const)("%s %j → %s", (tool, input, kind) => {
    expect(classifyToolCall(tool, input).kind).toBe(kind);
  });

  it("marks edits, shell mutations and task tools", () => {
    expect(classifyToolCall("Edit", { file_path: "a" }).edits).toBe(true);
    expect(classifyToolCall("Bash", { command: "sed -i s/a/b/ x.ts" }).edits).toBe(true);
    expect(classifyToolCall("Bash", { command: "echo done" }).edits).toBe(false);
    expect(classifyToolCall("TodoWrite", { todos: [] }).tasks).toBe(true);
    expect(classifyToolCall("manage_todo_list", {}).tasks).toBe(true);
    expect(classifyToolCall("apply_patch", { command: "*** Begin Patch\n*** Add File: n.ts\n*** End Patch" }).paths).toEqual([
      "n.ts",
    ]);
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

  it("strips MCP prefixes and spots the CLI", () => {
    expect(bareToolName("mcp__github__create_issue")).toBe("create_issue");
    expect(isGoalpostCommand("goalpost-claude-code hook Stop")).toBe(true);
    expect(isGoalpostCommand("npm run goalposts")).toBe(false);
  });
});
